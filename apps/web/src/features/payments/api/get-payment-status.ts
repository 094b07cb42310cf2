import { queryOptions, useQuery } from '@tanstack/react-query'
import type { PaymentStatusResponse, PaymentStatusResult } from '@techbazaar/shared'
import { api } from '@/lib/api-client'

/** The payment's state, re-checked with the provider by the server. */
export async function getPaymentStatus(sessionId: string): Promise<PaymentStatusResult> {
  const body = await api<PaymentStatusResponse>('/payments/status', {
    method: 'POST',
    json: { payment_session_id: sessionId },
  })
  return body.result
}

export function paymentStatusQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: ['payments', 'status', sessionId] as const,
    queryFn: () => getPaymentStatus(sessionId),
    staleTime: Infinity,
    retry: false,
  })
}

export function usePaymentStatus(sessionId: string | null) {
  return useQuery({ ...paymentStatusQueryOptions(sessionId ?? ''), enabled: sessionId !== null })
}
