import type { PayoutRunResponse } from '@techbazaar/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { payoutRunKeys } from './get-payout-runs'

export function createPayoutRun() {
  return api<PayoutRunResponse>('/admin/payout-runs', { method: 'POST' }).then(
    (response) => response.data,
  )
}

/** Starts a payout run now: a preview to approve, or payouts sent at once. */
export function useCreatePayoutRun() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createPayoutRun,
    onSuccess: (run) => {
      queryClient.setQueryData(payoutRunKeys.detail(run._id), run)
      void queryClient.invalidateQueries({ queryKey: payoutRunKeys.list() })
    },
  })
}
