import { WISHLIST_MAX_ITEMS } from '@techbazaar/shared'
import { removeGuestCartItem } from '@/lib/cart/guest-cart'
import { shopperIdOf, useSession } from '@/lib/session/get-session'
import { toast } from '@/lib/toast'
import { getGuestWishlist, toggleGuestWishlist } from './guest-wishlist'
import { useWishlistMutation, wishlistCalls } from './wishlist-api'

/**
 * "Save for later" on a cart line: the line leaves the cart and the product joins the wishlist
 * (the server does both in one step for a shopper; a guest's both live in this browser). Null for
 * back-office accounts, which have neither.
 */
export function useSaveForLater(): ((productId: string) => void) | null {
  const { user } = useSession()
  const shopperId = shopperIdOf(user)
  const move = useWishlistMutation(shopperId, wishlistCalls.saveForLater, {
    success: 'Saved for later',
    touchesCart: true,
  })
  if (user && !shopperId) return null
  return (productId) => {
    if (shopperId) return move.mutate(productId)
    const saved = getGuestWishlist().includes(productId)
    if (!saved && !toggleGuestWishlist(productId)) {
      toast.error(`Your wishlist can hold at most ${WISHLIST_MAX_ITEMS} products`)
      return
    }
    removeGuestCartItem(productId)
    toast.success('Saved for later')
  }
}
