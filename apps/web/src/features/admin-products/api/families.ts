import type { AdminFamilyReply, FamilyValues } from '@techbazaar/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { invalidateProducts } from './invalidate'
import { adminProductKeys } from './query-keys'

/** A family with its live variants, as the family form edits it (decision 090). */
export function getAdminFamily(id: string, signal?: AbortSignal) {
  return api<AdminFamilyReply>(`/admin/products/families/${id}`, { signal })
}

export function useAdminFamily(id: string | undefined) {
  return useQuery({
    queryKey: adminProductKeys.family(id ?? ''),
    queryFn: ({ signal }) => getAdminFamily(id ?? '', signal),
    enabled: Boolean(id),
  })
}

/** Adds a family (no id) or saves one: shared fields, options and every variant row. */
export function saveFamily({ id, input }: { id?: string; input: FamilyValues }) {
  return id
    ? api<AdminFamilyReply>(`/admin/products/families/${id}`, { method: 'PUT', json: input })
    : api<AdminFamilyReply>('/admin/products/families', { method: 'POST', json: input })
}

export function useSaveFamily() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveFamily,
    onSuccess: () => invalidateProducts(queryClient),
  })
}
