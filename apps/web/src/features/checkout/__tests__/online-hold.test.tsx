import type { CartLine, OrderLimits } from '@techbazaar/shared'
import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  AddressPicker,
  cartLine,
  mockCheckoutApi,
  openCheckout,
  orderLimits,
} from '@/test/checkout-harness'
import { CheckoutPage } from '../pages/checkout-page'

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

/*
 * Issue 26.15: an unpaid online order holds its units while the shopper pays, and one account
 * may hold only so many. Checkout says so before Place Your Order, with the server's figures,
 * instead of learning it from the API's refusal; cash on delivery holds nothing.
 */

const line = (n: number, quantity: number) =>
  cartLine({
    productId: `00000000-0000-4000-8000-0000000000c${n}`,
    quantity,
    title: `Charger ${n}`,
    image: '/uploads/charger.webp',
    price: 500,
  })

/** The server's order limits: a 7-unit hold for 25 minutes (not the defaults, so none is assumed). */
const limitsOf = (overrides: Partial<OrderLimits> = {}) =>
  orderLimits({ paymentWindowMinutes: 25, unpaidHoldMaxUnits: 7, ...overrides })

const setup = (lines: CartLine[], limits: OrderLimits) => mockCheckoutApi({ lines, limits })

const renderCheckout = () =>
  openCheckout(<CheckoutPage AddressPicker={AddressPicker} />, 'Charger 1')

const ONLINE = [/PAYU/, /GATEPAY/, /CASHFREE/]

describe('checkout with more units than online payment may hold', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.clearAllMocks()
  })

  it('says so before placing, with the server figures, and leaves only cash on delivery', async () => {
    setup([line(1, 5), line(2, 3)], limitsOf())
    const u = await renderCheckout()
    const notice =
      'Online payments can hold up to 7 items for 25 minutes while you pay. Remove some items or choose cash on delivery.'
    expect(await screen.findByTestId('online-hold-limit')).toHaveTextContent(notice)

    await u.click(screen.getByRole('button', { name: 'Place Your Order' }))
    const dialog = await screen.findByRole('dialog', { name: 'Select Payment Method' })
    for (const name of ONLINE) {
      const option = within(dialog).getByRole('radio', { name })
      expect(option).toBeDisabled()
      expect(option).toHaveTextContent(notice)
    }
    await u.click(within(dialog).getByRole('radio', { name: /CASHFREE/ }))
    expect(within(dialog).getByRole('button', { name: 'Pay ₹4,000' })).toBeDisabled()
    const cod = within(dialog).getByRole('radio', { name: /COD/ })
    expect(cod).toBeEnabled()
    await u.click(cod)
    expect(within(dialog).getByRole('button', { name: 'Pay ₹4,000' })).toBeEnabled()
  })

  it("counts what the account's unpaid orders already hold", async () => {
    setup([line(1, 3)], limitsOf({ unpaidHeldUnits: 5 }))
    const u = await renderCheckout()
    expect(await screen.findByTestId('online-hold-limit')).toHaveTextContent(
      'Online payments can hold up to 7 items for 25 minutes while you pay. Your unpaid orders already hold 5 items: pay for or cancel them in My Orders, remove some items, or choose cash on delivery.',
    )
    await u.click(screen.getByRole('button', { name: 'Place Your Order' }))
    const dialog = await screen.findByRole('dialog', { name: 'Select Payment Method' })
    expect(within(dialog).getByRole('radio', { name: /PAYU/ })).toBeDisabled()
  })

  it('offers online payment up to the cap, with no notice', async () => {
    setup([line(1, 5), line(2, 2)], limitsOf())
    const u = await renderCheckout()
    await u.click(screen.getByRole('button', { name: 'Place Your Order' }))
    const dialog = await screen.findByRole('dialog', { name: 'Select Payment Method' })
    for (const name of ONLINE) expect(within(dialog).getByRole('radio', { name })).toBeEnabled()
    expect(screen.queryByTestId('online-hold-limit')).not.toBeInTheDocument()
  })

  it('keeps Place Your Order disabled, with both reasons, when cash on delivery is out too', async () => {
    setup([line(1, 5), line(2, 3)], limitsOf({ codMaxAmount: 3_000 }))
    await renderCheckout()
    await screen.findByTestId('online-hold-limit')
    const place = screen.getByRole('button', { name: 'Place Your Order' })
    expect(place).toBeDisabled()
    expect(place).toHaveAccessibleDescription(
      /Cash on delivery is available for orders up to ₹3,000.*Online payments can hold up to 7 items/,
    )
  })
})
