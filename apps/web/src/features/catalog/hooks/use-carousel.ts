import Autoplay from 'embla-carousel-autoplay'
import useEmblaCarousel, { type UseEmblaCarouselType } from 'embla-carousel-react'
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type FocusEvent,
} from 'react'
import { usePrefersReducedMotion } from './use-prefers-reduced-motion'

type CarouselApi = UseEmblaCarouselType[1]
type CarouselOptions = NonNullable<Parameters<typeof useEmblaCarousel>[0]>
type CarouselState = { selected: number; snapCount: number; canPrev: boolean; canNext: boolean }

const EMPTY_STATE = JSON.stringify({ selected: 0, snapCount: 0, canPrev: false, canNext: false })

function readState(api: CarouselApi): string {
  if (!api) return EMPTY_STATE
  return JSON.stringify({
    selected: api.selectedScrollSnap(),
    snapCount: api.scrollSnapList().length,
    canPrev: api.canScrollPrev(),
    canNext: api.canScrollNext(),
  })
}

/**
 * Embla plus an auto-advance that behaves: off for prefers-reduced-motion, and paused while
 * the pointer is over the carousel or focus is inside it, so nobody loses their place while
 * reading or tabbing. Spread `pauseProps` on the element that holds the slides and the buttons.
 */
export function useCarousel({ delayMs, options }: { delayMs: number; options?: CarouselOptions }) {
  const reducedMotion = usePrefersReducedMotion()
  const [emblaRef, api] = useEmblaCarousel(
    { loop: true, align: 'start', ...options },
    reducedMotion
      ? []
      : [Autoplay({ delay: delayMs, stopOnInteraction: false, stopOnFocusIn: false })],
  )

  // Embla measures the whole page when it starts (a forced layout): it starts once the page is
  // idle after its first paint and hydration, or at once when someone points at or tabs into
  // the carousel. Until then the first slide shows, as the server drew it.
  const [viewport, setViewport] = useState<HTMLElement | null>(null)
  const [started, setStarted] = useState(false)
  useEffect(() => {
    if (started) return
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(() => setStarted(true), { timeout: 2500 })
      return () => cancelIdleCallback(id)
    }
    const id = setTimeout(() => setStarted(true), 500)
    return () => clearTimeout(id)
  }, [started])
  useEffect(() => {
    emblaRef(started ? viewport : null)
  }, [emblaRef, started, viewport])

  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!api) return () => {}
      api.on('select', onChange).on('reInit', onChange)
      return () => {
        api.off('select', onChange).off('reInit', onChange)
      }
    },
    [api],
  )
  // A string snapshot is stable between calls as long as nothing changed.
  const snapshot = useSyncExternalStore(
    subscribe,
    () => readState(api),
    () => EMPTY_STATE,
  )
  const state = JSON.parse(snapshot) as CarouselState

  // Hover and focus each hold the carousel still; it moves again only when both are gone.
  const holds = useRef({ hover: false, focus: false })
  const update = useCallback(
    (hold: 'hover' | 'focus', on: boolean) => {
      holds.current[hold] = on
      const autoplay = api?.plugins().autoplay
      if (!autoplay) return
      if (holds.current.hover || holds.current.focus) autoplay.stop()
      else autoplay.play()
    },
    [api],
  )

  // A hold that began before Embla started applies once it has.
  useEffect(() => {
    if (holds.current.hover || holds.current.focus) api?.plugins().autoplay?.stop()
  }, [api])

  return {
    viewportRef: setViewport,
    ...state,
    scrollPrev: () => api?.scrollPrev(),
    scrollNext: () => api?.scrollNext(),
    scrollTo: (index: number) => api?.scrollTo(index),
    pauseProps: {
      onPointerDown: () => setStarted(true),
      onMouseEnter: () => {
        setStarted(true)
        update('hover', true)
      },
      onMouseLeave: () => update('hover', false),
      onFocus: () => {
        setStarted(true)
        update('focus', true)
      },
      onBlur: (event: FocusEvent<HTMLElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
          update('focus', false)
        }
      },
    },
  }
}
