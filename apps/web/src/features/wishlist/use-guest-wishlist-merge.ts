import { WISHLIST_MAX_ITEMS } from '@techbazaar/shared'
import { useEffect, useSyncExternalStore } from 'react'
import { shopperIdOf, useSession } from '@/lib/session/get-session'
import {
  clearGuestWishlist,
  getGuestWishlist,
  getServerGuestWishlist,
  subscribeGuestWishlist,
} from '@/lib/wishlist/guest-wishlist'
import { useWishlistMutation, wishlistCalls } from '@/lib/wishlist/wishlist-api'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Merges already tried in this page (user and ids): a failure is not retried in a loop. */
const attempted = new Set<string>()

/**
 * When a shopper is signed in and this browser holds a guest wishlist, its products go into the
 * shopper's list and the guest list is cleared (only once the server holds them).
 */
export function useGuestWishlistMerge() {
  const { user } = useSession()
  const shopperId = shopperIdOf(user)
  const ids = useSyncExternalStore(subscribeGuestWishlist, getGuestWishlist, getServerGuestWishlist)
  const { mutate } = useWishlistMutation(shopperId, wishlistCalls.merge)

  useEffect(() => {
    if (!shopperId || ids.length === 0) return
    const key = `${shopperId}:${ids.join(',')}`
    if (attempted.has(key)) return
    attempted.add(key)
    // A hand-edited id could never be saved; sending it would make the server refuse them all.
    const valid = ids.filter((id) => UUID.test(id))
    if (valid.length === 0) return clearGuestWishlist()
    mutate(valid.slice(-WISHLIST_MAX_ITEMS), { onSuccess: () => clearGuestWishlist() })
  }, [shopperId, ids, mutate])
}
