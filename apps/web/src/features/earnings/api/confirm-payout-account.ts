import type { PayoutDetailsResponse } from '@techbazaar/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { earningsKeys } from './get-earnings'
import { payoutDetailsKeys } from './get-payout-details'
import { sellerSettlementsKeys } from './get-seller-settlements'

export function confirmPayoutAccount(sellerId: string) {
  return api<PayoutDetailsResponse>(
    `/admin/settlements/sellers/${sellerId}/payout-details/confirm`,
    { method: 'POST' },
  )
}

/** An admin confirms a seller's bank account by hand (paying by bank file, no rail checks it). */
export function useConfirmPayoutAccount(sellerId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => confirmPayoutAccount(sellerId),
    onSuccess: (response) => {
      queryClient.setQueryData(payoutDetailsKeys.of({ sellerId }), response.data)
      void queryClient.invalidateQueries({ queryKey: earningsKeys.of({ sellerId }) })
      void queryClient.invalidateQueries({ queryKey: sellerSettlementsKeys.all })
    },
  })
}
