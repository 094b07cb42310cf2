import type { PayoutRunResponse, PayoutRunsResponse } from '@techbazaar/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export type PayoutRunDetail = PayoutRunResponse['data']

export const payoutRunKeys = {
  all: ['payout-runs'] as const,
  list: () => [...payoutRunKeys.all, 'list'] as const,
  detail: (runId: string) => [...payoutRunKeys.all, 'detail', runId] as const,
}

/** The latest payout runs with their totals, newest first (admins only). */
export function getPayoutRuns(signal?: AbortSignal) {
  return api<PayoutRunsResponse>('/admin/payout-runs', { signal }).then((response) => response.data)
}

export function usePayoutRuns() {
  return useQuery(
    queryOptions({
      queryKey: payoutRunKeys.list(),
      queryFn: ({ signal }) => getPayoutRuns(signal),
    }),
  )
}

/** One run: its payouts and the sellers it could not pay. */
export function getPayoutRun(runId: string, signal?: AbortSignal) {
  return api<PayoutRunResponse>(`/admin/payout-runs/${runId}`, { signal }).then(
    (response) => response.data,
  )
}

export function usePayoutRun(runId: string) {
  return useQuery(
    queryOptions({
      queryKey: payoutRunKeys.detail(runId),
      queryFn: ({ signal }) => getPayoutRun(runId, signal),
      // While payouts are on their way the page follows them (webhooks and the poll job settle
      // them on the server), every half minute.
      refetchInterval: (query) =>
        query.state.data?.payouts.some((p) => p.status === 'queued' || p.status === 'processing')
          ? 30_000
          : false,
    }),
  )
}
