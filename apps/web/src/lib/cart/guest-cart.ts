import type { MergeCartInput } from '@techbazaar/shared'

/**
 * The guest cart: product ids and quantities in localStorage under `guestCart`. Prices and
 * stock are never stored here; they come from the catalog, so a stale tab cannot hold an old
 * price. A tiny store (subscribe/snapshot) lets every component, including the header badge,
 * follow changes, also those made in another tab.
 */
/** One guest line: what goes into the server cart at sign-in. */
export type GuestCartLine = MergeCartInput['items'][number]

export const GUEST_CART_KEY = 'guestCart'

const EMPTY: readonly GuestCartLine[] = Object.freeze([])
const listeners = new Set<() => void>()
let cachedRaw: string | null = null
let cachedLines: readonly GuestCartLine[] = EMPTY

function readRaw(): string | null {
  try {
    return localStorage.getItem(GUEST_CART_KEY)
  } catch {
    return null
  }
}

/** Keeps well-formed lines only, merging duplicates, so a hand-edited value cannot break the cart. */
function parse(raw: string | null): readonly GuestCartLine[] {
  if (!raw) return EMPTY
  try {
    const value: unknown = JSON.parse(raw)
    if (!Array.isArray(value)) return EMPTY
    const merged = new Map<string, number>()
    for (const entry of value) {
      if (!entry || typeof entry !== 'object') continue
      const { productId, quantity } = entry as Record<string, unknown>
      if (typeof productId !== 'string' || !productId) continue
      if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) continue
      merged.set(productId, (merged.get(productId) ?? 0) + quantity)
    }
    return [...merged].map(([productId, quantity]) => ({ productId, quantity }))
  } catch {
    return EMPTY
  }
}

/** The current lines; the same array is returned until the stored value changes. */
export function getGuestCart(): readonly GuestCartLine[] {
  const raw = readRaw()
  if (raw !== cachedRaw) {
    cachedRaw = raw
    cachedLines = parse(raw)
  }
  return cachedLines
}

export function getServerGuestCart(): readonly GuestCartLine[] {
  return EMPTY
}

function save(lines: readonly GuestCartLine[]) {
  try {
    if (lines.length) localStorage.setItem(GUEST_CART_KEY, JSON.stringify(lines))
    else localStorage.removeItem(GUEST_CART_KEY)
  } catch {
    // Storage full or blocked: nothing to keep the cart in; the next read shows what is stored.
  }
  for (const listener of listeners) listener()
}

export function subscribeGuestCart(listener: () => void): () => void {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    if (event.key === GUEST_CART_KEY || event.key === null) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

export function guestCartQuantity(productId: string): number {
  return getGuestCart().find((line) => line.productId === productId)?.quantity ?? 0
}

/** Adds `quantity` of a product, merging with a line that already holds it. */
export function addGuestCartItem(productId: string, quantity = 1): void {
  const lines = getGuestCart()
  const existing = lines.find((line) => line.productId === productId)
  save(
    existing
      ? lines.map((line) =>
          line.productId === productId ? { ...line, quantity: line.quantity + quantity } : line,
        )
      : [...lines, { productId, quantity }],
  )
}

/** Sets a line's quantity; 0 or less removes the line. */
export function updateGuestCartItem(productId: string, quantity: number): void {
  if (quantity < 1) return removeGuestCartItem(productId)
  save(
    getGuestCart().map((line) =>
      line.productId === productId ? { ...line, quantity: Math.floor(quantity) } : line,
    ),
  )
}

export function removeGuestCartItem(productId: string): void {
  save(getGuestCart().filter((line) => line.productId !== productId))
}

export function clearGuestCart(): void {
  save(EMPTY)
}
