import { z } from 'zod'
import { idParam } from './api'
import { LIMITS } from './constants'
import { CART_MERGE_MAX_ITEMS, CART_PAGE_SIZE_MAX, CART_QUANTITY_MAX } from './order-limits'
import { plainNumber } from './numbers'

const quantityField = z
  .number({ error: 'Quantity must be a number' })
  .int('Quantity must be a whole number')
  .min(1, 'Quantity must be at least 1')
  .max(CART_QUANTITY_MAX, `Quantity must be at most ${CART_QUANTITY_MAX}`)

const userIdField = idParam
const productIdField = idParam

export const addToCartBody = z.object({
  userId: userIdField,
  productId: productIdField,
  quantity: quantityField,
})
export type AddToCartInput = z.infer<typeof addToCartBody>

/** Sets a line's quantity (not a delta): a retried request cannot add twice. */
export const updateCartBody = addToCartBody
export type UpdateCartInput = z.infer<typeof updateCartBody>

export const cartUserParams = z.object({ userId: userIdField })
export const cartLineParams = z.object({ userId: userIdField, productId: productIdField })
export type CartLineParams = z.infer<typeof cartLineParams>

export const cartQuery = z.object({
  page: plainNumber('page')
    .pipe(z.number().int('page must be a whole number').min(1).max(10_000))
    .default(1),
  limit: plainNumber('limit')
    .pipe(
      z
        .number()
        .int('limit must be a whole number')
        .min(1)
        .max(CART_PAGE_SIZE_MAX, `limit must be at most ${CART_PAGE_SIZE_MAX}`),
    )
    .default(LIMITS.cartPageSize),
})
export type CartQuery = z.output<typeof cartQuery>

export const mergeCartBody = z.object({
  userId: userIdField,
  items: z
    .array(z.object({ productId: productIdField, quantity: quantityField }))
    .max(CART_MERGE_MAX_ITEMS, `At most ${CART_MERGE_MAX_ITEMS} items can be merged`),
})
export type MergeCartInput = z.infer<typeof mergeCartBody>

/** One cart line with the product as the catalog has it now (rupees). */
export const cartLine = z.object({
  productId: z.uuid(),
  /** The product page's id (`productPath({ title, shortId })` links the line to its page). */
  shortId: z.string(),
  quantity: z.number().int(),
  title: z.string(),
  image: z.string(),
  price: z.number(),
  /** 0 when the product is not on sale. */
  salePrice: z.number(),
  totalStock: z.number().int(),
  /** Most units of this product one order may hold (its own limit, else the shop's). */
  orderLimit: z.number().int(),
  /** False when the product is no longer listed: shown so it can be removed, never bought. */
  available: z.boolean(),
})
export type CartLine = z.infer<typeof cartLine>

const cartTotals = {
  /** Number of lines (distinct products), as the spec's pagination counts them. */
  totalItems: z.number().int(),
  /** Sum of quantities over every line: the header badge. */
  totalQuantity: z.number().int(),
  /** Rupees: effective price × quantity over every available line, not only this page. */
  totalAmount: z.number(),
}

export const cartResponse = z.object({
  success: z.literal(true),
  data: z.array(cartLine),
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  ...cartTotals,
})
export type CartResponse = z.infer<typeof cartResponse>

/** The whole cart (every line, at most CART_MAX_LINES), as mutations answer it. */
export const cartSummary = z.object({ items: z.array(cartLine), ...cartTotals })
export type Cart = z.infer<typeof cartSummary>

export const cartMutationResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: cartSummary,
})
export type CartMutationResponse = z.infer<typeof cartMutationResponse>

/**
 * A guest line that did not come into the cart whole at sign-in: the product is gone, unlisted
 * or sold out (`unavailable`), only part of it fit the stock or the limit per order (`limited`),
 * or the cart was full (`cartFull`). The merge's message names them for the shopper.
 */
export const mergeLeftOut = z.object({
  productId: z.string(),
  title: z.string().nullable(),
  reason: z.enum(['unavailable', 'limited', 'cartFull']),
})
export type MergeLeftOut = z.infer<typeof mergeLeftOut>

/** `POST /shop/cart/merge`: the merged cart, and what was left out (empty when all came in). */
export const mergeCartResponse = cartMutationResponse.extend({ leftOut: z.array(mergeLeftOut) })
export type MergeCartResponse = z.infer<typeof mergeCartResponse>
