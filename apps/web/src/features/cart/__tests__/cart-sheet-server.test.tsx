import type { Cart, CartLine } from '@techbazaar/shared'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from '@/lib/toast'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { jsonResponse, renderRoute } from '@/test/route-helpers'
import { CartSheet } from '../components/cart-sheet'
import { addGuestCartItem, getGuestCart } from '@/lib/cart/guest-cart'

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

/** A guest line whose product the server no longer sells. */
const GONE_ID = '00000000-0000-4000-8000-000000000010'
const USER_ID = '0b8f3f3e-4c1e-4a53-9d7c-2f8f7e1a2b3c'
const user = {
  _id: USER_ID,
  id: USER_ID,
  userName: 'ravi',
  email: 'ravi@example.in',
  mobile: '9876543210',
  role: 'user',
  type: 'user',
  vendorStatus: null,
}

const line = (overrides: Partial<CartLine>): CartLine => ({
  productId: '00000000-0000-4000-8000-000000000001',
  shortId: 'gs25line',
  quantity: 1,
  title: 'Galaxy S25',
  image: '/uploads/seed/s25.webp',
  price: 80_000,
  salePrice: 74_999,
  totalStock: 2,
  orderLimit: 5,
  available: true,
  ...overrides,
})
const PHONE = line({})
const CABLE = line({
  productId: '00000000-0000-4000-8000-000000000002',
  title: 'USB-C Cable',
  price: 499,
  salePrice: 0,
  totalStock: 50,
  quantity: 3,
})

function summary(items: CartLine[]): Cart {
  return {
    items,
    totalItems: items.length,
    totalQuantity: items.reduce((sum, l) => sum + l.quantity, 0),
    totalAmount: 0,
  }
}

type Call = { method: string; path: string; body: unknown }

/** A tiny in-memory cart server: answers like the API and records what it was asked. */
function mockCartServer(initial: CartLine[], refuse?: { status: number; message: string }) {
  let items = [...initial]
  const calls: Call[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost')
      const method = init?.method ?? 'GET'
      const body = init?.body ? JSON.parse(String(init.body)) : undefined
      calls.push({ method, path: url.pathname, body })
      if (url.pathname === '/api/auth/check-auth') return jsonResponse({ success: true, user })
      if (method === 'GET' && url.pathname === `/api/shop/cart/get/${USER_ID}`) {
        const s = summary(items)
        return jsonResponse({ success: true, data: items, currentPage: 1, totalPages: 1, ...s })
      }
      if (refuse) return jsonResponse({ success: false, message: refuse.message }, refuse.status)
      if (method === 'PUT' && url.pathname === '/api/shop/cart/update-cart') {
        items = items.map((l) =>
          l.productId === body.productId ? { ...l, quantity: body.quantity } : l,
        )
        return jsonResponse({
          success: true,
          message: 'Cart item is updated successfully',
          data: summary(items),
        })
      }
      if (method === 'DELETE' && url.pathname.startsWith(`/api/shop/cart/${USER_ID}/`)) {
        const productId = url.pathname.split('/').pop()
        items = items.filter((l) => l.productId !== productId)
        return jsonResponse({
          success: true,
          message: 'Cart item is deleted successfully',
          data: summary(items),
        })
      }
      if (method === 'POST' && url.pathname === '/api/shop/cart/merge') {
        const merged = body.items as { productId: string; quantity: number }[]
        // The server leaves out a product that is gone (GONE_ID) and says so.
        const gone = merged.filter((i) => i.productId === GONE_ID)
        items = [
          ...items,
          ...merged
            .filter((i) => i.productId !== GONE_ID)
            .map((i) => line({ ...i, title: 'Merged Buds' })),
        ]
        return jsonResponse({
          success: true,
          message: gone.length
            ? 'Guest cart merged, but Old Earbuds is no longer available.'
            : 'Guest cart merged',
          data: summary(items),
          leftOut: gone.map((i) => ({
            productId: i.productId,
            title: 'Old Earbuds',
            reason: 'unavailable',
          })),
        })
      }
      return jsonResponse({ success: false, message: 'Not found' }, 404)
    }),
  )
  return calls
}

async function openSheet(count: string) {
  const u = userEvent.setup()
  renderRoute(<CartSheet />)
  // Session, then cart: two requests before the count shows (slow on a busy machine).
  await u.click(await screen.findByRole('button', { name: `Cart, ${count}` }, { timeout: 4000 }))
  return { u, sheet: await screen.findByRole('dialog') }
}

