import { useCallback, useEffect, useRef, useState, type FocusEvent } from 'react'
import { usePrefersReducedMotion } from './use-prefers-reduced-motion'

type CarouselState = { selected: number; snapCount: number }

const EMPTY_STATE: CarouselState = { selected: 0, snapCount: 0 }

/**
 * Classes for the element `viewportRef` goes on: a horizontal scroller that stops on each slide
 * (give the slides `snap-start`) and shows no scroll bar. Swiping is the browser's own scrolling.
 */
export const CAROUSEL_VIEWPORT_CLASS =
  'snap-x snap-mandatory overflow-x-auto overflow-y-hidden overscroll-x-contain [scrollbar-width:none] [&::-webkit-scrollbar]:hidden'

/** Where each slide starts, from the first: the scroll positions the carousel stops at. */
function slideOffsets(viewport: HTMLElement): number[] {
  const slides = [...(viewport.firstElementChild?.children ?? [])] as HTMLElement[]
  const first = slides[0]?.offsetLeft ?? 0
  const last = viewport.scrollWidth - viewport.clientWidth
  const stops: number[] = []
  for (const slide of slides) {
    const offset = Math.min(slide.offsetLeft - first, last)
    // Slides that fit on the last screen all end at the same stop.
    if (!stops.length || offset > stops[stops.length - 1]! + 1) stops.push(offset)
  }
  return stops
}

/**
 * A carousel on the browser's own scroll snapping, with an auto-advance that behaves: off for
 * prefers-reduced-motion, and paused while the pointer is over the carousel or focus is inside
 * it, so nobody loses their place while reading or tabbing. Spread `pauseProps` on the element
 * that holds the slides and the buttons; put `viewportRef` and CAROUSEL_VIEWPORT_CLASS on the
 * scroller, whose one child holds the slides. Previous and next wrap around at the ends.
 *
 * It replaced Embla (7 KB compressed on the home page's first visit, issue 14): scroll snapping
 * gives swiping, momentum and keyboard scrolling for nothing.
 */
export function useCarousel({ delayMs }: { delayMs: number }) {
  const reducedMotion = usePrefersReducedMotion()
  const [viewport, setViewport] = useState<HTMLElement | null>(null)
  // Until measured (after the first paint, as the server drew it) the first slide shows and the
  // buttons wait; measuring early would force a layout while the page hydrates.
  const [state, setState] = useState<CarouselState>(EMPTY_STATE)
  const [held, setHeld] = useState(false)

  useEffect(() => {
    if (!viewport) return
    let frame = 0
    const measure = () => {
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(() => {
        const offsets = slideOffsets(viewport)
        // The stop nearest to where the scroller stands.
        let selected = 0
        offsets.forEach((offset, index) => {
          const distance = Math.abs(offset - viewport.scrollLeft)
          if (distance < Math.abs(offsets[selected]! - viewport.scrollLeft)) selected = index
        })
        setState((old) =>
          old.selected === selected && old.snapCount === offsets.length
            ? old
            : { selected, snapCount: offsets.length },
        )
      })
    }
    const idle =
      typeof requestIdleCallback === 'function'
        ? requestIdleCallback(measure, { timeout: 2500 })
        : setTimeout(measure, 500)
    viewport.addEventListener('scroll', measure, { passive: true })
    const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null
    resize?.observe(viewport)
    return () => {
      if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idle as number)
      else clearTimeout(idle)
      cancelAnimationFrame(frame)
      viewport.removeEventListener('scroll', measure)
      resize?.disconnect()
    }
  }, [viewport])

  const scrollTo = useCallback(
    (index: number) => {
      if (!viewport) return
      const offsets = slideOffsets(viewport)
      const target = offsets[(index + offsets.length) % offsets.length]
      if (target === undefined) return
      viewport.scrollTo({ left: target, behavior: reducedMotion ? 'auto' : 'smooth' })
    },
    [viewport, reducedMotion],
  )

  // The latest position, for a timer that should not restart on every scroll.
  const latest = useRef({ scrollTo, selected: state.selected })
  useEffect(() => {
    latest.current = { scrollTo, selected: state.selected }
  })
  const canMove = state.snapCount > 1
  useEffect(() => {
    if (reducedMotion || held || !canMove) return
    const id = setInterval(() => {
      if (document.visibilityState !== 'visible') return
      latest.current.scrollTo(latest.current.selected + 1)
    }, delayMs)
    return () => clearInterval(id)
  }, [reducedMotion, held, canMove, delayMs])

  // Hover and focus each hold the carousel still; it moves again only when both are gone.
  const holds = useRef({ hover: false, focus: false })
  const hold = (kind: 'hover' | 'focus', on: boolean) => {
    holds.current[kind] = on
    setHeld(holds.current.hover || holds.current.focus)
  }

  return {
    viewportRef: setViewport,
    selected: state.selected,
    snapCount: state.snapCount,
    canPrev: canMove,
    canNext: canMove,
    scrollPrev: () => scrollTo(state.selected - 1),
    scrollNext: () => scrollTo(state.selected + 1),
    scrollTo,
    pauseProps: {
      onMouseEnter: () => hold('hover', true),
      onMouseLeave: () => hold('hover', false),
      onFocus: () => hold('focus', true),
      onBlur: (event: FocusEvent<HTMLElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) hold('focus', false)
      },
    },
  }
}
