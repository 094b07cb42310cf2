import type { StopParcelResponse } from '@techbazaar/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { adminOrderKeys } from './get-admin-orders'

/**
 * An admin stops a seller's parcel booked with the courier (issue 26.5): before pickup the
 * booking is cancelled and the part rejected; on its way the courier brings it back. The answer
 * says which, in words to show.
 */
export function stopParcel(subOrderId: string) {
  return api<StopParcelResponse>(`/admin/shipments/${subOrderId}/stop`, { method: 'POST' })
}

/**
 * "Stop parcel": the orders list, every open details view and the Shipments table refetch
 * afterwards, whatever the answer (a refusal may mean the courier's scans moved the parcel on).
 */
export function useStopParcel() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: stopParcel,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminOrderKeys.all }),
        // The shipments feature's key, named here as features do not import each other.
        queryClient.invalidateQueries({ queryKey: ['shipments'] }),
      ]),
  })
}
