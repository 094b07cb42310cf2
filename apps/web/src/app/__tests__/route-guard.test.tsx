import { screen } from '@testing-library/react'
import { Outlet, type RouteObject } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { RouteGuard } from '@/app/guards/route-guard'
import { createUser, guest, mockApi, renderRoutes, signedIn } from './render-app'

const page = (path: string): RouteObject => ({ path, element: <h1>{`page ${path}`}</h1> })

const routes: RouteObject[] = [
  {
    element: (
      <RouteGuard>
        <Outlet />
      </RouteGuard>
    ),
    children: [
      page('/'),
      page('/login'),
      page('/shop/listing'),
      page('/shop/checkout'),
      page('/admin/dashboard'),
      page('/admin/products'),
      page('/aboutUs'),
      page('/unauth-page'),
    ],
  },
]

afterEach(() => {
  vi.unstubAllGlobals()
  sessionStorage.clear()
})

describe('RouteGuard', () => {
  it('shows a spinner, not the page, while the session loads', async () => {
    let answer: (value: Response) => void = () => {}
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    )
    renderRoutes(routes, '/admin/dashboard')

    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument()
    expect(screen.queryByRole('heading')).not.toBeInTheDocument()
    answer(new Response(JSON.stringify({ success: false, message: 'no' }), { status: 401 }))
    expect(await screen.findByRole('heading', { name: 'page /login' })).toBeInTheDocument()
  })

  it('lets a guest browse the listing', async () => {
    mockApi({ 'GET /auth/check-auth': guest })
    renderRoutes(routes, '/shop/listing')
    expect(await screen.findByRole('heading', { name: 'page /shop/listing' })).toBeInTheDocument()
  })

  it('treats a session check that keeps failing as a guest', async () => {
    mockApi({
      'GET /auth/check-auth': () => ({
        status: 500,
        body: { success: false, message: 'Something went wrong' },
      }),
    })
    renderRoutes(routes, '/')
    expect(await screen.findByRole('heading', { name: 'page /' })).toBeInTheDocument()
  })

  it('sends a guest at checkout to sign in, then back to checkout', async () => {
    mockApi({ 'GET /auth/check-auth': guest })
    const { router, queryClient } = renderRoutes(routes, '/shop/checkout')

    expect(await screen.findByRole('heading', { name: 'page /login' })).toBeInTheDocument()
    expect(sessionStorage.getItem('previous_url')).toBe('/shop/checkout')

    // What the login form does on success.
    queryClient.setQueryData(['session'], createUser())
    expect(await screen.findByRole('heading', { name: 'page /shop/checkout' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/shop/checkout')
    expect(sessionStorage.getItem('previous_url')).toBeNull()
  })

  it('keeps shoppers out of the admin area', async () => {
    mockApi({ 'GET /auth/check-auth': signedIn(createUser()) })
    renderRoutes(routes, '/admin/dashboard')
    expect(await screen.findByRole('heading', { name: 'page /unauth-page' })).toBeInTheDocument()
  })

  it('sends a signed-in seller from login to its products', async () => {
    mockApi({
      'GET /auth/check-auth': signedIn(createUser({ role: 'admin', type: 'vendor' })),
    })
    renderRoutes(routes, '/login')
    expect(await screen.findByRole('heading', { name: 'page /admin/products' })).toBeInTheDocument()
  })

  it.each([
    ['an admin', 'admin', '/', '/admin/dashboard'],
    ['an admin', 'admin', '/aboutUs', '/admin/dashboard'],
    ['a seller', 'vendor', '/aboutUs', '/admin/products'],
  ] as const)(
    'sends %s on %s to the back office, never showing the shop page',
    async (_, type, from, to) => {
      mockApi({ 'GET /auth/check-auth': signedIn(createUser({ role: 'admin', type })) })
      const { router } = renderRoutes(routes, from)
      expect(await screen.findByRole('heading', { name: `page ${to}` })).toBeInTheDocument()
      expect(router.state.location.pathname).toBe(to)
      expect(screen.queryByRole('heading', { name: `page ${from}` })).not.toBeInTheDocument()
    },
  )
})
