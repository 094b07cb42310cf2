import { vendorShipBody, type VendorShipInput, type VendorShipResponse } from '@techbazaar/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { api } from '@/lib/api-client'
import { adminOrderKeys } from './get-admin-orders'

/** The parcel's measures as the seller types them; the sub-order is added on submit. */
export const shipParcelInputSchema = vendorShipBody.omit({ _id: true })
export type ShipParcelInput = z.input<typeof shipParcelInputSchema>
export type ShipParcelValues = z.output<typeof shipParcelInputSchema>

/** Books the courier for a seller's part of an order; answers the courier, AWB and label. */
export function shipParcel(input: VendorShipInput) {
  return api<VendorShipResponse>('/admin/orders/vendor-ship', {
    method: 'POST',
    json: input,
  }).then((response) => response.data)
}

/** "Ship": the seller's list and any open details refetch afterwards (the part moved on). */
export function useShipParcel() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: shipParcel,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminOrderKeys.all }),
  })
}
