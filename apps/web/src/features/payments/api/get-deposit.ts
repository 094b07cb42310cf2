import { queryOptions, useQuery } from '@tanstack/react-query'
import type { DepositResponse } from '@techbazaar/shared'
import { api } from '@/lib/api-client'

/** How to reach the provider for one checkout session (only the session's owner may ask). */
export function getDeposit(sessionId: string, signal?: AbortSignal) {
  return api<DepositResponse>(
    `/payments/deposit?payment_session_id=${encodeURIComponent(sessionId)}`,
    { signal },
  )
}

export function depositQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: ['payments', 'deposit', sessionId] as const,
    queryFn: ({ signal }) => getDeposit(sessionId, signal),
    staleTime: Infinity,
    retry: false,
  })
}

export function useDeposit(sessionId: string | null) {
  return useQuery({ ...depositQueryOptions(sessionId ?? ''), enabled: sessionId !== null })
}
