import { QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook } from '@testing-library/react'
import type * as React from 'react'
import { toast } from '@/lib/toast'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import {
  createTestQueryClient,
  guestSessionResponse,
  jsonResponse,
  mockFetch,
} from '@/test/route-helpers'
import {
  addGuestCartItem,
  getGuestCart,
  GUEST_CART_KEY,
  removeGuestCartItem,
  updateGuestCartItem,
} from './guest-cart'
import { useCart } from './use-cart'
import { sessionQueryKey } from '@/lib/session/get-session'

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

/** useCart as a guest: the session check answers 401, as the API does without a session. */
function renderGuestCart() {
  mockFetch((url) => (url.pathname === '/api/auth/check-auth' ? guestSessionResponse() : undefined))
  const client = createTestQueryClient()
  return renderHook(() => useCart(), {
    wrapper: ({ children }: { children: React.ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    ),
  })
}

const PHONE = '00000000-0000-4000-8000-000000000001'
const EARBUDS = '00000000-0000-4000-8000-000000000002'

describe('guest cart storage', () => {
  beforeEach(() => localStorage.clear())

  it('adds lines and merges the quantity of a product already in the cart', () => {
    addGuestCartItem(PHONE)
    addGuestCartItem(EARBUDS, 2)
    addGuestCartItem(PHONE)
    expect(getGuestCart()).toEqual([
      { productId: PHONE, quantity: 2 },
      { productId: EARBUDS, quantity: 2 },
    ])
    expect(JSON.parse(localStorage.getItem(GUEST_CART_KEY)!)).toEqual(getGuestCart())
  })

  it('updates and removes lines; the key goes away when the cart is empty', () => {
    addGuestCartItem(PHONE)
    updateGuestCartItem(PHONE, 4)
    expect(getGuestCart()).toEqual([{ productId: PHONE, quantity: 4 }])
    removeGuestCartItem(PHONE)
    expect(getGuestCart()).toEqual([])
    expect(localStorage.getItem(GUEST_CART_KEY)).toBeNull()
  })

  it('returns the same array until the cart changes (a stable snapshot for React)', () => {
    addGuestCartItem(PHONE)
    expect(getGuestCart()).toBe(getGuestCart())
  })

  it('ignores malformed stored data and merges duplicate lines', () => {
    localStorage.setItem(GUEST_CART_KEY, 'not json')
    expect(getGuestCart()).toEqual([])
    localStorage.setItem(
      GUEST_CART_KEY,
      JSON.stringify([
        { productId: PHONE, quantity: 1 },
        { productId: PHONE, quantity: 2 },
        { productId: EARBUDS, quantity: -3 },
        { quantity: 1 },
      ]),
    )
    expect(getGuestCart()).toEqual([{ productId: PHONE, quantity: 3 }])
  })
})

describe('useCart', () => {
  beforeEach(() => {
    localStorage.clear()
    vi.mocked(toast.success).mockClear()
    vi.mocked(toast.error).mockClear()
  })

  it('adds to the guest cart with the guest toast and updates the count', () => {
    const { result } = renderGuestCart()
    act(() => {
      result.current.add({ _id: PHONE, totalStock: 5, orderLimit: 5 })
    })
    act(() => {
      result.current.add({ _id: PHONE, totalStock: 5, orderLimit: 5 })
    })
    expect(result.current.lines).toEqual([{ productId: PHONE, quantity: 2 }])
    expect(result.current.count).toBe(2)
    expect(toast.success).toHaveBeenLastCalledWith('Product is added to cart (guest)')
  })

  it('refuses to add beyond stock, naming the stock and what is already in the cart', () => {
    const { result } = renderGuestCart()
    let added = true
    act(() => {
      result.current.add({ _id: PHONE, totalStock: 2, orderLimit: 5 })
      result.current.add({ _id: PHONE, totalStock: 2, orderLimit: 5 })
      added = result.current.add({ _id: PHONE, totalStock: 2, orderLimit: 5 })
    })
    expect(added).toBe(false)
    expect(toast.error).toHaveBeenCalledWith('Only 2 in stock. You already added 2.')
    expect(result.current.lines).toEqual([{ productId: PHONE, quantity: 2 }])
  })

  it('refuses a quantity above stock in the cart, but always allows going down', () => {
    addGuestCartItem(PHONE, 3)
    const { result } = renderGuestCart()
    act(() => {
      result.current.update(PHONE, 4, 3, 5)
    })
    expect(toast.error).toHaveBeenCalledWith('Only 3 quantity can be added for this item')
    expect(result.current.quantityOf(PHONE)).toBe(3)
    // Stock fell to 1 after the shopper added 3: lowering must still work.
    act(() => {
      result.current.update(PHONE, 2, 1, 5)
    })
    expect(result.current.quantityOf(PHONE)).toBe(2)
  })

  it('removes a line with the deleted toast', () => {
    addGuestCartItem(EARBUDS)
    const { result } = renderGuestCart()
    act(() => result.current.remove(EARBUDS))
    expect(result.current.lines).toEqual([])
    expect(toast.success).toHaveBeenCalledWith('Cart item is deleted successfully')
  })
})

describe('useCart for a back-office account', () => {
  it('asks for no cart: an admin on a shop page has none, and the API would answer 403', async () => {
    const fetchMock = mockFetch((url) =>
      url.pathname === '/api/auth/check-auth'
        ? jsonResponse({
            success: true,
            user: { id: PHONE, userName: 'Admin', role: 'admin', type: 'admin' },
          })
        : undefined,
    )
    const client = createTestQueryClient()
    const { result } = renderHook(() => useCart(), {
      wrapper: ({ children }: { children: React.ReactNode }) => (
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      ),
    })
    await vi.waitFor(() => expect(client.getQueryData(sessionQueryKey)).toBeTruthy())
    await new Promise((resolve) => setTimeout(resolve, 20))
    const asked = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://x').pathname)
    expect(asked.filter((path) => path.startsWith('/api/shop/cart'))).toEqual([])
    expect(result.current.lines).toEqual([])
    expect(result.current.add({ _id: EARBUDS, totalStock: 5, orderLimit: 5 })).toBe(false)
  })
})
