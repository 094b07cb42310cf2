import type { PayoutRunResponse } from '@techbazaar/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { payoutRunKeys } from './get-payout-runs'

export function checkPayout(payoutId: string) {
  return api<PayoutRunResponse>(`/admin/payouts/${payoutId}/check`, { method: 'POST' }).then(
    (response) => response.data,
  )
}

/**
 * Asks the payout provider now what became of a payout on its way (paid with its UTR, failed,
 * or still processing) instead of waiting for its webhook or the next poll; the run comes back.
 */
export function useCheckPayout() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: checkPayout,
    onSuccess: (run) => queryClient.setQueryData(payoutRunKeys.detail(run._id), run),
    onSettled: () => queryClient.invalidateQueries({ queryKey: payoutRunKeys.list() }),
  })
}
