import { BUYER_GSTIN_MESSAGE } from '@techbazaar/shared'
import { screen, within } from '@testing-library/react'
import type userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  AddressPicker,
  callsTo,
  cartLine,
  mockCheckoutApi,
  openCheckout,
} from '@/test/checkout-harness'
import { CheckoutPage } from '../pages/checkout-page'

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

const line = cartLine({
  productId: '00000000-0000-4000-8000-0000000000cc',
  price: 5000,
  totalStock: 9,
  orderLimit: 5,
})

function setup() {
  return mockCheckoutApi({ lines: [line] }).fetchMock
}

/** The order-create request bodies sent so far. */
const orderBodies = (fetchMock: ReturnType<typeof setup>) =>
  callsTo(fetchMock, '/order/create').map(
    ([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>,
  )

const renderCheckout = () =>
  openCheckout(<CheckoutPage AddressPicker={AddressPicker} />, 'Galaxy Buds')

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
