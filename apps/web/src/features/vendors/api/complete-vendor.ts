import type { CompleteVendorValues, VendorResponse } from '@techbazaar/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { vendorKeys } from './get-vendors'

export function completeVendor({ id, ...input }: CompleteVendorValues & { id: string }) {
  return api<VendorResponse>(`/admin/vendors/${id}/details`, {
    method: 'PUT',
    json: input,
  })
}

/** Gives a seller its GSTIN, mobile and address; its products come into the shop (if approved). */
export function useCompleteVendor() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: completeVendor,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: vendorKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['catalog'] }),
      ]),
  })
}
