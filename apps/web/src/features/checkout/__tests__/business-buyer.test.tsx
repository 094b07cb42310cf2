import { BUYER_GSTIN_MESSAGE } from '@techbazaar/shared'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { jsonResponse, mockFetch, renderRoute } from '@/test/route-helpers'
import { CheckoutPage, type AddressPickerProps } from '../pages/checkout-page'

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

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
const line = {
  productId: '00000000-0000-4000-8000-0000000000cc',
  quantity: 1,
  title: 'Galaxy Buds',
  image: '/uploads/buds.webp',
  price: 5000,
  salePrice: 0,
  totalStock: 9,
  orderLimit: 5,
  available: true,
}

function setup() {
  return mockFetch((url) => {
    if (url.pathname === '/api/auth/check-auth') return jsonResponse({ success: true, user })
    if (url.pathname === `/api/shop/cart/get/${userId}`) {
      return jsonResponse({
        success: true,
        data: [line],
        currentPage: 1,
        totalPages: 1,
        totalItems: 1,
        totalQuantity: 1,
        totalAmount: 5000,
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
      return jsonResponse({
        success: true,
        data: {
          maxPerProduct: 5,
          codMaxAmount: 50_000,
          ordersPerHour: 10,
          paymentWindowMinutes: 20,
          unpaidHoldMaxUnits: 10,
          unpaidHeldUnits: 0,
        },
      })
    }
    if (url.pathname === '/api/shop/order/create') {
      const placed = { success: true, orderId: '00000000-0000-4000-8000-0000000000dd' }
      return jsonResponse({ ...placed, orderNumber: 'TB-10234' }, 201)
    }
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

/** The order-create request bodies sent so far. */
const orderBodies = (fetchMock: ReturnType<typeof setup>) =>
  (fetchMock.mock.calls as unknown as [RequestInfo | URL, RequestInit | undefined][])
    .filter(([input]) => String(input).includes('/order/create'))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>)

async function renderCheckout() {
  const u = userEvent.setup()
  renderRoute(<CheckoutPage AddressPicker={AddressPicker} />)
  await u.click(await screen.findByRole('button', { name: 'Use 12 MG Road' }))
  await screen.findByText('Galaxy Buds')
  return u
}

async function payCashOnDelivery(u: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('dialog', { name: 'Select Payment Method' })
  await u.click(within(dialog).getByRole('radio', { name: /COD/ }))
  await u.click(within(dialog).getByRole('button', { name: /^Pay/ }))
  await screen.findByRole('dialog', { name: 'Order Placed!' })
}

describe('checkout for a business buyer', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.clearAllMocks()
  })

  it('keeps the business fields hidden and sends no buyer for a personal order', async () => {
    const fetchMock = setup()
    const u = await renderCheckout()
    const toggle = screen.getByRole('checkbox', { name: 'Buying for a business? Add your GSTIN' })
    expect(toggle).not.toBeChecked()
    expect(toggle).toHaveAccessibleDescription(/input tax credit/)
    expect(screen.queryByLabelText('GSTIN')).not.toBeInTheDocument()
    await u.click(screen.getByRole('button', { name: 'Place Your Order' }))
    await payCashOnDelivery(u)
    expect(orderBodies(fetchMock)[0]).not.toHaveProperty('buyer')
  })

  it('reveals GSTIN and legal name from the keyboard, refuses a bad check digit, sends them fixed', async () => {
    const fetchMock = setup()
    const u = await renderCheckout()
    const toggle = screen.getByRole('checkbox', { name: /Buying for a business/ })
    toggle.focus()
    await u.keyboard(' ')
    expect(toggle).toBeChecked()
    const gstin = screen.getByRole('textbox', { name: 'GSTIN' })
    const legalName = screen.getByRole('textbox', { name: 'Legal name' })

    // Both are asked; the first to fix gets the focus and the dialog does not open.
    await u.click(screen.getByRole('button', { name: 'Place Your Order' }))
    expect(await screen.findByText('GSTIN is required')).toBeInTheDocument()
    expect(screen.getByText('Legal name is required')).toBeInTheDocument()
    expect(gstin).toHaveFocus()
    expect(gstin).toHaveAttribute('aria-invalid', 'true')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    await u.type(gstin, '29aagcb7383j1z5')
    await u.type(legalName, 'Bharat Traders Pvt Ltd')
    await u.click(screen.getByRole('button', { name: 'Place Your Order' }))
    expect(await screen.findByText(BUYER_GSTIN_MESSAGE)).toBeInTheDocument()
    expect(gstin).toHaveAccessibleDescription(new RegExp(BUYER_GSTIN_MESSAGE))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    await u.clear(gstin)
    await u.type(gstin, ' 29aagcb7383j1z4')
    // Issue 30.1: the billing address is asked; its state comes from the GSTIN.
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('29')
    await u.click(screen.getByRole('button', { name: 'Place Your Order' }))
    expect(await screen.findByText('Address is required')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await u.type(screen.getByRole('textbox', { name: 'Address' }), '21 Residency Road')
    await u.type(screen.getByRole('textbox', { name: 'City' }), 'Bengaluru')
    await u.type(screen.getByRole('textbox', { name: 'PIN code' }), '560025')
    // Delivered within the GSTIN's state: nothing to warn of.
    expect(screen.queryByText(/input tax credit for its GST/)).not.toBeInTheDocument()
    await u.click(screen.getByRole('button', { name: 'Place Your Order' }))
    await payCashOnDelivery(u)
    expect(orderBodies(fetchMock)[0]).toMatchObject({
      buyer: {
        gstin: '29AAGCB7383J1Z4',
        legalName: 'Bharat Traders Pvt Ltd',
        billingAddress: {
          addressLine: '21 Residency Road',
          city: 'Bengaluru',
          stateCode: '29',
          pincode: '560025',
        },
      },
    })
  })

  it('says input tax credit may not be available when the GSTIN’s state is not the place of supply', async () => {
    setup()
    const u = await renderCheckout()
    await u.click(screen.getByRole('checkbox', { name: /Buying for a business/ }))
    // A Maharashtra GSTIN; the chosen delivery address is in Karnataka.
    await u.type(screen.getByRole('textbox', { name: 'GSTIN' }), '27AAPFU0939F1ZV')
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('27')
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your GSTIN is registered in Maharashtra, but this order is delivered to Karnataka, its place of supply. You may not be able to claim input tax credit for its GST. To claim it, deliver to an address in Maharashtra.',
    )
  })

  it('sends nothing of the business details once the box is unticked again', async () => {
    const fetchMock = setup()
    const u = await renderCheckout()
    const toggle = screen.getByRole('checkbox', { name: /Buying for a business/ })
    await u.click(toggle)
    await u.type(screen.getByRole('textbox', { name: 'GSTIN' }), 'not a gstin')
    await u.click(toggle)
    expect(screen.queryByRole('textbox', { name: 'GSTIN' })).not.toBeInTheDocument()
    await u.click(screen.getByRole('button', { name: 'Place Your Order' }))
    await payCashOnDelivery(u)
    expect(orderBodies(fetchMock)[0]).not.toHaveProperty('buyer')
  })
})
