import type { SessionUser } from '@techbazaar/shared'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type * as React from 'react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { vi } from 'vitest'
import { Toaster } from '@/components/ui/sonner'

export function createUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    _id: '0b8f3f3e-4c1e-4a53-9d7c-2f8f7e1a2b3c',
    id: '0b8f3f3e-4c1e-4a53-9d7c-2f8f7e1a2b3c',
    userName: 'Asha Verma',
    email: 'asha@example.in',
    mobile: '9876543210',
    role: 'user',
    type: 'user',
    vendorStatus: null,
    ...overrides,
  }
}

type Answer = { status: number; body: unknown }
type Handler = (body: unknown) => Answer

/** What the API answers a request without a session on the session check: 401, a guest. */
const GUEST_SESSION: Answer = {
  status: 401,
  body: { success: false, message: 'Please sign in to continue' },
}

/**
 * Replaces `globalThis.fetch` with answers by "METHOD /path" (the path after /api). Anything
 * unlisted answers as the API does a visitor without a session: the session check 401 (a
 * guest), any other path 404. Each call's parsed JSON body is kept in `fetchMock.mock.calls`.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const key = `${init?.method ?? 'GET'} ${url.pathname.replace(/^\/api/, '')}`
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    const answer =
      handlers[key]?.(body) ??
      (key === 'GET /auth/check-auth'
        ? GUEST_SESSION
        : { status: 404, body: { success: false, message: 'Not found' } })
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    })
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

/** The JSON bodies sent to `path` (after /api), in order; reads of the same path send none. */
export function sentBodies(fetchMock: ReturnType<typeof mockApi>, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => String(input) === `/api${path}` && init?.body !== undefined)
    .map(([, init]) => JSON.parse(String(init?.body)))
}

export const ok = (body: Record<string, unknown>): Answer => ({
  status: 200,
  body: { success: true, ...body },
})

export const fail = (
  status: number,
  message: string,
  errors?: { path: string; message: string }[],
): Answer => ({ status, body: { success: false, message, errors } })

/** Renders `element` at `path` in a memory router, with a fresh non-retrying cache and toasts. */
export function renderAt(path: string, element: React.ReactNode) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  })
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={element} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  )
  return { ...view, queryClient }
}
