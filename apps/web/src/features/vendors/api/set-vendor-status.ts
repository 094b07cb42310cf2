import type { VendorResponse, VendorStatusInput } from '@techbazaar/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { vendorKeys } from './get-vendors'

export function setVendorStatus({ id, status }: { id: string } & VendorStatusInput) {
  return api<VendorResponse>(`/admin/vendors/${id}/status`, {
    method: 'PUT',
    json: { status },
  })
}

/** Approve or reject; the list refetches, and shop lists too (the seller's products moved). */
export function useSetVendorStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: setVendorStatus,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: vendorKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['catalog'] }),
      ]),
  })
}
