import type { SellerEInvoicingInput, SellerEInvoicingResponse } from '@techbazaar/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { vendorKeys } from './get-vendors'

// Under the vendors' key, so whatever refreshes the seller list refreshes the switch too.
export const eInvoicingKeys = {
  detail: (vendorId: string) => [...vendorKeys.all, 'e-invoicing', vendorId] as const,
}

const path = (vendorId: string) => `/admin/vendors/${vendorId}/e-invoicing`

/** Whether the seller must register its B2B invoices with the IRP (decision 072). */
export function useSellerEInvoicing(vendorId: string) {
  return useQuery({
    queryKey: eInvoicingKeys.detail(vendorId),
    queryFn: ({ signal }) =>
      api<SellerEInvoicingResponse>(path(vendorId), { signal }).then((r) => r.data),
  })
}

export function useSetSellerEInvoicing() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ vendorId, ...input }: SellerEInvoicingInput & { vendorId: string }) =>
      api<SellerEInvoicingResponse>(path(vendorId), { method: 'PUT', json: input }),
    onSuccess: (response, { vendorId }) =>
      queryClient.setQueryData(eInvoicingKeys.detail(vendorId), response.data),
  })
}
