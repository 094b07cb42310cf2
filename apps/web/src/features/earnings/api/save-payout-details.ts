import type { PayoutDetailsResponse, SellerPayoutDetailsInput } from '@techbazaar/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { earningsKeys } from './get-earnings'
import { payoutDetailsKeys } from './get-payout-details'

export function savePayoutDetails(input: SellerPayoutDetailsInput) {
  return api<PayoutDetailsResponse>('/admin/settlements/payout-details', {
    method: 'PUT',
    json: input,
  })
}

/** Saves the signed-in seller's PAN and bank account; a new account is verified again. */
export function useSavePayoutDetails() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: savePayoutDetails,
    onSuccess: (response) => {
      queryClient.setQueryData(payoutDetailsKeys.of('own'), response.data)
      // The banner's reason (no details, being verified, refused) changes with them.
      void queryClient.invalidateQueries({ queryKey: earningsKeys.of('own') })
    },
  })
}
