import { WISHLIST_MAX_ITEMS } from '@techbazaar/shared'
import { useSyncExternalStore } from 'react'
import { shopperIdOf, useSession } from '@/lib/session/get-session'
import { toast } from '@/lib/toast'
import {
  getGuestWishlist,
  getServerGuestWishlist,
  subscribeGuestWishlist,
  toggleGuestWishlist,
} from './guest-wishlist'
import { useServerWishlist, useWishlistMutation, wishlistCalls } from './wishlist-api'

export interface WishlistApi {
  /** False for back-office accounts, which have no wishlist (the hearts are not shown). */
  enabled: boolean
  count: number
  has(productId: string): boolean
  toggle(productId: string): void
  /** True while a change of the signed-in shopper's list is on its way. */
  busy: boolean
}

/**
 * The one seam between screens and the wishlist: the server's for a signed-in shopper, the guest
 * list (localStorage) otherwise. Both are read in the browser only, never into server HTML.
 */
export function useWishlist(): WishlistApi {
  const { user } = useSession()
  const shopperId = shopperIdOf(user)
  const guestIds = useSyncExternalStore(
    subscribeGuestWishlist,
    getGuestWishlist,
    getServerGuestWishlist,
  )
  const { data } = useServerWishlist(shopperId)
  const add = useWishlistMutation(shopperId, wishlistCalls.add, { success: 'Saved to wishlist' })
  const remove = useWishlistMutation(shopperId, wishlistCalls.remove, {
    success: 'Removed from wishlist',
  })
  const ids = shopperId ? (data?.items.map((item) => item.productId) ?? []) : guestIds
  const has = (productId: string) => ids.includes(productId)
  return {
    enabled: !user || shopperId !== null,
    count: ids.length,
    has,
    busy: add.isPending || remove.isPending,
    toggle(productId) {
      if (shopperId) {
        if (has(productId)) remove.mutate(productId)
        else add.mutate(productId)
        return
      }
      const saved = has(productId)
      if (!toggleGuestWishlist(productId)) {
        toast.error(`Your wishlist can hold at most ${WISHLIST_MAX_ITEMS} products`)
        return
      }
      toast.success(saved ? 'Removed from wishlist' : 'Saved to wishlist')
    },
  }
}
