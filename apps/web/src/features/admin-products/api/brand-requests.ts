import type {
  BrandRequestListResponse,
  BrandRequestResponse,
  BrandRequestStatus,
  BrandRequestValues,
  FilterKind,
  MessageResponse,
} from '@techbazaar/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export const brandRequestKeys = {
  all: ['brand-requests'] as const,
  list: (status?: BrandRequestStatus) => [...brandRequestKeys.all, status ?? 'default'] as const,
}

/** A seller's own requests (all statuses); an admin's: every seller's pending ones. */
export function useBrandRequests(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: brandRequestKeys.list(),
    queryFn: ({ signal }) =>
      api<BrandRequestListResponse>('/admin/brand-requests', { signal }).then((r) => r.data),
    enabled: options.enabled ?? true,
  })
}

export function useRequestBrand() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: BrandRequestValues) =>
      api<BrandRequestResponse>('/admin/brand-requests', { method: 'POST', json: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: brandRequestKeys.all }),
  })
}

/** Approving adds a brand to the shop's lists, so those reload too. */
export function useDecideBrandRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason?: string }) =>
      api<BrandRequestResponse>(
        `/admin/brand-requests/${reason === undefined ? 'approve' : 'decline'}/${id}`,
        { method: 'POST', ...(reason === undefined ? {} : { json: { reason } }) },
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: brandRequestKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['catalog', 'filter-options'] }),
      ]),
  })
}

export function useRemoveFilterOption() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ kind, value }: { kind: FilterKind; value: string }) =>
      api<MessageResponse>(`/admin/filters/${kind}/${encodeURIComponent(value)}`, {
        method: 'DELETE',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['catalog', 'filter-options'] }),
  })
}
