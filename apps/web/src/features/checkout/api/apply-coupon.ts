import { useMutation } from '@tanstack/react-query'
import type { ApplyCouponInput, OrderQuote, OrderQuoteResponse } from '@techbazaar/shared'
import { api } from '@/lib/api-client'

/**
 * "Apply coupon": the server checks the code against what is being bought and answers the quote
 * with it priced in, or a 4xx whose message says why it cannot be used (decision 092).
 */
export function useApplyCoupon() {
  return useMutation({
    mutationFn: async (input: ApplyCouponInput): Promise<OrderQuote> =>
      (await api<OrderQuoteResponse>('/shop/order/coupon', { method: 'POST', json: input })).data,
  })
}
