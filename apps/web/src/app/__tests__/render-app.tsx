import type { SessionUser } from '@techbazaar/shared'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router'
import { vi } from 'vitest'

export function createUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    _id: '0b8f3f3e-4c1e-4a53-9d7c-2f8f7e1a2b3c',
    id: '0b8f3f3e-4c1e-4a53-9d7c-2f8f7e1a2b3c',
    userName: 'ravi',
    email: 'ravi@example.in',
    mobile: '9876543210',
    role: 'user',
    type: 'user',
    vendorStatus: null,
    ...overrides,
  }
}

type Handler = (init: RequestInit | undefined) => { status: number; body?: unknown }

/**
 * Replaces `globalThis.fetch` with answers by "METHOD /path" (the path after /api, without the
 * query). Anything unlisted answers as the API does a visitor without a session: the session
 * check 401 (a guest), any other path 404.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const key = `${init?.method ?? 'GET'} ${url.pathname.replace(/^\/api/, '')}`
    const answer =
      handlers[key]?.(init) ??
      (key === 'GET /auth/check-auth'
        ? guest(init)
        : { status: 404, body: { success: false, message: 'Not found' } })
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    })
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

export const signedIn =
  (user: SessionUser): Handler =>
  () => ({
    status: 200,
    body: { success: true, user },
  })

/** What the API answers the session check without a session. */
export const guest: Handler = () => ({
  status: 401,
  body: { success: false, message: 'Please sign in to continue' },
})

/** Renders routes in a memory router with a fresh, non-retrying query cache. */
export function renderRoutes(routes: RouteObject[], initialEntry: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  })
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] })
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return { ...view, router, queryClient }
}
