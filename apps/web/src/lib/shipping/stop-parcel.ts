import type { StopParcelResponse } from '@techbazaar/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/**
 * An admin stops a seller's parcel booked with the courier (issue 26.5): before pickup the
 * booking is cancelled and the part rejected; on its way the courier brings it back. The answer
 * says which, in words to show.
 */
export function stopParcel(subOrderId: string) {
  return api<StopParcelResponse>(`/admin/shipments/${subOrderId}/stop`, { method: 'POST' })
}

/**
 * The query keys a stop changes: the admin orders list and every open details view, and the
 * Shipments table. Named here rather than imported, since shared code imports no feature; the
 * features' key factories start with these.
 */
const STOPPED_PARCEL_KEYS = [['admin-orders'], ['shipments']] as const

/**
 * "Stop parcel" (the order details dialog and the Shipments page): everything showing the parcel
 * refetches afterwards, whatever the answer (a refusal may mean the courier's scans moved it on).
 */
export function useStopParcel() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: stopParcel,
    onSettled: () =>
      Promise.all(
        STOPPED_PARCEL_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  })
}
