import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ShopHeader } from '@/app/layouts/shop/shop-header'
import { createUser, guest, mockApi, renderRoutes, signedIn } from './render-app'

// The cart sheet is the cart feature's; the header only places it.
vi.mock('@/features/cart/components/cart-sheet', () => ({
  CartSheet: () => <button type="button">Cart</button>,
}))

function renderHeader(at = '/') {
  return renderRoutes([{ path: '*', element: <ShopHeader /> }], at)
}

afterEach(() => {
  vi.unstubAllGlobals()
  sessionStorage.clear()
})

describe('ShopHeader', () => {
  it('offers a guest the Sign In menu', async () => {
    mockApi({ 'GET /auth/check-auth': guest })
    const user = userEvent.setup()
    renderHeader('/shop/listing?category=electronics')

    await user.click(await screen.findByRole('button', { name: 'Sign In' }))
    const menu = await screen.findByRole('menu')
    expect(within(menu).getByRole('menuitem', { name: 'Login' })).toHaveAttribute('href', '/login')
    expect(
      within(menu).getByRole('menuitem', { name: 'Create Account as Seller' }),
    ).toHaveAttribute('href', '/register/seller')
    expect(within(menu).getByRole('menuitem', { name: 'Create Account' })).toHaveAttribute(
      'href',
      '/register/user',
    )
    expect(screen.queryByRole('button', { name: /account menu/i })).not.toBeInTheDocument()

    // Signing in from here comes back to this page.
    await user.click(within(menu).getByRole('menuitem', { name: 'Login' }))
    expect(sessionStorage.getItem('previous_url')).toBe('/shop/listing?category=electronics')
  })

  it('shows a signed-in shopper the avatar letter and the account menu', async () => {
    mockApi({ 'GET /auth/check-auth': signedIn(createUser({ userName: 'ravi' })) })
    const user = userEvent.setup()
    renderHeader()

    const trigger = await screen.findByRole('button', { name: 'Account menu for ravi' })
    expect(within(trigger).getByText('R')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument()

    await user.click(trigger)
    const menu = await screen.findByRole('menu')
    expect(within(menu).getByText('ravi')).toBeInTheDocument()
    expect(menu).toHaveTextContent('Logged in as ravi')
    expect(within(menu).getByRole('menuitem', { name: 'Account' })).toHaveAttribute(
      'href',
      '/shop/account',
    )
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument()
  })

  it('logs out and goes home as a guest', async () => {
    const fetchMock = mockApi({
      'GET /auth/check-auth': signedIn(createUser({ userName: 'ravi' })),
      'POST /auth/logout': () => ({ status: 200, body: { success: true, message: 'Logged out' } }),
    })
    const user = userEvent.setup()
    const { router } = renderHeader('/shop/listing')

    await user.click(await screen.findByRole('button', { name: 'Account menu for ravi' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }))

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/logout',
      expect.objectContaining({ method: 'POST' }),
    )
  })

  it("links the navigation to the categories' landing pages and orders, beside the search box", async () => {
    mockApi({ 'GET /auth/check-auth': guest })
    renderHeader()
    const nav = (await screen.findAllByRole('navigation', { name: 'Main' }))[0]!
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/')
    expect(within(nav).getByRole('link', { name: 'Electronics' })).toHaveAttribute(
      'href',
      '/c/electronics',
    )
    expect(within(nav).getByRole('link', { name: 'Accessories' })).toHaveAttribute(
      'href',
      '/c/accessories',
    )
    // Search is a box in the header now (issue 31.1), not a link to the search page.
    expect(within(nav).queryByRole('link', { name: 'Search products' })).not.toBeInTheDocument()
    const search = screen.getByRole('search')
    expect(within(search).getByRole('combobox', { name: 'Search products' })).toBeVisible()
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/shop/account')
  })

  it('on the listing, a category link changes only the category parameter', async () => {
    mockApi({ 'GET /auth/check-auth': guest })
    const user = userEvent.setup()
    const { router } = renderHeader(
      '/shop/listing?category=electronics&brand=apple&sortBy=title-atoz',
    )
    const nav = (await screen.findAllByRole('navigation', { name: 'Main' }))[0]!

    expect(within(nav).getByRole('link', { name: 'Electronics' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await user.click(within(nav).getByRole('link', { name: 'Accessories' }))

    await waitFor(() => expect(router.state.location.search).toContain('category=accessories'))
    const params = new URLSearchParams(router.state.location.search)
    expect(params.get('brand')).toBe('apple')
    expect(params.get('sortBy')).toBe('title-atoz')
    expect(router.state.location.pathname).toBe('/shop/listing')
  })
})
