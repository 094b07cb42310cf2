import { Outlet } from 'react-router'
import { RouteGuard } from '@/app/guards/route-guard'
import { AppProviders } from '@/app/providers'
import { createQueryClient } from '@/app/query-client'
import { ScrollToTop } from '@/app/scroll-to-top'

// Made when this chunk first loads, which happens once: the root route stays mounted.
const queryClient = createQueryClient()

/**
 * The app around every page: server-state cache, toasts, scroll reset and the route guard. It is
 * the root route's lazily loaded component, so React Query and the rest load next to the first
 * page's code instead of in the entry chunk (page budget, issue 7).
 */
export function Root() {
  return (
    <AppProviders queryClient={queryClient}>
      <ScrollToTop />
      <RouteGuard>
        <Outlet />
      </RouteGuard>
    </AppProviders>
  )
}
