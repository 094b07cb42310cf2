import { useLayoutEffect, useRef } from 'react'
import { useLocation } from 'react-router'

/**
 * A new page starts at its top. Only the path counts: changing the listing's filters or sort
 * (the query string) keeps the shopper where they are. The first page is left where the browser
 * put it (a server-rendered page may already have been scrolled before its code ran).
 */
export function ScrollToTop() {
  const { pathname } = useLocation()
  const firstPath = useRef(pathname)
  useLayoutEffect(() => {
    if (firstPath.current === pathname) return
    firstPath.current = ''
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' })
  }, [pathname])
  return null
}
