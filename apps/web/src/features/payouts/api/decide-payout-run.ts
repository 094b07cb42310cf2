import type { PayoutRunResponse } from '@techbazaar/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { payoutRunKeys } from './get-payout-runs'

export type RunDecision = 'approve' | 'discard'

export function decidePayoutRun(runId: string, decision: RunDecision) {
  return api<PayoutRunResponse>(`/admin/payout-runs/${runId}/${decision}`, {
    method: 'POST',
  }).then((response) => response.data)
}

/** Approves a run's preview (its payouts are sent) or discards it (the money goes back). */
export function useDecidePayoutRun(runId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (decision: RunDecision) => decidePayoutRun(runId, decision),
    onSuccess: (run) => queryClient.setQueryData(payoutRunKeys.detail(runId), run),
    onSettled: () => queryClient.invalidateQueries({ queryKey: payoutRunKeys.list() }),
  })
}
