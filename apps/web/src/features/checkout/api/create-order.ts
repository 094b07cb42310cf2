import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreateOrderInput, CreateOrderResponse } from '@techbazaar/shared'
import { cartKeys } from '@/lib/cart/api/get-cart'
import { api } from '@/lib/api-client'

export interface CreateOrderRequest {
  input: CreateOrderInput
  /** Reused when the same attempt is retried, so the shop never places it twice. */
  idempotencyKey: string
}

/** Places the order; the server prices it from the catalog and the cart it holds. */
export function createOrder({ input, idempotencyKey }: CreateOrderRequest) {
  return api<CreateOrderResponse>('/shop/order/create', {
    method: 'POST',
    json: input,
    headers: { 'Idempotency-Key': idempotencyKey },
  })
}

export function useCreateOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createOrder,
    // The server emptied the cart (or a line ran out): show what it holds now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartKeys.all }),
  })
}
