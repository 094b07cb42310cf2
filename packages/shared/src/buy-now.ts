import { z } from 'zod'
import { idParam } from './api'
import { plainNumber } from './numbers'
import { CART_QUANTITY_MAX } from './order-limits'

const quantity = z
  .number({ error: 'Quantity must be a number' })
  .int('Quantity must be a whole number')
  .min(1, 'Quantity must be at least 1')
  .max(CART_QUANTITY_MAX, `Quantity must be at most ${CART_QUANTITY_MAX}`)

/**
 * Buy Now (issue 32.5, decision 089): the one line a checkout is made of instead of the cart.
 * Only which product and how many: its price, stock and limit per order are the server's, and
 * the cart is neither read nor emptied.
 */
export const buyNowLine = z.object({ productId: idParam, quantity })
export type BuyNowLine = z.infer<typeof buyNowLine>

/**
 * The same line as a checkout's GET queries carry it (the quote, the delivery check):
 * `productId` and `quantity` together, or neither for the cart.
 */
export const buyNowQueryFields = {
  productId: idParam.optional(),
  quantity: plainNumber('Quantity').pipe(quantity).optional(),
}
export function buyNowOfQuery(query: {
  productId?: string | undefined
  quantity?: number | undefined
}): BuyNowLine | undefined {
  return query.productId !== undefined && query.quantity !== undefined
    ? { productId: query.productId, quantity: query.quantity }
    : undefined
}
/** Refinement for a query with `buyNowQueryFields`: a product without a quantity is a mistake. */
export const buyNowQueryComplete: [
  (q: { productId?: string | undefined; quantity?: number | undefined }) => boolean,
  { message: string; path: string[] },
] = [
  (q) => (q.productId === undefined) === (q.quantity === undefined),
  { message: 'productId and quantity go together', path: ['quantity'] },
]
