import type { Address, CartLine, CartServiceability, OrderLimits } from '@techbazaar/shared'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type * as React from 'react'
import { jsonResponse, mockFetch, renderRoute } from '@/test/route-helpers'

/*
 * What the checkout's tests share: a signed-in shopper with one saved address, a cart, and the
 * API the checkout page calls, faked with fetch. The page itself is passed in: src/test imports
 * no feature (eslint's import boundaries).
 */

export const SHOPPER_ID = '00000000-0000-4000-8000-0000000000aa'
export const shopper = {
  id: SHOPPER_ID,
  userName: 'Kavya',
  email: 'k@example.in',
  role: 'user',
  type: 'user',
}

/** The shopper's one saved address: the default, in Karnataka. */
export const homeAddress: Address = {
  _id: '00000000-0000-4000-8000-0000000000bb',
  userId: SHOPPER_ID,
  recipientName: 'Kavya Rao',
  address: '12 MG Road',
  city: 'Bengaluru',
  pincode: '560001',
  phone: '9876543210',
  notes: '',
  stateCode: '29',
  landmark: '',
  kind: 'home',
  isDefault: true,
}

/** A cart line as the server answers it; pass only what the test is about. */
export const cartLine = (overrides: Partial<CartLine> = {}): CartLine => ({
  productId: '00000000-0000-4000-8000-0000000000c1',
  shortId: 'buds01',
  quantity: 1,
  title: 'Galaxy Buds',
  image: '/uploads/buds.webp',
  price: 999,
  salePrice: 0,
  totalStock: 50,
  orderLimit: 20,
  available: true,
  ...overrides,
})

/** The cart's totals as the server sums them: effective price × quantity of available lines. */
export const cartTotals = (lines: readonly CartLine[]) => ({
  totalItems: lines.length,
  totalQuantity: lines.reduce((sum, l) => sum + l.quantity, 0),
  totalAmount: lines
    .filter((l) => l.available)
    .reduce((sum, l) => sum + (l.salePrice > 0 ? l.salePrice : l.price) * l.quantity, 0),
})

/** The shop's order limits as the server publishes them. */
export const orderLimits = (overrides: Partial<OrderLimits> = {}): OrderLimits => ({
  maxPerProduct: 5,
  codMaxAmount: 50_000,
  ordersPerHour: 10,
  paymentWindowMinutes: 25,
  unpaidHoldMaxUnits: 20,
  unpaidHeldUnits: 0,
  ...overrides,
})

/** The courier's answer: everything delivered, cash taken, no delivery day promised. */
export const DELIVERABLE: CartServiceability = {
  serviceable: true,
  cod: true,
  deliveryBy: null,
  undeliverable: [],
  noCod: [],
}

/** What the server answers a placed order. */
export const placedOrder = () =>
  jsonResponse(
    { success: true, orderId: '00000000-0000-4000-8000-0000000000dd', orderNumber: 'TB-10234' },
    201,
  )

/** The fake server's state; read on every request, so a test may change it midway. */
export interface CheckoutServer {
  lines: CartLine[]
  addresses: Address[]
  limits: OrderLimits
  reach: CartServiceability
}

type Route = (url: URL, init?: RequestInit) => Response | undefined

/**
 * Stubs fetch with the API the checkout calls: the session, the cart, the saved addresses, the
 * courier's reach, the order limits and order create (placed). `routes` answer first (a quote,
 * a coupon, a test's own order create); anything else answers as mockFetch does.
 */
export function mockCheckoutApi(state: Partial<CheckoutServer> = {}, routes?: Route) {
  const server: CheckoutServer = {
    lines: [cartLine()],
    addresses: [homeAddress],
    limits: orderLimits(),
    reach: DELIVERABLE,
    ...state,
  }
  const fetchMock = mockFetch((url, init) => {
    const answer = routes?.(url, init)
    if (answer) return answer
    switch (url.pathname) {
      case '/api/auth/check-auth':
        return jsonResponse({ success: true, user: shopper })
      case `/api/shop/cart/get/${SHOPPER_ID}`:
        return jsonResponse({
          success: true,
          data: server.lines,
          currentPage: 1,
          totalPages: 1,
          ...cartTotals(server.lines),
        })
      case `/api/shop/address/get/${SHOPPER_ID}`:
        return jsonResponse({ success: true, data: server.addresses })
      case '/api/shop/cart/serviceability':
        return jsonResponse({ success: true, data: server.reach })
      case '/api/shop/order/limits':
        return jsonResponse({ success: true, data: server.limits })
      case '/api/shop/order/create':
        return placedOrder()
      default:
        return undefined
    }
  })
  return { fetchMock, server }
}

/** The requests sent to `path` so far, with their init (the mock's own type names only the URL). */
export const callsTo = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  (fetchMock.mock.calls as unknown as [RequestInfo | URL, RequestInit | undefined][]).filter(
    ([input]) => String(input).includes(path),
  )

/** The address panel, reduced to choosing the one saved address. */
export function AddressPicker({ onSelect }: { onSelect(address: Address): void }) {
  return (
    <button type="button" onClick={() => onSelect(homeAddress)}>
      Use 12 MG Road
    </button>
  )
}

/**
 * Renders the checkout `page` (built with AddressPicker), chooses the saved address and waits
 * for the line titled `item`; returns the user-event session.
 */
export async function openCheckout(
  page: React.ReactNode,
  item: string,
  route?: { path?: string; initialEntry?: string },
) {
  const u = userEvent.setup()
  renderRoute(page, route)
  await u.click(await screen.findByRole('button', { name: 'Use 12 MG Road' }))
  await screen.findByText(item)
  return u
}

/** The order summary's rows as `label = figure`: the page's, or those of the list in `scope`. */
export function summaryRows(scope?: HTMLElement) {
  const list = scope
    ? scope.querySelector('dl')!
    : screen.getByTestId('checkout-total').closest('dl')!
  return [...list.querySelectorAll('div')].map(
    (div) => `${div.querySelector('dt')?.textContent} = ${div.querySelector('dd')?.textContent}`,
  )
}
