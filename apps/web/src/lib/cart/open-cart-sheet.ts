import { useEffect, useRef } from 'react'

const OPEN_CART = 'techbazaar:open-cart'

/**
 * Opens the header's cart sheet from anywhere on a shop page (the payment failure page's "Go to
 * cart", issue 31.4): the sheet belongs to the header, so it is asked, not imported.
 */
export function openCartSheet(): void {
  window.dispatchEvent(new Event(OPEN_CART))
}

/** The header's cart sheet listens with this. */
export function useOpenCartSheetRequests(open: () => void): void {
  const latest = useRef(open)
  useEffect(() => {
    latest.current = open
  })
  useEffect(() => {
    const listener = () => latest.current()
    window.addEventListener(OPEN_CART, listener)
    return () => window.removeEventListener(OPEN_CART, listener)
  }, [])
}
