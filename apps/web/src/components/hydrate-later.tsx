import { type ReactNode, Suspense } from 'react'

/**
 * Progressive hydration. Preact (the browser build's runtime, decision 48) hydrates a
 * server-rendered page in one go, where React hydrates in a transition that yields to the
 * browser every few milliseconds; a listing of 24 cards then held a phone's main thread for a
 * quarter of a second before a tap could answer. Content wrapped in `HydrateLater` is left as
 * the server drew it during that first pass and hydrated afterwards, one block a task, so taps
 * and scrolling answer in between. Preact keeps the server's markup of a component that
 * suspends while hydrating and resumes it when its promise settles. The block must draw exactly
 * one element in every state: Preact keeps the first element after the block's place for it, so
 * a block that drew nothing on the server would take its next sibling and remove it.
 *
 * Outside the first hydration (the server, client-side navigation, React in development and
 * the unit tests) the children render at once.
 */

/** The blocks the first hydration left, by the key their wrapper gave, until their turn. */
const slots = new Map<string, Promise<void>>()
const waiting: (() => void)[] = []
let firstPass = false

/**
 * One block a task: a message is the quickest way to yield to the browser and come back. The
 * channel is made on the first hydration, never at import: this module is also loaded by the
 * server's renderer, and in Node a port with a message handler is a referenced handle that keeps
 * the process alive for good (the bench's process never exited after its page rows).
 */
let channel: MessageChannel | null = null

function nextTurn(): void {
  if (!channel) {
    const made = new MessageChannel()
    made.port1.onmessage = () => {
      waiting.shift()?.()
      if (waiting.length) made.port2.postMessage(null)
    }
    channel = made
  }
  channel.port2.postMessage(null)
}

/** Runs the first hydration of a server-rendered page, leaving the wrapped blocks for later. */
export function hydrateProgressively(hydrate: () => void): void {
  firstPass = typeof MessageChannel !== 'undefined'
  try {
    hydrate()
  } finally {
    firstPass = false
  }
  if (waiting.length) nextTurn()
}

/** The promise that settles on the block's turn; its slot is gone from then on. */
function turnOf(key: string): Promise<void> {
  let turn = slots.get(key)
  if (!turn) {
    turn = new Promise<void>((resolve) =>
      waiting.push(() => {
        slots.delete(key)
        resolve()
      }),
    )
    slots.set(key, turn)
  }
  return turn
}

function WaitForTurn({ slot, children }: { slot: string; children: ReactNode }) {
  // Suspending keeps the server's markup in place until this block's turn.
  if (firstPass || slots.has(slot)) throw turnOf(slot)
  return children
}

/** Hydrates `children` (one element) after the rest of the page; blocks sharing a `slot` go together. */
export function HydrateLater({ slot, children }: { slot: string; children: ReactNode }) {
  // No boundary on the server: React would stream a boundary whose content suspends as a
  // placeholder filled in by an inline script, and the block's markup is all the browser needs.
  if (import.meta.env.SSR) return children
  return (
    <Suspense fallback={null}>
      <WaitForTurn slot={slot}>{children}</WaitForTurn>
    </Suspense>
  )
}
