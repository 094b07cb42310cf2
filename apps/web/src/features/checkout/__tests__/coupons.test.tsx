import type { OrderQuote } from '@techbazaar/shared'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AddressPicker, cartLine, mockCheckoutApi, summaryRows } from '@/test/checkout-harness'
import { jsonResponse, renderRoute } from '@/test/route-helpers'
import { CheckoutPage } from '../pages/checkout-page'

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

/*
 * Decision 092: the checkout's summary shows the MRP, the discount on it, the coupon, delivery,
 * the total and what the shopper saves, from the server's quote; Apply coupon asks the server
 * and shows its refusal under the field; the order carries the coupon the quote priced in.
 */

const lines = [cartLine({ quantity: 3 })]

/** The server's quote of three buds (MRP ₹1,299, sold at ₹999), with `coupon` priced in. */
const quoteOf = (coupon: { code: string; discount: number } | null = null): OrderQuote => ({
  itemCount: 3,
  itemsAmount: 2997,
  mrpAmount: 3897,
  mrpDiscount: 900,
  coupon: coupon ? { ...coupon, fundedBy: 'marketplace' } : null,
  couponRefusal: null,
  deliveryCharge: 0,
  codFee: 0,
  totalAmount: 2997 - (coupon?.discount ?? 0),
  youSave: 900 + (coupon?.discount ?? 0),
  gstIncluded: 457.16,
})

function setup(
  quote: (couponCode: string | null) => Response,
  applied: (init: RequestInit | undefined) => Response,
) {
  const { fetchMock } = mockCheckoutApi({ lines }, (url, init) => {
    if (url.pathname === '/api/shop/order/quote') return quote(url.searchParams.get('couponCode'))
    if (url.pathname === '/api/shop/order/coupon') return applied(init)
    return undefined
  })
  return fetchMock
}

const WELCOME = { code: 'WELCOME10', discount: 299.7 }

describe('coupons at checkout', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.clearAllMocks()
  })

  it(
    'shows the MRP, the discount on it and what the shopper saves',
    { timeout: 20_000 },
    async () => {
      setup(
        () => jsonResponse({ success: true, data: quoteOf() }),
        () => jsonResponse({ success: true, data: quoteOf(WELCOME) }),
      )
      renderRoute(<CheckoutPage AddressPicker={AddressPicker} />)
      await screen.findByText('GST included: ₹457.16')
      expect(summaryRows()).toEqual([
        'Items (3) at MRP = ₹3,897',
        'Discount on MRP = −₹900',
        'Delivery charges = Free',
        'Total = ₹2,997',
      ])
      expect(screen.getByTestId('you-save')).toHaveTextContent('You save ₹900')
    },
  )

  it(
    'applies a coupon, shows it in the summary and sends it with the order',
    { timeout: 20_000 },
    async () => {
      const fetchMock = setup(
        (couponCode) => jsonResponse({ success: true, data: quoteOf(couponCode ? WELCOME : null) }),
        () => jsonResponse({ success: true, data: quoteOf(WELCOME) }),
      )
      const u = userEvent.setup()
      renderRoute(<CheckoutPage AddressPicker={AddressPicker} />)
      await screen.findByText('GST included: ₹457.16')
      await u.type(screen.getByLabelText('Coupon code'), 'welcome10')
      await u.click(screen.getByRole('button', { name: 'Apply coupon' }))
      expect(await screen.findByTestId('applied-coupon')).toHaveTextContent(
        'WELCOME10 applied: ₹299.70 off',
      )
      expect(summaryRows()).toContain('Coupon (WELCOME10) = −₹299.70')
      expect(screen.getByTestId('checkout-total')).toHaveTextContent('₹2,697.30')
      expect(screen.getByTestId('you-save')).toHaveTextContent('You save ₹1,199.70')
      const applyCall = fetchMock.mock.calls.find(([input]) =>
        String(input).endsWith('/api/shop/order/coupon'),
      )
      expect(JSON.parse(String(applyCall?.[1]?.body))).toMatchObject({ couponCode: 'welcome10' })

      await u.click(screen.getByRole('button', { name: 'Place Your Order' }))
      const dialog = await screen.findByRole('dialog', { name: 'Select Payment Method' })
      await u.click(within(dialog).getByRole('radio', { name: /COD/ }))
      await u.click(within(dialog).getByRole('button', { name: 'Pay ₹2,697.30' }))
      await screen.findByRole('dialog', { name: 'Order Placed!' })
      const placed = fetchMock.mock.calls.find(([input]) =>
        String(input).endsWith('/api/shop/order/create'),
      )
      expect(JSON.parse(String(placed?.[1]?.body))).toMatchObject({ couponCode: 'WELCOME10' })
    },
  )

  it('removes an applied coupon', { timeout: 20_000 }, async () => {
    setup(
      (couponCode) => jsonResponse({ success: true, data: quoteOf(couponCode ? WELCOME : null) }),
      () => jsonResponse({ success: true, data: quoteOf(WELCOME) }),
    )
    const u = userEvent.setup()
    renderRoute(<CheckoutPage AddressPicker={AddressPicker} />)
    await screen.findByText('GST included: ₹457.16')
    await u.type(screen.getByLabelText('Coupon code'), 'WELCOME10{Enter}')
    await u.click(await screen.findByRole('button', { name: 'Remove coupon WELCOME10' }))
    expect(await screen.findByLabelText('Coupon code')).toHaveValue('')
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('₹2,997')
    expect(screen.queryByTestId('coupon-discount')).not.toBeInTheDocument()
  })

  it(
    "shows the server's refusal under the field and keeps the total",
    { timeout: 20_000 },
    async () => {
      setup(
        () => jsonResponse({ success: true, data: quoteOf() }),
        () =>
          jsonResponse({ success: false, message: 'This coupon is for first orders only' }, 400),
      )
      const u = userEvent.setup()
      renderRoute(<CheckoutPage AddressPicker={AddressPicker} />)
      await screen.findByText('GST included: ₹457.16')
      const field = screen.getByLabelText('Coupon code')
      await u.type(field, 'WELCOME10{Enter}')
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'This coupon is for first orders only',
      )
      expect(field).toHaveAttribute('aria-invalid', 'true')
      expect(field).toHaveAccessibleDescription('This coupon is for first orders only')
      expect(screen.getByTestId('checkout-total')).toHaveTextContent('₹2,997')
      expect(screen.queryByText(/Coupon \(/)).not.toBeInTheDocument()
    },
  )
})
