import type { OrderLimits } from '@techbazaar/shared'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { jsonResponse, mockFetch, renderRoute } from '@/test/route-helpers'
import { CheckoutPage, type AddressPickerProps } from '../pages/checkout-page'

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

/*
 * Issue 26.15: an unpaid online order holds its units while the shopper pays, and one account
 * may hold only so many. Checkout says so before Place Your Order, with the server's figures,
 * instead of learning it from the API's refusal; cash on delivery holds nothing.
 */

const userId = '00000000-0000-4000-8000-0000000000aa'
const user = { id: userId, userName: 'Kavya', email: 'k@example.in', role: 'user', type: 'user' }
const address = {
  _id: '00000000-0000-4000-8000-0000000000bb',
  userId,
  recipientName: 'Kavya Rao',
  address: '12 MG Road',
  city: 'Bengaluru',
  pincode: '560001',
  phone: '9876543210',
  notes: '',
  stateCode: '29',
  landmark: '',
  kind: 'home' as const,
  isDefault: true,
}
const line = (n: number, quantity: number) => ({
  productId: `00000000-0000-4000-8000-0000000000c${n}`,
  quantity,
  title: `Charger ${n}`,
  image: '/uploads/charger.webp',
  price: 500,
  salePrice: 0,
  totalStock: 50,
  orderLimit: 20,
  available: true,
})

/** The server's order limits: a 7-unit hold for 25 minutes (not the defaults, so none is assumed). */
const limitsOf = (overrides: Partial<OrderLimits> = {}): OrderLimits => ({
  maxPerProduct: 5,
  codMaxAmount: 50_000,
  ordersPerHour: 10,
  paymentWindowMinutes: 25,
  unpaidHoldMaxUnits: 7,
  unpaidHeldUnits: 0,
  ...overrides,
})

function setup(lines: ReturnType<typeof line>[], limits: OrderLimits) {
  const totalAmount = lines.reduce((sum, l) => sum + l.price * l.quantity, 0)
  return mockFetch((url) => {
    if (url.pathname === '/api/auth/check-auth') return jsonResponse({ success: true, user })
    if (url.pathname === `/api/shop/cart/get/${userId}`) {
      return jsonResponse({
        success: true,
        data: lines,
        currentPage: 1,
        totalPages: 1,
        totalItems: lines.length,
        totalQuantity: lines.reduce((sum, l) => sum + l.quantity, 0),
        totalAmount,
      })
    }
    if (url.pathname === `/api/shop/address/get/${userId}`) {
      return jsonResponse({ success: true, data: [address] })
    }
    if (url.pathname === '/api/shop/cart/serviceability') {
      const reach = { serviceable: true, cod: true, deliveryBy: null, undeliverable: [], noCod: [] }
      return jsonResponse({ success: true, data: reach })
    }
    if (url.pathname === '/api/shop/order/limits')
      return jsonResponse({ success: true, data: limits })
    return undefined
  })
}

/** The address panel, reduced to choosing the one saved address. */
function AddressPicker({ onSelect }: AddressPickerProps) {
  return (
    <button type="button" onClick={() => onSelect(address)}>
      Use 12 MG Road
    </button>
  )
}

async function renderCheckout() {
  const u = userEvent.setup()
  renderRoute(<CheckoutPage AddressPicker={AddressPicker} />)
  await u.click(await screen.findByRole('button', { name: 'Use 12 MG Road' }))
  await screen.findByText('Charger 1')
  return u
}

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
