import {
  addToCartBody,
  cartLineParams,
  cartMutationResponse,
  cartQuery,
  cartResponse,
  cartUserParams,
  mergeCartBody,
  mergeCartResponse,
  updateCartBody,
  type MergeLeftOut,
} from '@techbazaar/shared'
import type { App } from '../../app-types'
import { assertSelf } from '../../plugins/auth'
import { addItem } from './cart-add'
import { getCart, mergeItems, removeItem, updateItem } from './cart.service'

const LEFT_OUT_WORDS: Record<MergeLeftOut['reason'], string> = {
  unavailable: 'is no longer available',
  limited: 'was added only up to the quantity you may buy',
  cartFull: 'did not fit: your cart is full',
}

/** The merge's answer for the shopper: it names every guest line that did not come in whole. */
export function mergeMessage(leftOut: readonly MergeLeftOut[]): string {
  if (leftOut.length === 0) return 'Guest cart merged'
  const said = leftOut.map((line) => `${line.title ?? 'An item'} ${LEFT_OUT_WORDS[line.reason]}`)
  return `Guest cart merged, but ${said.join('; ')}.`
}

/**
 * The signed-in shopper's own cart; every path or body `userId` must be the caller (403), and
 * back-office accounts (admins, sellers) have none (403).
 */
export async function cartRoutes(app: App) {
  const { db } = app.deps
  const { maxQtyPerProduct } = app.deps.config.orderLimits
  const tags = ['cart']

  app.post(
    '/shop/cart/add',
    {
      schema: { tags, body: addToCartBody, response: { 200: cartMutationResponse } },
      config: { access: 'shopper', catalogUnchanged: true },
    },
    async (request) => {
      const user = assertSelf(request, request.body.userId)
      const data = await addItem(db, user.id, request.body, maxQtyPerProduct)
      return { success: true as const, message: 'Product is added to cart', data }
    },
  )

  app.get(
    '/shop/cart/get/:userId',
    {
      schema: {
        tags,
        summary: "One page of the user's cart with totals over the whole cart",
        params: cartUserParams,
        querystring: cartQuery,
        response: { 200: cartResponse },
      },
      config: { access: 'shopper' },
    },
    async (request, reply) => {
      const user = assertSelf(request, request.params.userId)
      reply.header('Cache-Control', 'no-store')
      return {
        success: true as const,
        ...(await getCart(db, user.id, request.query, maxQtyPerProduct)),
      }
    },
  )

  app.put(
    '/shop/cart/update-cart',
    {
      schema: { tags, body: updateCartBody, response: { 200: cartMutationResponse } },
      config: { access: 'shopper', catalogUnchanged: true },
    },
    async (request) => {
      const user = assertSelf(request, request.body.userId)
      const data = await updateItem(db, user.id, request.body, maxQtyPerProduct)
      return { success: true as const, message: 'Cart item is updated successfully', data }
    },
  )

  app.delete(
    '/shop/cart/:userId/:productId',
    {
      schema: { tags, params: cartLineParams, response: { 200: cartMutationResponse } },
      config: { access: 'shopper', catalogUnchanged: true },
    },
    async (request) => {
      const user = assertSelf(request, request.params.userId)
      const data = await removeItem(db, user.id, request.params.productId, maxQtyPerProduct)
      return { success: true as const, message: 'Cart item is deleted successfully', data }
    },
  )

  app.post(
    '/shop/cart/merge',
    {
      schema: {
        tags,
        summary: "Adds a guest cart's lines at sign-in, capped at stock and the limit per order",
        body: mergeCartBody,
        response: { 200: mergeCartResponse },
      },
      config: { access: 'shopper', catalogUnchanged: true },
    },
    async (request) => {
      const user = assertSelf(request, request.body.userId)
      const { cart, leftOut } = await mergeItems(db, user.id, request.body.items, maxQtyPerProduct)
      return { success: true as const, message: mergeMessage(leftOut), data: cart, leftOut }
    },
  )
}
