import { useQuery } from '@tanstack/react-query'
import type { Order, OrderDetailsResponse, OrderListResponse } from '@techbazaar/shared'
import { api } from '@/lib/api-client'
import { useSession } from '@/lib/session/get-session'

/** What names the order: its id (the return page's `?id=`) or only its number (`?order=`). */
export interface PaidOrderKey {
  id: string | null
  number: string | null
}

async function findOrder(
  userId: string,
  key: PaidOrderKey,
  signal: AbortSignal,
): Promise<Order | null> {
  let id = key.id
  if (!id && key.number) {
    // The status page's redirect names the order by number only: the caller's own list says
    // which order that is.
    const list = await api<OrderListResponse>(`/shop/order/list/${encodeURIComponent(userId)}`, {
      signal,
    })
    id = list.data.find((order) => order.orderNumber === key.number)?._id ?? null
  }
  if (!id) return null
  const details = await api<OrderDetailsResponse>(`/shop/order/details/${encodeURIComponent(id)}`, {
    signal,
  })
  return details.data
}

/**
 * The order the success page names, read from the shop (never from the address): the page says a
 * payment succeeded only when the shop holds the caller's order as paid. Someone else's order
 * answers 404; an unknown number finds none.
 */
export function usePaidOrder(key: PaidOrderKey) {
  const { user } = useSession()
  const userId = user?.id ?? ''
  return useQuery({
    queryKey: ['payments', 'paid-order', key.id, key.number] as const,
    queryFn: ({ signal }) => findOrder(userId, key, signal),
    enabled: userId !== '' && (key.id !== null || key.number !== null),
    retry: false,
  })
}
