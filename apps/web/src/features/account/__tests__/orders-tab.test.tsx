import type { OrderStatus } from '@techbazaar/shared'
import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { jsonResponse, mockFetch, renderRoute } from '@/test/route-helpers'
import { OrdersTab } from '../components/orders-tab'
import { asPlaced } from './order-fixture'

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
const ORDER_ID = 'c0ffee00-0000-4000-8000-000000000001'
const ORDER_NUMBER = 'TB-10234'

/** Serves the list; each summary reads as placed (nothing cancelled or refunded) unless told. */
function serve(orders: (Record<string, unknown> & { orderStatus: string; totalAmount: number })[]) {
  const summaries = orders.map((o) => ({
    ...asPlaced({ ...o, orderStatus: o.orderStatus as OrderStatus, paymentStatus: 'paid' }),
    ...o,
  }))
  mockFetch((url) => {
    if (url.pathname === '/api/auth/check-auth') return jsonResponse({ success: true, user })
    if (url.pathname === `/api/shop/order/list/${USER_ID}`)
      return jsonResponse({ success: true, data: summaries })
    return undefined
  })
}

describe('OrdersTab', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('shows an honest empty state when there are no orders', async () => {
    serve([])
    renderRoute(<OrdersTab />)
    expect(await screen.findByText('No orders yet')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Start shopping' })).toHaveAttribute(
      'href',
      '/shop/listing',
    )
  })

  it('lists orders with the date part, status badge and rupee price', async () => {
    serve([
      {
        _id: ORDER_ID,
        orderNumber: ORDER_NUMBER,
        orderDate: '2026-11-20T10:30:00.000Z',
        orderStatus: 'confirmed',
        totalAmount: 76496,
      },
    ])
    renderRoute(<OrdersTab />)
    const table = await screen.findByRole('table')
    expect(within(table).getByText(ORDER_NUMBER)).toBeInTheDocument()
    expect(within(table).getByText('20/11/2026')).toBeInTheDocument()
    expect(within(table).getByText('Confirmed')).toBeInTheDocument()
    expect(within(table).getByText('₹76,496')).toBeInTheDocument()
    expect(within(table).getByRole('button', { name: 'View Details' })).toBeInTheDocument()
  })

  it('prices an order at what is payable now, and says what was refunded', async () => {
    serve([
      // Cash on delivery, its ₹299 part cancelled: the courier collects ₹22,999.
      {
        _id: ORDER_ID,
        orderNumber: ORDER_NUMBER,
        orderDate: '2026-11-20T10:30:00.000Z',
        orderStatus: 'confirmed',
        totalAmount: 23298,
        payableAmount: 22999,
      },
      // Every unit returned and refunded.
      {
        _id: 'c0ffee00-0000-4000-8000-000000000002',
        orderNumber: 'TB-10235',
        orderDate: '2026-11-20T10:30:00.000Z',
        orderStatus: 'delivered',
        displayStatus: 'returned',
        totalAmount: 22999,
        refundedAmount: 22999,
      },
    ])
    renderRoute(<OrdersTab />)
    const table = await screen.findByRole('table')
    const [, cut, back] = within(table).getAllByRole('row')
    expect(within(cut!).getByText('₹22,999')).toBeInTheDocument()
    expect(within(cut!).getByRole('deletion')).toHaveTextContent('ordered for ₹23,298')
    expect(within(back!).getByText('Returned')).toBeInTheDocument()
    expect(within(back!).getByText('₹22,999 refunded')).toBeInTheDocument()
    expect(within(back!).queryByText('Delivered')).not.toBeInTheDocument()
  })

  it('names orders by number and statuses in words, on desks and phones, never by UUID or code', async () => {
    const statuses = {
      pending: 'Awaiting payment',
      inProcess: 'In process',
      inShipping: 'Shipped',
      delivered: 'Delivered',
      rejected: 'Rejected',
      cancelled: 'Cancelled',
      paymentFailed: 'Payment failed',
      expired: 'Expired',
    }
    serve(
      Object.keys(statuses).map((orderStatus, i) => ({
        _id: `c0ffee00-0000-4000-8000-00000000000${i}`,
        orderNumber: `TB-1000${i}`,
        orderDate: '2026-11-20T10:30:00.000Z',
        orderStatus,
        totalAmount: 999,
      })),
    )
    renderRoute(<OrdersTab />)
    const table = await screen.findByRole('table')
    const cards = screen.getByRole('list', { name: 'Orders' })
    for (const view of [table, cards]) {
      Object.values(statuses).forEach((label, i) => {
        expect(within(view).getByText(`TB-1000${i}`)).toBeInTheDocument()
        expect(within(view).getByText(label)).toBeInTheDocument()
      })
      expect(within(view).queryByText(/c0ffee00-/)).not.toBeInTheDocument()
      expect(within(view).queryByText(/inShipping|inProcess|pending/)).not.toBeInTheDocument()
    }
  })

  it('shows the day the order was placed in India, whatever the machine time zone is', async () => {
    // 01:30 IST on 21 November is 20 November in UTC, the zone servers and CI run in.
    serve([
      {
        _id: ORDER_ID,
        orderNumber: ORDER_NUMBER,
        orderDate: '2026-11-20T20:00:00.000Z',
        orderStatus: 'confirmed',
        totalAmount: 999,
      },
    ])
    renderRoute(<OrdersTab />)
    const table = await screen.findByRole('table')
    expect(within(table).getByText('21/11/2026')).toBeInTheDocument()
  })

  it('opens the newest order still on its way for Order Tracking (?track)', async () => {
    const summary = (i: number, orderStatus: string) => ({
      _id: `c0ffee00-0000-4000-8000-00000000001${i}`,
      orderNumber: `TB-1001${i}`,
      orderDate: '2026-11-20T10:30:00.000Z',
      orderStatus,
      totalAmount: 999,
    })
    // Newest first: a delivered order, then one being shipped.
    serve([summary(2, 'delivered'), summary(1, 'inShipping'), summary(0, 'inShipping')])
    renderRoute(<OrdersTab />, { initialEntry: '/?tab=orders&track' })
    const dialog = await screen.findByRole('dialog', { name: 'Order details' })
    expect(dialog).toHaveTextContent('TB-10011')
  })
})
