import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { jsonResponse, mockFetch, renderRoute } from '@/test/route-helpers'
import { CheckoutPage, type AddressPickerProps } from '../pages/checkout-page'

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

/*
 * Issue 30.4 leftover (decision 070): the server refuses a COD order that would take one
 * seller's cash from the shopper past the day's ceiling. Checkout now says so before the shopper
 * presses pay, in the server's words from its quote, and COD cannot be chosen.
 */
const REFUSAL =
  'Cash on delivery to one seller is limited to ₹1,99,999 a day (Income-tax Act, section 269ST). With your cash-on-delivery orders from this seller today, this order would pass it. Please pay online.'
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
const phone = {
  productId: '00000000-0000-4000-8000-0000000000c1',
  quantity: 1,
  title: 'Phone X',
  image: '/uploads/phone.webp',
  price: 35_999,
  salePrice: 0,
  totalStock: 50,
  orderLimit: 5,
  available: true,
}

function setup(codDailyRefusal: string | null) {
  return mockFetch((url) => {
    if (url.pathname === '/api/auth/check-auth') return jsonResponse({ success: true, user })
    if (url.pathname === `/api/shop/cart/get/${userId}`) {
      return jsonResponse({
        success: true,
        data: [phone],
        currentPage: 1,
        totalPages: 1,
        totalItems: 1,
        totalQuantity: 1,
        totalAmount: phone.price,
      })
    }
    if (url.pathname === `/api/shop/address/get/${userId}`) {
      return jsonResponse({ success: true, data: [address] })
    }
    if (url.pathname === '/api/shop/cart/serviceability') {
      const reach = { serviceable: true, cod: true, deliveryBy: null, undeliverable: [], noCod: [] }
      return jsonResponse({ success: true, data: reach })
    }
    if (url.pathname === '/api/shop/order/limits') {
      const limits = {
        maxPerProduct: 5,
        codMaxAmount: 50_000,
        ordersPerHour: 10,
        paymentWindowMinutes: 30,
        unpaidHoldMaxUnits: 10,
        unpaidHeldUnits: 0,
      }
      return jsonResponse({ success: true, data: limits })
    }
    if (url.pathname === '/api/shop/order/quote') {
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
    }
    return undefined
  })
}

function AddressPicker({ onSelect }: AddressPickerProps) {
  return (
    <button type="button" onClick={() => onSelect(address)}>
      Use 12 MG Road
    </button>
  )
}

async function openPayment() {
  const u = userEvent.setup()
  renderRoute(<CheckoutPage AddressPicker={AddressPicker} />)
  await u.click(await screen.findByRole('button', { name: 'Use 12 MG Road' }))
  await screen.findByText('Phone X')
  return u
}

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
