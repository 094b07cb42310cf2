import type { QueryClient } from '@tanstack/react-query'

/**
 * For the server's renderer only (entry-server.tsx): every enabled query a component asks for
 * while its data is not in yet suspends that component, as `useSuspenseQuery` would, and starts
 * the fetch. A prerender waits for suspended components and then draws just them again, so a
 * page is drawn once with all its data, however deep its queries sit, instead of pass by pass.
 *
 * The browser never gets this: there the hooks show their loading states as written. Disabled
 * queries (a cart before the session is known, say) stay disabled.
 */
export function suspendOnPendingQueries(client: QueryClient): void {
  const defaults = client.defaultQueryOptions.bind(client)
  const suspending: typeof defaults = (options) => {
    const defaulted = defaults(options)
    // Set by the hooks for the options they observe; fetches and prefetches go without it.
    if (defaulted._optimisticResults === 'optimistic') {
      const { enabled } = defaulted
      const isEnabled =
        typeof enabled === 'function'
          ? enabled(client.getQueryCache().build(client, defaulted))
          : enabled !== false
      if (isEnabled) defaulted.suspense = true
    }
    return defaulted
  }
  client.defaultQueryOptions = suspending
}
