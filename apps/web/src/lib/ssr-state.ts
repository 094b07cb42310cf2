import type { DehydratedState } from '@tanstack/react-query'
import type { HydrationState } from 'react-router'

/**
 * What the server-side renderer (entry-server.tsx) hands the browser with a rendered page: the
 * answers its queries got and the router's state. It travels as a JSON data block, which the
 * Content-Security-Policy allows (an inline script would be blocked).
 */
export interface SsrState {
  queries: DehydratedState
  router: HydrationState
}

export const SSR_STATE_ELEMENT_ID = 'ssr-state'

function read(): SsrState | null {
  if (typeof document === 'undefined') return null
  const text = document.getElementById(SSR_STATE_ELEMENT_ID)?.textContent
  if (!text) return null
  try {
    return JSON.parse(text) as SsrState
  } catch {
    return null
  }
}

/** The state of the page as the server rendered it; null for a page the browser renders alone. */
export const ssrState: SsrState | null = read()

/** JSON that cannot end the <script> element it sits in, nor open a comment there. */
export function serializeSsrState(state: SsrState): string {
  return JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}
