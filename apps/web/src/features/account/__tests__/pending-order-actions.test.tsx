import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { toast } from '@/lib/toast'
import { jsonResponse, mockFetch, renderRoute } from '@/test/route-helpers'
import { pendingOrder } from '@/lib/pending-order'
import { OrdersTab } from '../components/orders-tab'
import { PendingOrderActions } from '../components/pending-order-actions'

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

const USER_ID = '0b8f3f3e-4c1e-4a53-9d7c-2f8f7e1a2b3c'
const user = { id: USER_ID, userName: 'ravi', email: 'r@x.in', role: 'user', type: 'user' }
const UNPAID = 'c0ffee00-0000-4000-8000-000000000001'
const PAID = 'c0ffee00-0000-4000-8000-000000000002'
const COD = 'c0ffee00-0000-4000-8000-000000000003'

/** The number a person reads for each order (the UUID stays the API's id). */
const NUMBERS: Record<string, string> = {
  [UNPAID]: 'TB-10001',
  [PAID]: 'TB-10002',
  [COD]: 'TB-10003',
}

const order = (_id: string, fields: Record<string, string>) => ({
  _id,
  orderNumber: NUMBERS[_id],
  orderDate: '2026-11-20T10:30:00.000Z',
  totalAmount: 2999,
  payableAmount: 2999,
  refundedAmount: 0,
  refundPendingAmount: 0,
  displayStatus: fields.orderStatus,
  displayPaymentStatus: fields.paymentStatus,
  ...fields,
})
let orders = [
  order(UNPAID, { orderStatus: 'pending', paymentMethod: 'CASHFREE', paymentStatus: 'pending' }),
  order(PAID, { orderStatus: 'confirmed', paymentMethod: 'PAYU', paymentStatus: 'paid' }),
  order(COD, { orderStatus: 'confirmed', paymentMethod: 'COD', paymentStatus: 'pending' }),
]

/** The cancel route's answer (cancelOrderResponse). */
const CANCELLED = {
  success: true,
  message: 'Your order was cancelled. Its items are back in your cart.',
  orderStatus: 'cancelled',
}
/** What each cancel sent: the route always takes a reason now. */
let cancelBodies: unknown[] = []

function serve() {
  cancelBodies = []
  return mockFetch((url, init) => {
    if (url.pathname === '/api/auth/check-auth') return jsonResponse({ success: true, user })
    if (url.pathname === `/api/shop/order/list/${USER_ID}`) {
      return jsonResponse({ success: true, data: orders })
    }
    if (url.pathname === `/api/shop/order/${UNPAID}/pay` && init?.method === 'POST') {
      return jsonResponse({ success: true, orderId: UNPAID, paymentUrl: '#pay-here' })
    }
    if (url.pathname === `/api/shop/order/${UNPAID}/cancel` && init?.method === 'POST') {
      cancelBodies.push(JSON.parse(String(init.body)))
      orders = orders.map((o) =>
        o._id === UNPAID
          ? {
              ...o,
              orderStatus: 'cancelled',
              paymentStatus: 'failed',
              displayStatus: 'cancelled',
              displayPaymentStatus: 'failed',
            }
          : o,
      )
      return jsonResponse(CANCELLED)
    }
    return undefined
  })
}

/** Cancelling asks first; "Keep order" leaves it as it is. */
async function confirmCancel(u: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this order?' })
  await u.click(within(dialog).getByRole('button', { name: 'Cancel order' }))
}

const rowOf = async (orderId: string) =>
  (await within(await screen.findByRole('table')).findByText(NUMBERS[orderId]!)).closest('tr')!

describe('Pay now and Cancel order on an unpaid online order', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.clearAllMocks()
    sessionStorage.clear()
  })

  it('offers both only on the unpaid online order', async () => {
    serve()
    renderRoute(<OrdersTab />)
    const unpaid = await rowOf(UNPAID)
    expect(within(unpaid).getByRole('button', { name: 'Pay now' })).toBeEnabled()
    expect(within(unpaid).getByRole('button', { name: 'Cancel order' })).toBeEnabled()
    for (const id of [PAID, COD]) {
      const row = await rowOf(id)
      expect(within(row).queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument()
      expect(within(row).queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument()
    }
  })

  it('Pay now asks for the same order’s checkout and goes there', async () => {
    const fetchMock = serve()
    const u = userEvent.setup()
    renderRoute(<OrdersTab />)
    await u.click(within(await rowOf(UNPAID)).getByRole('button', { name: 'Pay now' }))
    await vi.waitFor(() => expect(pendingOrder.get()).toBe(UNPAID))
    const calls = fetchMock.mock.calls.map(([input]) => String(input))
    expect(calls.some((c) => c.includes(`/api/shop/order/${UNPAID}/pay`))).toBe(true)
  })

  it('Cancel order says the items are back in the cart and the order reads as cancelled', async () => {
    serve()
    const u = userEvent.setup()
    renderRoute(<OrdersTab />)
    await u.click(within(await rowOf(UNPAID)).getByRole('button', { name: 'Cancel order' }))
    await confirmCancel(u)
    await vi.waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        'Your order was cancelled. Its items are back in your cart.',
      ),
    )
    await vi.waitFor(async () =>
      expect(
        within(await rowOf(UNPAID)).queryByRole('button', { name: 'Pay now' }),
      ).not.toBeInTheDocument(),
    )
    // No question to answer for an order never paid: a fixed reason, the whole order.
    expect(cancelBodies).toEqual([{ reason: 'Cancelled before paying' }])
  })
})

describe('Cancel order asks first', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.clearAllMocks()
  })

  it('cancels nothing when the shopper keeps the order', async () => {
    const fetchMock = serve()
    const u = userEvent.setup()
    renderRoute(<PendingOrderActions orderId={UNPAID} />)
    await u.click(screen.getByRole('button', { name: 'Cancel order' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this order?' })
    expect(dialog).toHaveTextContent('its items go back to your cart')
    await u.click(within(dialog).getByRole('button', { name: 'Keep order' }))
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    const calls = fetchMock.mock.calls.map(([input]) => String(input))
    expect(calls.some((c) => c.includes('/cancel'))).toBe(false)
  })
})

describe('the answer to Cancel order', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.clearAllMocks()
  })

  it('is said even when the buttons are gone before it arrives', async () => {
    // The refreshed list drops the buttons of a cancelled order; the toast must still show.
    let answer: (response: Response) => void = () => undefined
    mockFetch((url) =>
      url.pathname === `/api/shop/order/${UNPAID}/cancel`
        ? new Promise<Response>((resolve) => (answer = resolve))
        : undefined,
    )
    const u = userEvent.setup()
    const view = renderRoute(<PendingOrderActions orderId={UNPAID} />)
    await u.click(screen.getByRole('button', { name: 'Cancel order' }))
    await confirmCancel(u)
    view.unmount()
    answer(jsonResponse(CANCELLED))
    await vi.waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        'Your order was cancelled. Its items are back in your cart.',
      ),
    )
  })
})

describe('a link to one order', () => {
  it('opens that order’s details from ?order=', async () => {
    serve()
    renderRoute(<OrdersTab />, { path: '*', initialEntry: `/shop/account?order=${COD}` })
    const dialog = await screen.findByRole('dialog', { name: 'Order details' })
    expect(within(dialog).getByText(`Order ${NUMBERS[COD]}`)).toBeInTheDocument()
  })
})
