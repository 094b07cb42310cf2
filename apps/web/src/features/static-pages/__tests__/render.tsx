import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type * as React from 'react'
import { MemoryRouter } from 'react-router'
import { Toaster } from 'sonner'
import type { ShopPolicies } from '@techbazaar/shared'
import { shopPoliciesQueryOptions } from '@/lib/catalog/get-shop-policies'
import { shopPoliciesFixture } from '@/test/shop-policies'

/**
 * Renders a static page the way the shop does: router, a fresh query client holding the shop's
 * settings and identity (server rendering puts them there), the toaster.
 */
export function renderPage(ui: React.ReactElement, policies: ShopPolicies = shopPoliciesFixture) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  })
  queryClient.setQueryData(shopPoliciesQueryOptions().queryKey, policies)
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        {ui}
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}
