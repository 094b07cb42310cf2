import type { QueryClient } from '@tanstack/react-query'

/**
 * For the server's renderer only (entry-server.tsx): how every query behaves during a render.
 *
 * - An enabled query a component asks for while its data is not in yet suspends that component,
 *   as `useSuspenseQuery` would, and starts the fetch. A prerender waits for suspended components
 *   and then draws just them again, so a page is drawn once with all its data, however deep its
 *   queries sit, instead of pass by pass.
 * - A query that failed is not fetched again when a component asks for it again
 *   (`retryOnMount: false`). The prerender draws a suspended component again once its fetch
 *   settles; a failed query fetched anew on that mount, failed, woke the prerender, which drew the
 *   component again... for ever, without waiting on a timer (issue 26.2: `?product=` of no
 *   product held the server until it stopped answering). It renders its error state instead of
 *   suspending, and the render ends (entry-server.tsx sends the shell).
 * - No query is tried twice, whatever its own `retry` says: a render answers one visitor now, and
 *   a retry's back-off only keeps the render, and the visitor, waiting. The browser retries.
 *
 * The browser never gets this: there the hooks show their loading states as written. Disabled
 * queries (a cart before the session is known, say) stay disabled.
 */
export function applyRenderQueryPolicy(client: QueryClient): void {
  const defaults = client.defaultQueryOptions.bind(client)
  const forRender: typeof defaults = (options) => {
    const defaulted = defaults(options)
    defaulted.retry = false
    defaulted.retryOnMount = false
    // Set by the hooks for the options they observe; fetches and prefetches go without it.
    if (defaulted._optimisticResults === 'optimistic') {
      const { enabled } = defaulted
      const isEnabled =
        typeof enabled === 'function'
          ? enabled(client.getQueryCache().build(client, defaulted))
          : enabled !== false
      const failed = client.getQueryCache().get(defaulted.queryHash)?.state.status === 'error'
      if (isEnabled && !failed) defaulted.suspense = true
    }
    return defaulted
  }
  client.defaultQueryOptions = forRender
}
