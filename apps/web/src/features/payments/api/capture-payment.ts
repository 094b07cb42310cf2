import { queryOptions, useQuery } from '@tanstack/react-query'
import type { CaptureInput, CaptureResponse } from '@techbazaar/shared'
import { api } from '@/lib/api-client'

/** Asks the shop to confirm a payment; the server re-checks it with the provider. */
export function capturePayment(input: CaptureInput) {
  return api<CaptureResponse>('/shop/order/capture', { method: 'POST', json: input })
}

export function capturePaymentQueryOptions(input: CaptureInput) {
  return queryOptions({
    queryKey: ['payments', 'capture', input.orderId] as const,
    queryFn: () => capturePayment(input),
    // Capturing is idempotent on the server; one answer per visit is enough.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  })
}

export function useCapturePayment(input: CaptureInput | null) {
  return useQuery({
    ...capturePaymentQueryOptions(input ?? { orderId: '' }),
    enabled: input !== null,
  })
}
