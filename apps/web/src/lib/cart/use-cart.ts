import { useQueryClient } from '@tanstack/react-query'
import { overOrderLimitMessage, type Cart, type Product } from '@techbazaar/shared'
import { useSyncExternalStore } from 'react'
import { toast } from '@/lib/toast'
import { shopperIdOf, useSession } from '@/lib/session/get-session'
import { useAddToCart } from './api/add-to-cart'
import { cartKeys, useServerCart } from './api/get-cart'
import { useRemoveCartItem } from './api/remove-cart-item'
import { useUpdateCartItem } from './api/update-cart-item'
import {
  addGuestCartItem,
  getGuestCart,
  getServerGuestCart,
  guestCartQuantity,
  removeGuestCartItem,
  subscribeGuestCart,
  updateGuestCartItem,
  type GuestCartLine,
} from './guest-cart'

export type CartLine = GuestCartLine

/** What the cart needs to know about a product to add it. */
export type CartProduct = Pick<Product, '_id' | 'totalStock' | 'orderLimit'>

/** True when asking for `wanted` of a product would go beyond its stock. */
export function exceedsStock(wanted: number, stock: number): boolean {
  return wanted > stock
}

/**
 * Why `wanted` units of a product cannot be in the cart, with the server's wording, or null.
 * Stock first, then the limit per order (the server checks in the same order).
 */
function addRefusal(product: CartProduct, current: number): string | null {
  if (exceedsStock(current + 1, product.totalStock)) {
    return `Only ${product.totalStock} in stock. You already added ${current}.`
  }
  if (current + 1 > product.orderLimit) {
    return `${overOrderLimitMessage(product.orderLimit)} You already added ${current}.`
  }
  return null
}

/** The same for setting a line to `quantity` (only checked when going up). */
function updateRefusal(quantity: number, stock: number, orderLimit: number): string | null {
  if (exceedsStock(quantity, stock)) return `Only ${stock} quantity can be added for this item`
  if (quantity > orderLimit) return overOrderLimitMessage(orderLimit)
  return null
}

const EMPTY: readonly CartLine[] = Object.freeze([])

export interface CartApi {
  lines: readonly CartLine[]
  /** Total quantity across lines: the header badge. */
  count: number
  /** True when the lines are the signed-in user's server cart. */
  isServer: boolean
  quantityOf(productId: string): number
  /** Checks stock and the limit per order, then adds; false when refused (a toast says why). */
  add(product: CartProduct): boolean
  update(productId: string, quantity: number, stock: number, orderLimit: number): boolean
  remove(productId: string): void
}

/**
 * The one seam between screens and the cart: the server cart for a signed-in user, the guest
 * cart (localStorage) otherwise. Each action shows its own toast (spec §8).
 */
export function useCart(): CartApi {
  const { user } = useSession()
  const guest = useGuestCartApi()
  // Back-office accounts have no cart: the API refuses theirs (403), so nothing is asked for
  // them, even on the moment a shop page shows before the guard sends them away.
  const server = useServerCartApi(shopperIdOf(user))
  return user ? server : guest
}

function useGuestCartApi(): CartApi {
  const lines = useSyncExternalStore(subscribeGuestCart, getGuestCart, getServerGuestCart)
  return {
    lines,
    count: lines.reduce((sum, line) => sum + line.quantity, 0),
    isServer: false,
    quantityOf: (productId) => lines.find((line) => line.productId === productId)?.quantity ?? 0,
    add(product) {
      // Read the store, not the render's copy: two quick clicks must both see the first.
      const refusal = addRefusal(product, guestCartQuantity(product._id))
      if (refusal) {
        toast.error(refusal)
        return false
      }
      addGuestCartItem(product._id, 1)
      toast.success('Product is added to cart (guest)')
      return true
    },
    update(productId, quantity, stock, orderLimit) {
      if (quantity < 1) return false
      // Going down is always allowed, even when stock fell below what is already in the cart.
      const refusal =
        quantity > guestCartQuantity(productId) && updateRefusal(quantity, stock, orderLimit)
      if (refusal) {
        toast.error(refusal)
        return false
      }
      updateGuestCartItem(productId, quantity)
      toast.success('Cart item is updated successfully')
      return true
    },
    remove(productId) {
      removeGuestCartItem(productId)
      toast.success('Cart item is deleted successfully')
    },
  }
}

function useServerCartApi(userId: string | null): CartApi {
  const queryClient = useQueryClient()
  const { data } = useServerCart(userId)
  const addMutation = useAddToCart()
  const updateMutation = useUpdateCartItem()
  const removeMutation = useRemoveCartItem()
  const lines = data?.items ?? EMPTY
  // The cache, not the render's copy: quick clicks must see the optimistic state before them.
  const latestQuantity = (productId: string) =>
    (userId ? queryClient.getQueryData<Cart>(cartKeys.detail(userId)) : undefined)?.items.find(
      (line) => line.productId === productId,
    )?.quantity ?? 0

  return {
    lines,
    count: lines.reduce((sum, line) => sum + line.quantity, 0),
    isServer: true,
    quantityOf: (productId) => lines.find((line) => line.productId === productId)?.quantity ?? 0,
    add(product) {
      if (!userId) return false
      const refusal = addRefusal(product, latestQuantity(product._id))
      if (refusal) {
        toast.error(refusal)
        return false
      }
      addMutation.mutate({ userId, productId: product._id, quantity: 1 })
      return true
    },
    update(productId, quantity, stock, orderLimit) {
      if (!userId || quantity < 1) return false
      const refusal =
        quantity > latestQuantity(productId) && updateRefusal(quantity, stock, orderLimit)
      if (refusal) {
        toast.error(refusal)
        return false
      }
      updateMutation.mutate({ userId, productId, quantity })
      return true
    },
    remove(productId) {
      if (!userId) return
      removeMutation.mutate({ userId, productId })
    },
  }
}
