import type { OrderQuote } from '@techbazaar/shared'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  AddressPicker,
  cartLine,
  homeAddress,
  mockCheckoutApi,
  summaryRows,
} from '@/test/checkout-harness'
import { jsonResponse, renderRoute } from '@/test/route-helpers'
import { CheckoutPage } from '../pages/checkout-page'

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

/*
 * Decision 67 (Consumer Protection (E-Commerce) Rules 2020): the checkout shows its total in
 * parts (items, delivery charges, any cash-on-delivery fee, the GST included) with the server's
 * figures from GET /api/shop/order/quote, never its own sums.
 */

const lines = [cartLine({ quantity: 3 })]

/** The server's quote: without an address it cannot know the GST yet. */
const quoteOf = (addressId: string | null, overrides: Partial<OrderQuote> = {}): OrderQuote => ({
  itemCount: 3,
  itemsAmount: 2997,
  deliveryCharge: 0,
  codFee: 0,
  totalAmount: 2997,
  gstIncluded: addressId ? 457.16 : null,
  ...overrides,
})

function setup(quote: (addressId: string | null) => Response, addresses = [homeAddress]) {
  const { fetchMock } = mockCheckoutApi({ lines, addresses }, (url) =>
    url.pathname === '/api/shop/order/quote' ? quote(url.searchParams.get('addressId')) : undefined,
  )
  return fetchMock
}

describe('the checkout total in parts', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.clearAllMocks()
  })

  it("shows items, delivery, the total and, once an address is chosen, the server's GST", async () => {
    // No saved address yet: nothing is chosen for the shopper.
    setup((addressId) => jsonResponse({ success: true, data: quoteOf(addressId) }), [])
    renderRoute(<CheckoutPage AddressPicker={AddressPicker} />)
    const total = await screen.findByTestId('checkout-total')
    expect(summaryRows(total.closest('dl')!.parentElement!)).toEqual([
      'Items (3) = ₹2,997',
      'Delivery charges = Free',
      'Total = ₹2,997',
    ])
    expect(screen.getByTestId('gst-included')).toHaveTextContent(
      'Prices include GST. The amount shows once you choose a delivery address.',
    )
  })

  it('prices the order for the saved default address at once (issue 31.7)', async () => {
    const fetchMock = setup((addressId) =>
      jsonResponse({ success: true, data: quoteOf(addressId) }),
    )
    renderRoute(<CheckoutPage AddressPicker={AddressPicker} />)
    expect(await screen.findByText('GST included: ₹457.16')).toBeInTheDocument()
    const asked = fetchMock.mock.calls.map(([input]) => String(input))
    expect(asked).toContain(`/api/shop/order/quote?addressId=${homeAddress._id}`)
  })

  it('adds the cash-on-delivery fee the server charges when cash on delivery is chosen', async () => {
    setup((addressId) => jsonResponse({ success: true, data: quoteOf(addressId, { codFee: 49 }) }))
    const u = userEvent.setup()
    renderRoute(<CheckoutPage AddressPicker={AddressPicker} />)
    await u.click(await screen.findByRole('button', { name: 'Use 12 MG Road' }))
    await screen.findByText('GST included: ₹457.16')
    expect(screen.queryByText('Cash on delivery fee')).not.toBeInTheDocument()

    await u.click(screen.getByRole('button', { name: 'Place Your Order' }))
    const dialog = await screen.findByRole('dialog', { name: 'Select Payment Method' })
    await u.click(within(dialog).getByRole('radio', { name: /COD/ }))
    expect(within(dialog).getByRole('button', { name: 'Pay ₹3,046' })).toBeEnabled()
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('₹3,046')
  })

  it('keeps the breakdown it was placed at in the Order Placed dialog', async () => {
    setup((addressId) => jsonResponse({ success: true, data: quoteOf(addressId) }))
    const u = userEvent.setup()
    renderRoute(<CheckoutPage AddressPicker={AddressPicker} />)
    await u.click(await screen.findByRole('button', { name: 'Use 12 MG Road' }))
    await screen.findByText('GST included: ₹457.16')
    await u.click(screen.getByRole('button', { name: 'Place Your Order' }))
    const choose = await screen.findByRole('dialog', { name: 'Select Payment Method' })
    await u.click(within(choose).getByRole('radio', { name: /COD/ }))
    await u.click(within(choose).getByRole('button', { name: 'Pay ₹2,997' }))

    const placed = await screen.findByRole('dialog', { name: 'Order Placed!' })
    const summary = within(placed).getByRole('region', { name: 'Order total' })
    expect(summaryRows(summary)).toEqual([
      'Items (3) = ₹2,997',
      'Delivery charges = Free',
      'Total = ₹2,997',
    ])
    expect(summary).toHaveTextContent('GST included: ₹457.16')
  })

  it("says so when the breakdown cannot be loaded, keeps the cart's total and can try again", async () => {
    let fail = true
    setup((addressId) =>
      fail
        ? jsonResponse({ success: false, message: 'Something went wrong' }, 500)
        : jsonResponse({ success: true, data: quoteOf(addressId) }),
    )
    const u = userEvent.setup()
    renderRoute(<CheckoutPage AddressPicker={AddressPicker} />)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not load the price breakdown.',
    )
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('₹2,997')

    fail = false
    await u.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Items (3)')).toBeInTheDocument()
  })
})
