import {
  buyNowLine,
  effectivePrice,
  overOrderLimitMessage,
  productPath,
  type BuyNowLine,
  type Product,
} from '@techbazaar/shared'
import { useQuery } from '@tanstack/react-query'
import { useNavigate, useSearchParams } from 'react-router'
import { ApiError } from '@/lib/api-client'
import { BUY_NOW_PARAMS } from '@/lib/buy-now'
import { useServerCart } from '@/lib/cart/api/get-cart'
import { useCart, type CartApi } from '@/lib/cart/use-cart'
import {
  cartBlockedReason,
  serverViewLines,
  useCartLines,
  type CartViewLine,
} from '@/lib/cart/use-cart-lines'
import { productQueryOptions } from '@/lib/catalog/get-product'
import { toast } from '@/lib/toast'

/** What checkout buys: the server cart, or Buy Now's one line (decision 089). */
export interface CheckoutLines {
  /** Buy Now's line, or null: checkout of the cart. */
  buyNow: BuyNowLine | null
  /** Checkout was opened for Buy Now (its line may still be unreadable). */
  isBuyNow: boolean
  lines: CartViewLine[]
  /** Its quantity controls: the cart's, or Buy Now's (which change only the address). */
  lineApi: CartApi
  /** What the order sends and the quote and delivery check are keyed by. */
  items: { productId: string; quantity: number }[]
  /** Rupees over the lines that can be bought. */
  total: number
  isPending: boolean
  /** Why the lines cannot be bought as they stand, ending with `goal`, or null. */
  blockedReason: string | null
  /** Reads the lines again (after a refused order); answers whether they can still be bought. */
  recheck(): Promise<boolean>
}

/** Buy Now's line from checkout's address, or null when it names none or a malformed one. */
function buyNowFrom(params: URLSearchParams): BuyNowLine | null {
  const productId = params.get(BUY_NOW_PARAMS.product)
  if (productId === null) return null
  const parsed = buyNowLine.safeParse({
    productId,
    quantity: Number(params.get(BUY_NOW_PARAMS.quantity) ?? '1'),
  })
  return parsed.success ? parsed.data : null
}

export function useCheckoutLines(userId: string | null, goal: string): CheckoutLines {
  const [params, setParams] = useSearchParams()
  const navigate = useNavigate()
  const isBuyNow = params.has(BUY_NOW_PARAMS.product)
  const buyNow = buyNowFrom(params)
  const cart = useServerCart(userId)
  const cartApi = useCart()
  const cartView = useCartLines(cartApi, userId)
  // Read fresh on each visit: the stock and price checkout shows decide whether it can be paid.
  const product = useQuery({
    ...productQueryOptions(buyNow?.productId ?? ''),
    enabled: buyNow !== null,
    staleTime: 0,
  })

  if (!isBuyNow) {
    const items = cart.data?.items ?? []
    return {
      buyNow: null,
      isBuyNow,
      lines: cartView.lines,
      lineApi: cartApi,
      items: items.map((l) => ({ productId: l.productId, quantity: l.quantity })),
      total: cart.data?.totalAmount ?? 0,
      isPending: cart.isPending,
      blockedReason: cartBlockedReason(cartView, goal),
      recheck: async () => {
        const fresh = await cart.refetch()
        return !(
          fresh.data &&
          cartBlockedReason({ lines: serverViewLines(fresh.data.items), failed: false }, goal)
        )
      },
    }
  }

  const quantity = buyNow?.quantity ?? 0
  const line = buyNowViewLine(buyNow, product)
  const productPage = line.path ?? '/shop/listing'
  const lineApi: CartApi = {
    lines: buyNow ? [buyNow] : [],
    count: quantity,
    isServer: true,
    quantityOf: () => quantity,
    add: () => false,
    update(_productId, next, stock, orderLimit) {
      const refusal =
        next <= quantity
          ? null
          : next > stock
            ? `Only ${stock} quantity can be added for this item`
            : next > orderLimit
              ? overOrderLimitMessage(orderLimit)
              : null
      if (refusal) {
        toast.error(refusal)
        return false
      }
      const nextParams = new URLSearchParams(params)
      nextParams.set(BUY_NOW_PARAMS.quantity, String(next))
      setParams(nextParams, { replace: true })
      return true
    },
    // Nothing is left to buy: back to the product (its page, or the listing when unknown).
    remove: () => void navigate(productPage),
  }
  const lines = [line]
  return {
    buyNow,
    isBuyNow,
    lines,
    lineApi,
    items: buyNow ? [buyNow] : [],
    total: line.status === 'ready' ? line.unitPrice * line.quantity : 0,
    isPending: buyNow !== null && product.isPending,
    blockedReason: cartBlockedReason({ lines, failed: false }, goal),
    recheck: async () => {
      const fresh = await product.refetch()
      return (
        cartBlockedReason({ lines: [buyNowViewLine(buyNow, fresh)], failed: false }, goal) === null
      )
    },
  }
}

/** Buy Now's line as checkout's line item shows it (gone when the catalog no longer has it). */
function buyNowViewLine(
  buyNow: BuyNowLine | null,
  product: { data?: Product | undefined; error: unknown; isError: boolean },
): CartViewLine {
  const base = { productId: buyNow?.productId ?? '', quantity: buyNow?.quantity ?? 0 }
  const data = product.data
  if (buyNow && data) {
    return {
      ...base,
      status: 'ready',
      title: data.title,
      image: data.image,
      path: productPath(data),
      unitPrice: effectivePrice(data.price, data.salePrice),
      stock: data.totalStock,
      orderLimit: data.orderLimit,
    }
  }
  const gone =
    buyNow === null || (product.error instanceof ApiError && product.error.status === 404)
  return {
    ...base,
    status: gone ? 'unavailable' : product.isError ? 'error' : 'loading',
    unitPrice: 0,
    stock: 0,
    orderLimit: 0,
  }
}
