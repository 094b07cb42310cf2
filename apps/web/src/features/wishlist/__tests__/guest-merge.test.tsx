import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { getGuestWishlist, GUEST_WISHLIST_KEY } from '@/lib/wishlist/guest-wishlist'
import { renderRoute } from '@/test/route-helpers'
import { mockWishlistServer } from '@/test/wishlist-server'
import { WishlistLink } from '../components/wishlist-link'

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

describe('the guest wishlist at sign-in', () => {
  beforeEach(() => localStorage.clear())
  afterEach(() => vi.unstubAllGlobals())

  it("sends the guest's saved products to the shopper's wishlist at sign-in, then forgets them", async () => {
    const guestId = '00000000-0000-4000-8000-000000000009'
    localStorage.setItem(GUEST_WISHLIST_KEY, JSON.stringify([guestId, 'not-an-id']))
    const calls = mockWishlistServer([])
    renderRoute(<WishlistLink />)
    await waitFor(() => expect(getGuestWishlist()).toEqual([]), { timeout: 4000 })
    expect(calls.find((c) => c.path === '/api/shop/wishlist/merge')?.body).toEqual({
      productIds: [guestId],
    })
    expect(await screen.findByRole('link', { name: 'Wishlist, 1 item' })).toHaveAttribute(
      'href',
      '/wishlist',
    )
  })
})
