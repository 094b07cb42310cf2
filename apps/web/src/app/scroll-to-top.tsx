import { useLayoutEffect } from 'react'
import { useLocation } from 'react-router'

/**
 * A new page starts at its top. Only the path counts: changing the listing's filters or sort
 * (the query string) keeps the shopper where they are.
 */
export function ScrollToTop() {
  const { pathname } = useLocation()
  useLayoutEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' })
  }, [pathname])
  return null
}
