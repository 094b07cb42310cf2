import type { AdminFamilyReply, FamilyInput, FamilyValues } from '@techbazaar/shared'
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

/**
 * The checked values as the API reads them again: the schema turns a blank SKU into null, which
 * its input does not take back, so a row without a SKU sends none.
 */
function requestOf(values: FamilyValues): FamilyInput {
  return {
    ...values,
    variants: values.variants.map(({ sku, ...row }) => (sku ? { ...row, sku } : row)),
  }
}

/** Adds a family (no id) or saves one: shared fields, options and every variant row. */
export function saveFamily({ id, input }: { id?: string; input: FamilyValues }) {
  const json = requestOf(input)
  return id
    ? api<AdminFamilyReply>(`/admin/products/families/${id}`, { method: 'PUT', json })
    : api<AdminFamilyReply>('/admin/products/families', { method: 'POST', json })
}

export function useSaveFamily() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveFamily,
    onSuccess: () => invalidateProducts(queryClient),
  })
}
