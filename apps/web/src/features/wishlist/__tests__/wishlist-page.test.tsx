import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { toast } from '@/lib/toast'
import { renderRoute } from '@/test/route-helpers'
import WishlistPage from '../pages/wishlist-page'
import { item, mockWishlistServer } from '@/test/wishlist-server'

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

const CABLE = item({
  productId: '00000000-0000-4000-8000-000000000002',
  title: 'USB-C Cable',
  price: 499,
  salePrice: 0,
  savedPrice: 499,
  totalStock: 0,
})

describe('WishlistPage', () => {
  beforeEach(() => {
    localStorage.clear()
    vi.mocked(toast.success).mockClear()
    vi.mocked(toast.error).mockClear()
  })
  afterEach(() => vi.unstubAllGlobals())

  it('lists the saved products with a price drop and what cannot be bought', async () => {
    mockWishlistServer([
      item(),
      CABLE,
      item({ productId: crypto.randomUUID(), title: 'Old TV', available: false }),
    ])
    renderRoute(<WishlistPage />)
    expect(
      await screen.findByRole('link', { name: 'Galaxy S25' }, { timeout: 4000 }),
    ).toHaveAttribute('href', '/p/galaxy-s25-gs25line')
    expect(screen.getByText('Price dropped from ₹79,999')).toBeInTheDocument()
    const rows = screen.getAllByRole('listitem')
    expect(within(rows[1]!).getByText('Out of stock')).toBeInTheDocument()
    expect(within(rows[1]!).getByRole('button', { name: /Move to cart/ })).toBeDisabled()
    expect(within(rows[2]!).getByText('This product is no longer available.')).toBeInTheDocument()
    expect(within(rows[0]!).getByRole('button', { name: /Move to cart/ })).toBeEnabled()
  })

  it('moves a product to the cart and removes another', async () => {
    const calls = mockWishlistServer([item(), CABLE])
    const u = userEvent.setup()
    renderRoute(<WishlistPage />)
    await screen.findByRole('link', { name: 'Galaxy S25' }, { timeout: 4000 })
    const rows = screen.getAllByRole('listitem')
    await u.click(within(rows[0]!).getByRole('button', { name: /Move to cart/ }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Moved to cart'))
    expect(
      calls.some((c) => c.method === 'POST' && c.path.endsWith(`${item().productId}/to-cart`)),
    ).toBe(true)
    expect(screen.queryByText('Galaxy S25')).not.toBeInTheDocument()
    await u.click(screen.getByRole('button', { name: 'Remove USB-C Cable' }))
    expect(await screen.findByText('Your wishlist is empty')).toBeInTheDocument()
  })

  it('turns the price-drop mails on', async () => {
    const calls = mockWishlistServer([item()])
    const u = userEvent.setup()
    renderRoute(<WishlistPage />)
    const box = await screen.findByRole('checkbox', { name: /price drops/ }, { timeout: 4000 })
    expect(box).not.toBeChecked()
    await u.click(box)
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Preferences saved'))
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ notify: true })
    expect(screen.getByRole('checkbox', { name: /price drops/ })).toBeChecked()
  })

  it('says when the list is empty', async () => {
    mockWishlistServer([])
    renderRoute(<WishlistPage />)
    expect(
      await screen.findByText('Your wishlist is empty', {}, { timeout: 4000 }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute(
      'href',
      '/shop/listing',
    )
  })

  it('says when the list cannot be loaded, and offers to try again', async () => {
    mockWishlistServer([item()], { fail: true })
    renderRoute(<WishlistPage />)
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(
      'Your wishlist could not be loaded.',
    )
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })
})
