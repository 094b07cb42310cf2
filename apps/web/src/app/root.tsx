import { hydrate } from '@tanstack/react-query'
import { useContext, useEffect } from 'react'
import { Outlet } from 'react-router'
import { RouteGuard } from '@/app/guards/route-guard'
import { AppProviders } from '@/app/providers'
import { createQueryClient } from '@/app/query-client'
import { RenderQueryClientContext } from '@/app/render-query-client'
import { ScrollToTop } from '@/app/scroll-to-top'
import { sessionQueryKey } from '@/lib/session/get-session'
import { hasSignedInHint } from '@/lib/session/signed-in-hint'
import { ssrState } from '@/lib/ssr-state'

// Made when this chunk first loads, which happens once: the root route stays mounted. A page the
// server rendered starts with the answers the server's queries got, so nothing is fetched twice.
const browserQueryClient = createQueryClient()
if (ssrState) hydrate(browserQueryClient, ssrState.queries)

/**
 * The app around every page: server-state cache, toasts, scroll reset and the route guard. It is
 * the root route's lazily loaded component, so React Query and the rest load next to the first
 * page's code instead of in the entry chunk (page budget, issue 7).
 */
export function Root() {
  const queryClient = useContext(RenderQueryClientContext) ?? browserQueryClient
  // Says the page answers clicks: a server-rendered page shows before its code has hydrated it
  // (the e2e tests wait for this before they click). A signed-in visitor's page drawn for a guest
  // (the kept page) first learns who is signed in, so the first click is theirs.
  useEffect(() => {
    const ready = () => {
      document.documentElement.dataset.appReady = ''
    }
    const drawnForGuest = ssrState && queryClient.getQueryData(sessionQueryKey) === null
    if (drawnForGuest && hasSignedInHint()) {
      void queryClient.refetchQueries({ queryKey: sessionQueryKey }).finally(ready)
    } else {
      ready()
    }
  }, [queryClient])
  return (
    <AppProviders queryClient={queryClient}>
      <ScrollToTop />
      <RouteGuard>
        <Outlet />
      </RouteGuard>
    </AppProviders>
  )
}
