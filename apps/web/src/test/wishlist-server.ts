import type { CartLine, WishlistItem } from '@techbazaar/shared'
import { vi } from 'vitest'
import { jsonResponse } from '@/test/route-helpers'

export const USER_ID = '0b8f3f3e-4c1e-4a53-9d7c-2f8f7e1a2b3c'
export const shopper = {
  _id: USER_ID,
  id: USER_ID,
  userName: 'ravi',
  email: 'ravi@example.in',
  mobile: '9876543210',
  role: 'user',
  type: 'user',
  vendorStatus: null,
}

export const item = (overrides: Partial<WishlistItem> = {}): WishlistItem => ({
  productId: '00000000-0000-4000-8000-000000000001',
  shortId: 'gs25line',
  title: 'Galaxy S25',
  image: '/uploads/seed/s25.webp',
  price: 80_000,
  salePrice: 74_999,
  savedPrice: 79_999,
  totalStock: 2,
  available: true,
  addedAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
})

type Call = { method: string; path: string; body: unknown }

/**
 * A tiny in-memory wishlist server for a signed-in shopper (or a guest with `user: null`):
 * answers like the API and records what it was asked.
 */
export function mockWishlistServer(
  initial: WishlistItem[],
  opts: {
    user?: typeof shopper | null
    fail?: boolean
    notify?: boolean
    /** The server cart's lines (Save for later takes one out). */
    cart?: CartLine[]
  } = {},
) {
  let items = [...initial]
  let notify = opts.notify ?? false
  let cart = opts.cart ?? []
  const user = opts.user === undefined ? shopper : opts.user
  const calls: Call[] = []
  const answer = () => jsonResponse({ success: true, data: { items, notify } })
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost')
      const method = init?.method ?? 'GET'
      const body = init?.body ? JSON.parse(String(init.body)) : undefined
      calls.push({ method, path: url.pathname, body })
      if (url.pathname === '/api/auth/check-auth') {
        return user
          ? jsonResponse({ success: true, user })
          : jsonResponse({ success: false, message: 'Please sign in to continue' }, 401)
      }
      if (opts.fail) return jsonResponse({ success: false, message: 'Something went wrong' }, 500)
      const path = url.pathname.replace('/api/shop/wishlist', '')
      if (method === 'GET' && path === '') return answer()
      if (method === 'POST' && path === '') {
        items = [item({ productId: body.productId, title: 'Saved one' }), ...items]
        return answer()
      }
      if (method === 'POST' && path === '/merge') {
        const ids = body.productIds as string[]
        items = [...ids.map((productId) => item({ productId, title: 'Guest one' })), ...items]
        return answer()
      }
      if (method === 'PUT' && path === '/preferences') {
        notify = body.notify
        return answer()
      }
      const [, productId, tail] = path.split('/')
      if (method === 'DELETE' || tail === 'to-cart' || productId === 'from-cart') {
        const id = productId === 'from-cart' ? tail : productId
        if (productId === 'from-cart') {
          items = [item({ productId: id }), ...items]
          cart = cart.filter((line) => line.productId !== id)
        } else items = items.filter((i) => i.productId !== id)
        return answer()
      }
      if (url.pathname.startsWith('/api/shop/cart/get/')) {
        return jsonResponse({
          success: true,
          data: cart,
          currentPage: 1,
          totalPages: 1,
          totalItems: cart.length,
          totalQuantity: cart.reduce((sum, line) => sum + line.quantity, 0),
          totalAmount: 0,
        })
      }
      return jsonResponse({ success: false, message: 'Not found' }, 404)
    }),
  )
  return calls
}
