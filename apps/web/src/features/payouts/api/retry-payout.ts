import type { PayoutRunResponse } from '@techbazaar/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { payoutRunKeys } from './get-payout-runs'

export function retryPayout(payoutId: string) {
  return api<PayoutRunResponse>(`/admin/payouts/${payoutId}/retry`, { method: 'POST' }).then(
    (response) => response.data,
  )
}

/**
 * Pays a seller whose payout failed again: the server makes a new run for that seller alone
 * (its payable balance now). The failed payout then stops being retryable.
 */
export function useRetryPayout() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: retryPayout,
    onSuccess: (run) => queryClient.setQueryData(payoutRunKeys.detail(run._id), run),
    onSettled: () => queryClient.invalidateQueries({ queryKey: payoutRunKeys.all }),
  })
}
