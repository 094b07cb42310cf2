import { useEffect, useState, type RefObject } from 'react'

/**
 * True once the element comes within `margin` of the viewport, and from then on. The home page's
 * lower sections wait for it before asking for their products, so the first paint fetches,
 * renders and downloads images only for what is on or near the screen (page budget, issue 7).
 * Without IntersectionObserver (old browsers, tests) everything counts as near; on the server
 * (entry-server.tsx) nothing does.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '600px'): boolean {
  // On the server nothing is near: those sections render as skeletons there and in hydration.
  const [near, setNear] = useState(
    () => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined',
  )
  useEffect(() => {
    const element = ref.current
    if (near || !element) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true)
      },
      { rootMargin: `${margin} 0px` },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref, margin, near])
  return near
}
