import { CART_MERGE_MAX_ITEMS } from '@techbazaar/shared'
import { useEffect, useSyncExternalStore } from 'react'
import { useMergeGuestCart } from './api/merge-guest-cart'
import {
  clearGuestCart,
  getGuestCart,
  getServerGuestCart,
  subscribeGuestCart,
} from '@/lib/cart/guest-cart'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Merges already tried in this page (user and lines): a failure is not retried in a loop. */
const attempted = new Set<string>()

/**
 * Spec §4 Cart: on app start and whenever the signed-in user changes, the guest cart's lines go
 * into that user's server cart, the guest cart is cleared and the user's cart reloaded.
 */
export function useGuestCartMerge(userId: string | null) {
  const lines = useSyncExternalStore(subscribeGuestCart, getGuestCart, getServerGuestCart)
  const { mutate } = useMergeGuestCart()

  useEffect(() => {
    if (!userId || lines.length === 0) return
    const key = `${userId}:${JSON.stringify(lines)}`
    if (attempted.has(key)) return
    attempted.add(key)
    // A hand-edited id could never be bought; sending it would make the server refuse them all.
    const items = lines.filter((line) => UUID.test(line.productId))
    if (items.length === 0) return clearGuestCart()
    mutate({ userId, items: items.slice(0, CART_MERGE_MAX_ITEMS) })
  }, [userId, lines, mutate])
}
