import { WISHLIST_MAX_ITEMS } from '@techbazaar/shared'

/**
 * The guest wishlist: product ids in localStorage under `guestWishlist`, oldest first, merged
 * into the server's at sign-in (as the guest cart is). A tiny store (subscribe/snapshot) so every
 * heart and the header follow changes, also those made in another tab. The server snapshot is
 * always empty: a cached page never carries anyone's hearts.
 */
export const GUEST_WISHLIST_KEY = 'guestWishlist'

const EMPTY: readonly string[] = Object.freeze([])
const listeners = new Set<() => void>()
let cachedRaw: string | null = null
let cachedIds: readonly string[] = EMPTY

function readRaw(): string | null {
  try {
    return localStorage.getItem(GUEST_WISHLIST_KEY)
  } catch {
    return null
  }
}

/** Keeps distinct strings only, so a hand-edited value cannot break the hearts. */
function parse(raw: string | null): readonly string[] {
  if (!raw) return EMPTY
  try {
    const value: unknown = JSON.parse(raw)
    if (!Array.isArray(value)) return EMPTY
    return [...new Set(value.filter((id): id is string => typeof id === 'string' && id !== ''))]
  } catch {
    return EMPTY
  }
}

export function getGuestWishlist(): readonly string[] {
  const raw = readRaw()
  if (raw !== cachedRaw) {
    cachedRaw = raw
    cachedIds = parse(raw)
  }
  return cachedIds
}

export const getServerGuestWishlist = (): readonly string[] => EMPTY

function save(ids: readonly string[]) {
  try {
    if (ids.length) localStorage.setItem(GUEST_WISHLIST_KEY, JSON.stringify(ids))
    else localStorage.removeItem(GUEST_WISHLIST_KEY)
  } catch {
    // Storage full or blocked: nothing to keep the list in.
  }
  for (const listener of listeners) listener()
}

export function subscribeGuestWishlist(listener: () => void): () => void {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    if (event.key === GUEST_WISHLIST_KEY || event.key === null) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** Saves or unsaves a product; false when the list is full (the server's cap, kept here too). */
export function toggleGuestWishlist(productId: string): boolean {
  const ids = getGuestWishlist()
  if (ids.includes(productId)) {
    save(ids.filter((id) => id !== productId))
    return true
  }
  if (ids.length >= WISHLIST_MAX_ITEMS) return false
  save([...ids, productId])
  return true
}

export function clearGuestWishlist(): void {
  save(EMPTY)
}
