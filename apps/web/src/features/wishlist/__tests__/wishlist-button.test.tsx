import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderToString } from 'react-dom/server'
import { QueryClientProvider } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { WishlistButton } from '@/components/wishlist-button'
import { getGuestWishlist, GUEST_WISHLIST_KEY } from '@/lib/wishlist/guest-wishlist'
import { toast } from '@/lib/toast'
import { createTestQueryClient, renderRoute } from '@/test/route-helpers'
import { item, mockWishlistServer, shopper } from '@/test/wishlist-server'

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

const PHONE_ID = '00000000-0000-4000-8000-000000000001'
const heart = (name: RegExp) => screen.findByRole('button', { name }, { timeout: 4000 })

describe('WishlistButton', () => {
  beforeEach(() => {
    localStorage.clear()
    vi.mocked(toast.success).mockClear()
    vi.mocked(toast.error).mockClear()
  })
  afterEach(() => vi.unstubAllGlobals())

  it("keeps a guest's hearts in this browser, pressed and unpressed", async () => {
    mockWishlistServer([], { user: null })
    const u = userEvent.setup()
    renderRoute(<WishlistButton productId={PHONE_ID} title="Galaxy S25" />)
    const button = await heart(/^Save to wishlist: Galaxy S25$/)
    expect(button).toHaveAttribute('aria-pressed', 'false')
    await u.click(button)
    expect(getGuestWishlist()).toEqual([PHONE_ID])
    expect(toast.success).toHaveBeenCalledWith('Saved to wishlist')
    const pressed = await heart(/^Remove from wishlist: Galaxy S25$/)
    expect(pressed).toHaveAttribute('aria-pressed', 'true')
    await u.click(pressed)
    expect(getGuestWishlist()).toEqual([])
    expect(localStorage.getItem(GUEST_WISHLIST_KEY)).toBeNull()
  })

  it("shows and changes a signed-in shopper's saved state on the server", async () => {
    const calls = mockWishlistServer([item({ productId: PHONE_ID })])
    const u = userEvent.setup()
    renderRoute(<WishlistButton productId={PHONE_ID} title="Galaxy S25" />)
    await u.click(await heart(/^Remove from wishlist/))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Removed from wishlist'))
    expect(calls.some((c) => c.method === 'DELETE' && c.path.endsWith(PHONE_ID))).toBe(true)
    await u.click(await heart(/^Save to wishlist/))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Saved to wishlist'))
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ productId: PHONE_ID })
    expect(await heart(/^Remove from wishlist/)).toHaveAttribute('aria-pressed', 'true')
    // The guest list is not touched for a shopper.
    expect(getGuestWishlist()).toEqual([])
  })

  it('renders unpressed on the server whatever this browser saved (cached pages)', () => {
    localStorage.setItem(GUEST_WISHLIST_KEY, JSON.stringify([PHONE_ID]))
    const html = renderToString(
      <QueryClientProvider client={createTestQueryClient()}>
        <WishlistButton productId={PHONE_ID} title="Galaxy S25" />
      </QueryClientProvider>,
    )
    expect(html).toContain('aria-pressed="false"')
    expect(html).toContain('Save to wishlist: Galaxy S25')
  })

  it('shows no heart to back-office accounts', async () => {
    mockWishlistServer([], { user: { ...shopper, role: 'admin', type: 'vendor' } })
    const { container } = renderRoute(<WishlistButton productId={PHONE_ID} title="Galaxy S25" />)
    await waitFor(() => expect(container.querySelector('button')).toBeNull())
    expect(vi.mocked(fetch).mock.calls.some(([u]) => String(u).includes('/shop/wishlist'))).toBe(
      false,
    )
  })
})
