import { useSyncExternalStore } from 'react'

const noSubscription = () => () => {}

/**
 * False while the page is server-drawn HTML (and during hydration), true once React runs it in
 * the browser. A form the server renders keeps its submit button disabled until then: a press
 * before hydration would make the browser submit natively, putting the password in the URL.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
}
