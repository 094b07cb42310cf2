/** The order id waiting for its payment to be captured (kept per tab, as the spec says). */
const KEY = 'pending_order_id'

export const pendingOrder = {
  get: (): string | null => {
    try {
      return sessionStorage.getItem(KEY)
    } catch {
      return null
    }
  },
  set: (orderId: string) => {
    try {
      sessionStorage.setItem(KEY, orderId)
    } catch {
      // Private mode without storage: the return page also reads the id from its URL.
    }
  },
  clear: () => {
    try {
      sessionStorage.removeItem(KEY)
    } catch {
      // Nothing stored.
    }
  },
}
