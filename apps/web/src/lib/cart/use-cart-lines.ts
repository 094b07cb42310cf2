import { effectivePrice, productPath, type CartLine as ServerCartLine } from '@techbazaar/shared'
import { useQueries } from '@tanstack/react-query'
import { productQueryOptions } from '@/lib/catalog/get-product'
import { ApiError } from '@/lib/api-client'
import { useServerCart } from './api/get-cart'
import type { CartApi } from './use-cart'

/** A cart line as the sheet and checkout show it, whichever cart it comes from. */
export type CartViewLine = {
  productId: string
  quantity: number
  status: 'ready' | 'loading' | 'unavailable' | 'error'
  title?: string
  image?: string
  /** The product's own page (`/p/...`), once its data is in. */
  path?: string
  unitPrice: number
  stock: number
  /** Most units one order may hold of this product (0 while unknown). */
  orderLimit: number
}

export interface CartView {
  lines: CartViewLine[]
  /** Rupees over the lines that can be bought. */
  total: number
  loading: boolean
  /** The server cart could not be read (the sheet says so instead of "empty"). */
  failed: boolean
}

/** The lines with their product data: from the server cart, or the catalog for guest lines. */
export function useCartLines(cart: CartApi, userId: string | null): CartView {
  const server = useServerCart(userId)
  // Guest lines carry ids only; their products come from the catalog (shared cache).
  const results = useQueries({
    queries: cart.isServer ? [] : cart.lines.map((line) => productQueryOptions(line.productId)),
  })

  let lines: CartViewLine[]
  if (cart.isServer) {
    lines = serverViewLines(server.data?.items ?? [])
  } else {
    lines = cart.lines.map((line, index) => {
      const result = results[index]
      const product = result?.data
      if (product) {
        return {
          productId: line.productId,
          quantity: line.quantity,
          status: 'ready',
          title: product.title,
          image: product.image,
          path: productPath(product),
          unitPrice: effectivePrice(product.price, product.salePrice),
          stock: product.totalStock,
          orderLimit: product.orderLimit,
        }
      }
      const gone = result?.error instanceof ApiError && result.error.status === 404
      return {
        productId: line.productId,
        quantity: line.quantity,
        status: result?.isError ? (gone ? 'unavailable' : 'error') : 'loading',
        unitPrice: 0,
        stock: 0,
        orderLimit: 0,
      }
    })
  }
  const total = lines.reduce(
    (sum, line) => (line.status === 'ready' ? sum + line.unitPrice * line.quantity : sum),
    0,
  )
  return {
    lines,
    total,
    loading: cart.isServer ? server.isPending : lines.some((line) => line.status === 'loading'),
    failed: cart.isServer && server.isError && !server.data,
  }
}

/** The server cart's lines as the views show them. */
export function serverViewLines(items: readonly ServerCartLine[]): CartViewLine[] {
  return items.map((line) => ({
    productId: line.productId,
    quantity: line.quantity,
    status: line.available ? 'ready' : 'unavailable',
    title: line.title,
    image: line.image,
    path: productPath(line),
    unitPrice: effectivePrice(line.price, line.salePrice),
    stock: line.totalStock,
    orderLimit: line.orderLimit,
  }))
}

/**
 * Why the cart cannot be bought as it stands, ending with `goal` ("to check out"), or null:
 * a line gone or unloadable, above the stock left, or above its limit per order.
 */
export function cartBlockedReason(
  view: Pick<CartView, 'lines' | 'failed'>,
  goal: string,
): string | null {
  if (view.failed) return 'Your cart could not be loaded. Please try again.'
  if (view.lines.some((line) => line.status === 'unavailable' || line.status === 'error')) {
    return `Remove the items that are no longer available ${goal}.`
  }
  const ready = view.lines.filter((line) => line.status === 'ready')
  if (ready.some((line) => line.quantity > line.stock)) {
    return `Lower the quantities that are above the stock left ${goal}.`
  }
  if (ready.some((line) => line.quantity > line.orderLimit)) {
    return `Lower the quantities that are above the limit per order ${goal}.`
  }
  return null
}
