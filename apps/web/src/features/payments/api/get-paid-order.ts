import { useQuery } from '@tanstack/react-query'
import type { Order, OrderDetailsResponse } from '@techbazaar/shared'
import { api } from '@/lib/api-client'

/**
 * The order the success page names, read from the shop (never from the address): the page says a
 * payment succeeded only when the shop holds the caller's order as paid. Someone else's order
 * answers 404.
 */
export function usePaidOrder(orderId: string | null) {
  return useQuery({
    queryKey: ['orders', 'detail', orderId] as const,
    queryFn: ({ signal }) =>
      api<OrderDetailsResponse>(`/shop/order/details/${encodeURIComponent(orderId ?? '')}`, {
        signal,
      }).then((response): Order => response.data),
    enabled: orderId !== null,
    retry: false,
  })
}
