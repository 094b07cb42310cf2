import type { MessageResponse, PayoutHoldInput } from '@techbazaar/shared'
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { earningsKeys } from './get-earnings'
import { sellerSettlementsKeys } from './get-seller-settlements'

const holdPath = (sellerId: string) => `/admin/settlements/sellers/${sellerId}/hold`

export function placeHold(sellerId: string, input: PayoutHoldInput) {
  return api<MessageResponse>(holdPath(sellerId), { method: 'PUT', json: input })
}

export function releaseHold(sellerId: string) {
  return api<MessageResponse>(holdPath(sellerId), { method: 'DELETE' })
}

/** The list's hold column and the seller's banner both read the hold. */
function refreshHold(queryClient: QueryClient, sellerId: string) {
  void queryClient.invalidateQueries({ queryKey: sellerSettlementsKeys.all })
  void queryClient.invalidateQueries({ queryKey: earningsKeys.of({ sellerId }) })
}

/** Holds a seller's payouts, with the reason the seller is shown. */
export function usePlaceHold(sellerId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: PayoutHoldInput) => placeHold(sellerId, input),
    onSuccess: () => refreshHold(queryClient, sellerId),
  })
}

/** Releases a seller's payout hold. */
export function useReleaseHold(sellerId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => releaseHold(sellerId),
    onSuccess: () => refreshHold(queryClient, sellerId),
  })
}
