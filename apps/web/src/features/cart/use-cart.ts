import { useSyncExternalStore } from 'react'
import { toast } from 'sonner'
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
export type CartProduct = { _id: string; totalStock: number }

/** True when asking for `wanted` of a product would go beyond its stock. */
export function exceedsStock(wanted: number, stock: number): boolean {
  return wanted > stock
}

/**
 * The one seam between screens and the cart. Today it always uses the guest cart; the server
 * cart for signed-in shoppers will plug in here without the screens changing.
 * Each action shows its own toast and returns whether it went through.
 */
export function useCart() {
  const lines = useSyncExternalStore(subscribeGuestCart, getGuestCart, getServerGuestCart)
  const count = lines.reduce((sum, line) => sum + line.quantity, 0)

  return {
    lines,
    /** Total quantity across lines: the header badge. */
    count,
    quantityOf: (productId: string) =>
      lines.find((line) => line.productId === productId)?.quantity ?? 0,
    add(product: CartProduct): boolean {
      // Read the store, not the render's copy: two quick clicks must both see the first.
      const current = guestCartQuantity(product._id)
      if (exceedsStock(current + 1, product.totalStock)) {
        toast.error(`Only ${product.totalStock} in stock. You already added ${current}.`)
        return false
      }
      addGuestCartItem(product._id, 1)
      toast.success('Product is added to cart (guest)')
      return true
    },
    update(productId: string, quantity: number, stock: number): boolean {
      if (quantity < 1) return false
      // Going down is always allowed, even when stock fell below what is already in the cart.
      if (quantity > guestCartQuantity(productId) && exceedsStock(quantity, stock)) {
        toast.error(`Only ${stock} quantity can be added for this item`)
        return false
      }
      updateGuestCartItem(productId, quantity)
      toast.success('Cart item is updated successfully')
      return true
    },
    remove(productId: string): void {
      removeGuestCartItem(productId)
      toast.success('Cart item is deleted successfully')
    },
  }
}
