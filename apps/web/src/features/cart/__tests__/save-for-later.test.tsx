import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CartSheet } from '../components/cart-sheet'
import { addGuestCartItem, getGuestCart } from '@/lib/cart/guest-cart'
import { getGuestWishlist } from '@/lib/wishlist/guest-wishlist'
import { toast } from '@/lib/toast'
import { createProduct, jsonResponse, mockFetch, renderRoute } from '@/test/route-helpers'
import { mockWishlistServer } from '@/test/wishlist-server'

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

const PHONE = createProduct({ _id: '00000000-0000-4000-8000-000000000001', title: 'Galaxy S25' })

describe('Save for later on cart lines', () => {
  beforeEach(() => {
    localStorage.clear()
    vi.mocked(toast.success).mockClear()
  })
  afterEach(() => vi.unstubAllGlobals())

  it("moves a guest's cart line to the guest wishlist", async () => {
    mockFetch((url) =>
      url.pathname === `/api/shop/products/get/${PHONE._id}`
        ? jsonResponse({ success: true, data: PHONE })
        : undefined,
    )
    addGuestCartItem(PHONE._id, 2)
    const u = userEvent.setup()
    renderRoute(<CartSheet />)
    await u.click(await screen.findByRole('button', { name: /^Cart, 2 items/ }, { timeout: 4000 }))
    const sheet = await screen.findByRole('dialog')
    await u.click(
      await within(sheet).findByRole(
        'button',
        { name: 'Save for later: Galaxy S25' },
        { timeout: 4000 },
      ),
    )
    expect(toast.success).toHaveBeenCalledWith('Saved for later')
    expect(getGuestCart()).toEqual([])
    expect(getGuestWishlist()).toEqual([PHONE._id])
  })

  it("moves a shopper's cart line to the server wishlist in one call", async () => {
    const calls = mockWishlistServer([], {
      cart: [
        {
          productId: PHONE._id,
          shortId: 'gs25line',
          quantity: 1,
          title: 'Galaxy S25',
          image: '/uploads/seed/s25.webp',
          price: 80_000,
          salePrice: 0,
          totalStock: 5,
          orderLimit: 5,
          available: true,
        },
      ],
    })
    const u = userEvent.setup()
    renderRoute(<CartSheet />)
    await u.click(await screen.findByRole('button', { name: /^Cart, 1 item/ }, { timeout: 4000 }))
    const sheet = await screen.findByRole('dialog')
    await u.click(await within(sheet).findByRole('button', { name: 'Save for later: Galaxy S25' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Saved for later'))
    expect(
      calls.some(
        (c) => c.method === 'POST' && c.path === `/api/shop/wishlist/from-cart/${PHONE._id}`,
      ),
    ).toBe(true)
    expect(await within(sheet).findByText('Your cart is empty.')).toBeInTheDocument()
    expect(getGuestWishlist()).toEqual([])
  })
})
