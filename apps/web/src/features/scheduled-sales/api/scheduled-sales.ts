import type {
  ScheduledSaleEditInput,
  ScheduledSaleInput,
  ScheduledSaleView,
} from '@techbazaar/shared'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

type SaleReply = { success: true; data: ScheduledSaleView }

export const scheduledSaleKeys = {
  all: ['admin-scheduled-sales'] as const,
  list: (sellerId: string | null) => [...scheduledSaleKeys.all, { sellerId }] as const,
}

/**
 * The scheduled sales the caller manages (decision 092): a seller's own products', or every
 * one for an admin (`sellerId` narrows it to one seller's).
 */
export function useScheduledSales(sellerId: string | null = null) {
  return useQuery(
    queryOptions({
      queryKey: scheduledSaleKeys.list(sellerId),
      queryFn: async ({ signal }): Promise<ScheduledSaleView[]> =>
        (
          await api<{ success: true; data: ScheduledSaleView[] }>(
            `/admin/scheduled-sales${sellerId ? `?sellerId=${encodeURIComponent(sellerId)}` : ''}`,
            { signal },
          )
        ).data,
    }),
  )
}

/** Schedules a sale, or changes the one `id` names (only before its start). */
export function useSaveScheduledSale() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (
      save: { id: null; input: ScheduledSaleInput } | { id: string; input: ScheduledSaleEditInput },
    ) =>
      api<SaleReply>(save.id ? `/admin/scheduled-sales/${save.id}` : '/admin/scheduled-sales', {
        method: save.id ? 'PUT' : 'POST',
        json: save.input,
      }).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduledSaleKeys.all }),
  })
}

/** Calls a sale off: one not started never starts; a running one ends now. */
export function useCancelScheduledSale() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      api<SaleReply>(`/admin/scheduled-sales/${id}/cancel`, { method: 'POST' }).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduledSaleKeys.all }),
  })
}
