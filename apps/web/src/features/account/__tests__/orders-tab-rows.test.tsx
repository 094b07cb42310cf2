import type { OrderListItem, OrderStatus } from '@techbazaar/shared'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { toast } from '@/lib/toast'
import { jsonResponse, mockFetch, renderRoute } from '@/test/route-helpers'
import { OrdersTab } from '../components/orders-tab'
import { asPlaced, createOrder, PHONE } from './order-fixture'

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

// Issue 31.4: My Orders rows people can tell apart, and Buy again on delivered orders.
const USER_ID = '0b8f3f3e-4c1e-4a53-9d7c-2f8f7e1a2b3c'
const user = {
  _id: USER_ID,
  id: USER_ID,
  userName: 'ravi',
  email: 'r@x.in',
  mobile: null,
  role: 'user',
  type: 'user',
  vendorStatus: null,
}
const SHIPPED_ID = 'c0ffee00-0000-4000-8000-000000000001'
const DELIVERED_ID = 'c0ffee00-0000-4000-8000-0000000000a1'

function row(id: string, number: string, status: OrderStatus, extra: Partial<OrderListItem>) {
  return {
    _id: id,
    orderNumber: number,
    userId: USER_ID,
    orderStatus: status,
    paymentMethod: 'CASHFREE',
    paymentStatus: 'paid',
    totalAmount: 4297,
    orderDate: '2026-11-20T10:30:00.000Z',
    orderUpdateDate: '2026-11-20T10:30:00.000Z',
    paymentId: null,
    payerId: null,
    ...asPlaced({ orderStatus: status, paymentStatus: 'paid', totalAmount: 4297 }),
    ...extra,
  } satisfies OrderListItem
}

const list = [
  row(SHIPPED_ID, 'TB-10043', 'inShipping', {
    firstItem: { title: 'Galaxy S25', image: '/uploads/s25.webp' },
    itemCount: 3,
    expectedDelivery: '2026-11-27',
    deliverTo: { address: '12 MG Road', city: 'Bengaluru', pincode: '560001', state: 'Karnataka' },
  }),
  row(DELIVERED_ID, 'TB-10042', 'delivered', {
    firstItem: { title: 'Pixel 9', image: '/uploads/p.webp' },
    itemCount: 2,
    expectedDelivery: '2026-11-22',
    deliverTo: { address: '4 FC Road', city: 'Pune', pincode: '411004', state: 'Maharashtra' },
  }),
]

function serve(merge: (body: unknown) => Response) {
  const merges: unknown[] = []
  mockFetch((url, init) => {
    if (url.pathname === '/api/auth/check-auth') return jsonResponse({ success: true, user })
    if (url.pathname === `/api/shop/order/list/${USER_ID}`)
      return jsonResponse({ success: true, data: list })
    if (url.pathname === `/api/shop/order/details/${DELIVERED_ID}`) {
      // The case's one unit was cancelled before it shipped: only the phones came.
      const order = createOrder({ orderStatus: 'delivered' })
      order.cartItems[1] = { ...order.cartItems[1]!, state: 'cancelled', cancelledQuantity: 1 }
      return jsonResponse({ success: true, data: order })
    }
    if (url.pathname === '/api/shop/cart/merge') {
      const body: unknown = JSON.parse(String(init?.body))
      merges.push(body)
      return merge(body)
    }
    return undefined
  })
  return merges
}

const cart = { items: [], totalItems: 0 }

describe('My Orders rows', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.clearAllMocks()
  })

  it('show the first item with how many more, the expected day and the address with its state', async () => {
    serve(() => jsonResponse({}))
    renderRoute(<OrdersTab />)
    const table = await screen.findByRole('table')
    const cards = screen.getByRole('list', { name: 'Orders' })
    for (const view of [table, cards]) {
      const rows =
        view === table
          ? within(view).getAllByRole('row').slice(1)
          : within(view).getAllByRole('listitem')
      const [shipped, delivered] = rows as [HTMLElement, HTMLElement]
      expect(shipped).toHaveTextContent('Galaxy S25and 2 more items')
      expect(shipped.querySelector('img')).toHaveAttribute('src', '/uploads/s25.webp')
      // Expected while on its way: Friday 27 November, India's day.
      expect(shipped).toHaveTextContent(/Arriving by Fri(day)?,? 27 Nov/)
      expect(shipped).toHaveTextContent('12 MG Road, Bengaluru, Karnataka – 560001')
      expect(delivered).toHaveTextContent('Pixel 9and 1 more item')
      expect(delivered).toHaveTextContent('4 FC Road, Pune, Maharashtra – 411004')
      // Delivered: no "arriving", and Buy again only here.
      expect(delivered).not.toHaveTextContent('Arriving')
      expect(
        within(delivered).getByRole('button', { name: 'Buy again: order TB-10042' }),
      ).toBeEnabled()
      expect(within(shipped).queryByRole('button', { name: /Buy again/ })).not.toBeInTheDocument()
    }
  })

  it('Buy again puts the delivered units back in the cart and says what did not come', async () => {
    const merges = serve(() =>
      jsonResponse({
        success: true,
        message: 'Guest cart merged',
        data: cart,
        leftOut: [],
      }),
    )
    const u = userEvent.setup()
    renderRoute(<OrdersTab />)
    const table = await screen.findByRole('table')
    await u.click(within(table).getByRole('button', { name: 'Buy again: order TB-10042' }))
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith('Added to your cart.'))
    // The phones (2 delivered); the cancelled case is not bought again.
    expect(merges).toEqual([{ userId: USER_ID, items: [{ productId: PHONE, quantity: 2 }] }])
  })

  it('names a product no longer sold instead of pretending it was added', async () => {
    serve(() =>
      jsonResponse({
        success: true,
        message: 'Guest cart merged, but Pixel 9 is no longer available.',
        data: cart,
        leftOut: [{ productId: PHONE, title: 'Pixel 9', reason: 'unavailable' }],
      }),
    )
    const u = userEvent.setup()
    renderRoute(<OrdersTab />)
    const table = await screen.findByRole('table')
    await u.click(within(table).getByRole('button', { name: 'Buy again: order TB-10042' }))
    await vi.waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'Nothing was added: Pixel 9 is no longer available.',
      ),
    )
    expect(toast.success).not.toHaveBeenCalled()
  })
})
