import { useRef } from 'react'

/** How far a finger must travel sideways, in CSS pixels, to turn a gallery's image. */
export const SWIPE_MIN_PX = 40

/**
 * The step a finger's move from `start` to `end` asks for: +1 (swiped left, the next image),
 * -1 (swiped right, the previous one), or 0 for a tap, a short nudge or a mostly vertical move
 * (the page's own scroll).
 */
export function swipeStep(start: { x: number; y: number }, end: { x: number; y: number }) {
  const dx = end.x - start.x
  const dy = end.y - start.y
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) <= Math.abs(dy)) return 0
  return dx < 0 ? 1 : -1
}

/**
 * Pointer handlers that turn a horizontal swipe into `onStep(±1)`; mice are left to clicks.
 * `swiped()` says whether the gesture that ends in the click just fired was a swipe, so the
 * click after it does not also open the zoom. The element needs `touch-action: pan-y`, so a
 * vertical move still scrolls the page and a horizontal one comes here.
 */
export function useSwipe(onStep: (step: 1 | -1) => void) {
  const start = useRef<{ x: number; y: number } | null>(null)
  const lastWasSwipe = useRef(false)
  return {
    handlers: {
      onPointerDown(event: React.PointerEvent) {
        lastWasSwipe.current = false
        start.current =
          event.pointerType === 'mouse' ? null : { x: event.clientX, y: event.clientY }
      },
      onPointerUp(event: React.PointerEvent) {
        const from = start.current
        start.current = null
        if (!from) return
        const step = swipeStep(from, { x: event.clientX, y: event.clientY })
        if (step !== 0) {
          lastWasSwipe.current = true
          onStep(step)
        }
      },
      onPointerCancel() {
        start.current = null
      },
    },
    swiped: () => lastWasSwipe.current,
  }
}
