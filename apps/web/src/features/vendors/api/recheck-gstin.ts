import type { VendorResponse } from '@techbazaar/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { vendorKeys } from './get-vendors'

/**
 * "Re-check GSTIN" (decision 78): the GST network asked again about an approved seller; a
 * cancelled GSTIN suspends its listings, so shop lists refetch too.
 */
export function useRecheckGstin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (vendorId: string) =>
      api<VendorResponse>(`/admin/vendors/${vendorId}/gstin-check`, { method: 'POST' }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: vendorKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['catalog'] }),
      ]),
  })
}
