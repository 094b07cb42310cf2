import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AddressPicker, cartLine, mockCheckoutApi, openCheckout } from '@/test/checkout-harness'
import { jsonResponse } from '@/test/route-helpers'
import { CheckoutPage } from '../pages/checkout-page'

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

/*
 * Issue 30.4 leftover (decision 070): the server refuses a COD order that would take one
 * seller's cash from the shopper past the day's ceiling. Checkout now says so before the shopper
 * presses pay, in the server's words from its quote, and COD cannot be chosen.
 */
const REFUSAL =
  'Cash on delivery to one seller is limited to ₹1,99,999 a day (Income-tax Act, section 269ST). With your cash-on-delivery orders from this seller today, this order would pass it. Please pay online.'
const phone = cartLine({
  title: 'Phone X',
  image: '/uploads/phone.webp',
  price: 35_999,
  orderLimit: 5,
})

function setup(codDailyRefusal: string | null) {
  return mockCheckoutApi({ lines: [phone] }, (url) => {
    if (url.pathname !== '/api/shop/order/quote') return undefined
    const quote = {
      itemCount: 1,
      itemsAmount: phone.price,
      deliveryCharge: 0,
      codFee: 0,
      totalAmount: phone.price,
      gstIncluded: null,
      codDailyRefusal,
    }
    return jsonResponse({ success: true, data: quote })
  })
}

const openPayment = () => openCheckout(<CheckoutPage AddressPicker={AddressPicker} />, 'Phone X')

describe("checkout past the day's cash ceiling for a seller", () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.clearAllMocks()
  })

  it('names the limit before paying and leaves COD unchoosable', async () => {
    setup(REFUSAL)
    const u = await openPayment()
    expect(await screen.findByTestId('cod-limit')).toHaveTextContent(REFUSAL)
    await u.click(screen.getByRole('button', { name: 'Place Your Order' }))
    const dialog = await screen.findByRole('dialog', { name: 'Select Payment Method' })
    const cod = within(dialog).getByRole('radio', { name: /COD/ })
    expect(cod).toBeDisabled()
    expect(cod).toHaveTextContent(REFUSAL)
    expect(within(dialog).getByRole('radio', { name: /CASHFREE/ })).toBeEnabled()
  })

  it('offers COD when the server finds the day within the ceiling', async () => {
    setup(null)
    const u = await openPayment()
    await u.click(screen.getByRole('button', { name: 'Place Your Order' }))
    const dialog = await screen.findByRole('dialog', { name: 'Select Payment Method' })
    expect(within(dialog).getByRole('radio', { name: /COD/ })).toBeEnabled()
    expect(screen.queryByTestId('cod-limit')).not.toBeInTheDocument()
  })
})