describe('CartSheet with the server cart', () => {
  beforeEach(() => {
    localStorage.clear()
    vi.mocked(toast.success).mockClear()
    vi.mocked(toast.error).mockClear()
  })
  afterEach(() => vi.unstubAllGlobals())

  it("shows the server's lines with line totals and the total", async () => {
    mockCartServer([PHONE, CABLE])
    const { sheet } = await openSheet('4 items')
    expect(within(sheet).getByText('Galaxy S25')).toBeInTheDocument()
    expect(within(sheet).getByText('₹74,999')).toBeInTheDocument()
    expect(within(sheet).getByText('₹1,497')).toBeInTheDocument()
    expect(within(sheet).getByText('₹76,496')).toBeInTheDocument()
    expect(within(sheet).getByRole('link', { name: 'Checkout' })).toHaveAttribute(
      'href',
      '/shop/checkout',
    )
  })

  it('updates quantities on the server and deletes a line, with the spec toasts', async () => {
    const calls = mockCartServer([PHONE])
    const { u, sheet } = await openSheet('1 item')
    await u.click(within(sheet).getByRole('button', { name: 'Increase quantity' }))
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Cart item is updated successfully'),
    )
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      userId: USER_ID,
      productId: PHONE.productId,
      quantity: 2,
    })
    expect(within(sheet).getByText('2')).toBeInTheDocument()

    // Stock is 2: the plus is refused before any request, with the spec message.
    await u.click(within(sheet).getByRole('button', { name: 'Increase quantity' }))
    expect(toast.error).toHaveBeenCalledWith('Only 2 quantity can be added for this item')
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1)

    await u.click(within(sheet).getByRole('button', { name: 'Remove Galaxy S25' }))
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Cart item is deleted successfully'),
    )
    expect(within(sheet).getByText('Your cart is empty.')).toBeInTheDocument()
  })

  it("puts the quantity back and shows the server's message when it refuses", async () => {
    mockCartServer([CABLE], { status: 400, message: 'Only 3 quantity can be added for this item' })
    const { u, sheet } = await openSheet('3 items')
    await u.click(within(sheet).getByRole('button', { name: 'Increase quantity' }))
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Only 3 quantity can be added for this item'),
    )
    expect(within(sheet).getByText('3')).toBeInTheDocument()
  })

  it('says "Something went wrong" when the server fails', async () => {
    mockCartServer([CABLE], { status: 500, message: 'Something went wrong' })
    const { u, sheet } = await openSheet('3 items')
    await u.click(within(sheet).getByRole('button', { name: 'Remove USB-C Cable' }))
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Something went wrong'))
    expect(within(sheet).getByText('USB-C Cable')).toBeInTheDocument()
  })

  it('flags a line that is no longer listed and blocks checkout', async () => {
    mockCartServer([line({ available: false, title: 'Old Phone' })])
    const { sheet } = await openSheet('1 item')
    expect(within(sheet).getByText('Old Phone')).toBeInTheDocument()
    expect(within(sheet).getByText('This product is no longer available.')).toBeInTheDocument()
    expect(within(sheet).getByRole('button', { name: 'Checkout' })).toBeDisabled()
  })

  it('merges the guest cart into the server cart at sign-in, then clears it', async () => {
    const buds = '00000000-0000-4000-8000-000000000009'
    addGuestCartItem(buds, 2)
    const calls = mockCartServer([PHONE])
    const { sheet } = await openSheet('3 items')
    expect(await within(sheet).findByText('Merged Buds')).toBeInTheDocument()
    expect(calls.find((c) => c.path === '/api/shop/cart/merge')?.body).toEqual({
      userId: USER_ID,
      items: [{ productId: buds, quantity: 2 }],
    })
    expect(getGuestCart()).toEqual([])
  })

  it('says which guest lines the server left out at sign-in, never dropping them in silence', async () => {
    addGuestCartItem('00000000-0000-4000-8000-000000000009', 1)
    addGuestCartItem(GONE_ID, 1)
    mockCartServer([PHONE])
    const { sheet } = await openSheet('2 items')
    expect(await within(sheet).findByText('Merged Buds')).toBeInTheDocument()
    expect(toast.error).toHaveBeenCalledWith(
      'Guest cart merged, but Old Earbuds is no longer available.',
    )
    expect(getGuestCart()).toEqual([])
  })

  it('stops the stepper at the limit per order, with a note, and flags a line above it', async () => {
    const calls = mockCartServer([
      { ...CABLE, quantity: 5 },
      { ...PHONE, totalStock: 20, orderLimit: 1, quantity: 2 },
    ])
    const { sheet } = await openSheet('7 items')
    const cable = within(sheet).getByRole('group', { name: 'Quantity of USB-C Cable' })
    const more = within(cable).getByRole('button', { name: 'Increase quantity' })
    expect(more).toBeDisabled()
    expect(more).toHaveAccessibleDescription('Max 5 per order')
    expect(
      within(sheet).getByText('Max 1 per order. Lower the quantity to check out.'),
    ).toBeInTheDocument()
    expect(within(sheet).getByRole('button', { name: 'Checkout' })).toBeDisabled()
    expect(
      within(sheet).getByText(
        'Lower the quantities that are above the limit per order to check out.',
      ),
    ).toBeInTheDocument()
    expect(calls.some((c) => c.method === 'PUT')).toBe(false)
  })
})
