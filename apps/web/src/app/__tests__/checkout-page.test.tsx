import type { CartServiceability, UpdateCartInput } from '@techbazaar/shared'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from '@/lib/toast'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  DELIVERABLE,
  cartLine,
  cartTotals,
  type CheckoutServer,
  homeAddress as address,
  mockCheckoutApi,
  placedOrder,
  SHOPPER_ID,
  orderLimits,
} from '@/test/checkout-harness'
import { jsonResponse, renderRoute } from '@/test/route-helpers'
import CheckoutPage from '@/app/routes/checkout-page'

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

const line = cartLine({
  productId: '00000000-0000-4000-8000-0000000000cc',
  quantity: 2,
  price: 5000,
  salePrice: 4500,
  totalStock: 9,
  orderLimit: 5,
})
/** The courier's answer for the cart at the chosen address's pincode. */
const DELIVERS_BY_26_NOV: CartServiceability = { ...DELIVERABLE, deliveryBy: '2026-11-26' }

/** What the fake server starts each test with; a test changes it before `setup()`. */
let shop: Partial<CheckoutServer>
/** The fake server of the last `setup()`, read on every request. */
let server: CheckoutServer
let orderAnswer: () => Response

function setup() {
  const api = mockCheckoutApi(shop, (url, init) => {
    if (url.pathname === '/api/shop/cart/update-cart') {
      const { productId, quantity } = JSON.parse(String(init?.body)) as UpdateCartInput
      server.lines = server.lines.map((l) => (l.productId === productId ? { ...l, quantity } : l))
      return jsonResponse({
        success: true,
        message: 'Cart item is updated successfully',
        data: { items: server.lines, ...cartTotals(server.lines) },
      })
    }
    if (url.pathname === '/api/shop/order/create') return orderAnswer()
    if (url.pathname === '/api/shop/cart/serviceability') {
      expect(url.searchParams.get('pincode')).toBe('560001')
    }
    return undefined
  })
  server = api.server
  return api.fetchMock
}

/** The fetch mock's calls with their init (the mock's own type names only the URL). */
const callsOf = (mock: ReturnType<typeof setup>) =>
  mock.mock.calls as unknown as [RequestInfo | URL, RequestInit][]

async function openPaymentDialog() {
  const u = userEvent.setup()
  renderRoute(<CheckoutPage />)
  await u.click(await screen.findByRole('radio', { name: /Deliver to .*12 MG Road/ }))
  expect(await screen.findByTestId('checkout-total')).toHaveTextContent('₹9,000')
  await u.click(screen.getByRole('button', { name: 'Place Your Order' }))
  return { u, dialog: await screen.findByRole('dialog', { name: 'Select Payment Method' }) }
}

describe('CheckoutPage', () => {
  beforeEach(() => {
    shop = { lines: [line], reach: DELIVERS_BY_26_NOV }
    orderAnswer = placedOrder
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.clearAllMocks()
  })

  it('refuses an empty cart and a missing address with the spec’s messages', async () => {
    shop.addresses = []
    setup()
    const u = userEvent.setup()
    renderRoute(<CheckoutPage />)
    await screen.findByText('Galaxy Buds')
    await u.click(screen.getByRole('button', { name: 'Place Your Order' }))
    expect(toast.error).toHaveBeenCalledWith('Please select one address to proceed.')

    shop.lines = []
    vi.unstubAllGlobals()
    setup()
    renderRoute(<CheckoutPage />)
    const buttons = await screen.findAllByRole('button', { name: 'Place Your Order' })
    await screen.findAllByText('Your cart is empty.')
    await u.click(buttons.at(-1)!)
    expect(toast.error).toHaveBeenCalledWith('Your cart is empty. Please add items to proceed')
  })

  it('keeps Pay disabled until a method is chosen, then places a COD order once', async () => {
    const fetchMock = setup()
    const { u, dialog } = await openPaymentDialog()
    const pay = within(dialog).getByRole('button', { name: 'Pay ₹9,000' })
    expect(pay).toBeDisabled()
    for (const method of ['PAYU', 'GATEPAY', 'CASHFREE', 'COD']) {
      expect(within(dialog).getByRole('radio', { name: new RegExp(method) })).toBeInTheDocument()
    }
    await u.click(within(dialog).getByRole('radio', { name: /COD/ }))
    await u.click(pay)
    const placed = await screen.findByRole('dialog', { name: 'Order Placed!' })
    expect(within(placed).getByText('TB-10234')).toBeInTheDocument()
    expect(within(placed).queryByText(/00000000-/)).not.toBeInTheDocument()

    const call = callsOf(fetchMock).find(([input]) => String(input).includes('/order/create'))!
    const init = call[1]
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/)
    expect(JSON.parse(String(init.body))).toMatchObject({
      userId: SHOPPER_ID,
      paymentMethod: 'COD',
      addressInfo: { addressId: address._id },
    })
  })

  it('says the order failed and retries with the same Idempotency-Key', async () => {
    const fetchMock = setup()
    orderAnswer = () =>
      jsonResponse({ success: false, message: 'Sorry, "Galaxy Buds" ran out' }, 409)
    const { u, dialog } = await openPaymentDialog()
    await u.click(within(dialog).getByRole('radio', { name: /COD/ }))
    const pay = within(dialog).getByRole('button', { name: 'Pay ₹9,000' })
    await u.click(pay)
    await vi.waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Order failed, please try again!', {
        description: 'Sorry, "Galaxy Buds" ran out',
      }),
    )
    orderAnswer = () => {
      throw new TypeError('network down')
    }
    await u.click(pay)
    await vi.waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Something went wrong. Please try again.'),
    )
    const keys = callsOf(fetchMock)
      .filter(([input]) => String(input).includes('/order/create'))
      .map(([, init]) => (init.headers as Record<string, string>)['Idempotency-Key'])
    expect(keys).toHaveLength(2)
    expect(keys[0]).toBe(keys[1])
  })

  it('disables cash on delivery, with the reason, when the total is above its ceiling', async () => {
    shop.limits = orderLimits({ codMaxAmount: 5_000 })
    const fetchMock = setup()
    const { u, dialog } = await openPaymentDialog()
    const reason = 'Cash on delivery is available for orders up to ₹5,000. Please pay online.'
    // Shown on the page before the shopper even opens the dialog...
    expect(screen.getByTestId('cod-limit')).toHaveTextContent(reason)
    // ...and in the dialog, on the option itself, which cannot be chosen.
    const cod = within(dialog).getByRole('radio', { name: /COD/ })
    expect(cod).toBeDisabled()
    expect(cod).toHaveTextContent(reason)
    await u.click(cod)
    expect(cod).toHaveAttribute('aria-checked', 'false')
    expect(within(dialog).getByRole('button', { name: 'Pay ₹9,000' })).toBeDisabled()
    await u.click(within(dialog).getByRole('radio', { name: /CASHFREE/ }))
    expect(within(dialog).getByRole('button', { name: 'Pay ₹9,000' })).toBeEnabled()
    expect(callsOf(fetchMock).some(([input]) => String(input).includes('/order/create'))).toBe(
      false,
    )
  })

  it("shows the courier's delivery day for the chosen address", async () => {
    setup()
    const u = userEvent.setup()
    renderRoute(<CheckoutPage />)
    await u.click(await screen.findByRole('radio', { name: /Deliver to .*12 MG Road/ }))
    expect(await screen.findByText('Thursday, 26 November')).toBeInTheDocument()
    expect(screen.getByText('Cash on delivery available')).toBeInTheDocument()
  })

  it('keeps Place Your Order disabled, with the reason, where the courier does not deliver', async () => {
    shop.reach = {
      serviceable: false,
      cod: false,
      deliveryBy: null,
      undeliverable: ['Galaxy Buds'],
      noCod: ['Galaxy Buds'],
    }
    setup()
    const u = userEvent.setup()
    renderRoute(<CheckoutPage />)
    await u.click(await screen.findByRole('radio', { name: /Deliver to .*12 MG Road/ }))
    expect(await screen.findByText('We do not deliver to pincode 560001 yet.')).toBeInTheDocument()
    expect(
      screen.getByText(
        'We cannot deliver "Galaxy Buds" to pincode 560001 yet. Please choose another address or remove it from your cart.',
      ),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Place Your Order' })).toBeDisabled()
  })

  it('disables cash on delivery where the courier takes no cash there', async () => {
    shop.reach = { ...DELIVERS_BY_26_NOV, cod: false, noCod: ['Galaxy Buds'] }
    setup()
    const { dialog } = await openPaymentDialog()
    const reason =
      'Cash on delivery is not available at pincode 560001. Please choose an online payment method.'
    expect(screen.getByTestId('cod-limit')).toHaveTextContent(reason)
    const cod = within(dialog).getByRole('radio', { name: /COD/ })
    expect(cod).toBeDisabled()
    expect(cod).toHaveTextContent(reason)
  })

  it('offers cash on delivery up to the ceiling', async () => {
    shop.limits = orderLimits({ codMaxAmount: 9_000 })
    setup()
    const { dialog } = await openPaymentDialog()
    expect(within(dialog).getByRole('radio', { name: /COD/ })).toBeEnabled()
    expect(screen.queryByTestId('cod-limit')).not.toBeInTheDocument()
  })

  it('flags a quantity above the limit per order and keeps Place Your Order disabled', async () => {
    shop.lines = [{ ...line, quantity: 7 }]
    setup()
    const u = userEvent.setup()
    renderRoute(<CheckoutPage />)
    await u.click(await screen.findByRole('radio', { name: /Deliver to .*12 MG Road/ }))
    expect(
      await screen.findByText('Max 5 per order. Lower the quantity to check out.'),
    ).toBeInTheDocument()
    const place = screen.getByRole('button', { name: 'Place Your Order' })
    expect(place).toBeDisabled()
    expect(place).toHaveAccessibleDescription(
      'Lower the quantities that are above the limit per order to place your order.',
    )
    expect(screen.queryByRole('dialog', { name: 'Select Payment Method' })).not.toBeInTheDocument()
  })

  it('puts the summary and Place Your Order first, the address form behind a button', async () => {
    setup()
    const u = userEvent.setup()
    renderRoute(<CheckoutPage />)
    const radio = await screen.findByRole('radio', { name: /Deliver to .*12 MG Road/ })
    const place = screen.getByRole('button', { name: 'Place Your Order' })
    // Document order is what a phone shows (one column) and what keyboards and readers follow.
    expect(place.compareDocumentPosition(radio) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Add New Address' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Add New Address' })).toBeInTheDocument()

    // The summary says where the order goes (the only address, chosen for the shopper), and
    // links to the choice.
    const summary = screen.getByRole('region', { name: 'Deliver to' })
    expect(within(summary).getByText(/12 MG Road, Bengaluru, Karnataka 560001/)).toBeInTheDocument()
    expect(radio).toBeChecked()
    await u.click(radio)
    expect(within(summary).queryByText(/No address chosen yet/)).not.toBeInTheDocument()
    expect(within(summary).getByRole('link', { name: /Change/ })).toHaveAttribute(
      'href',
      '#delivery-address',
    )
  })

  it('shows a line above the stock left, with quantity controls, until it is lowered', async () => {
    shop.lines = [{ ...line, quantity: 3, totalStock: 1 }]
    const fetchMock = setup()
    const u = userEvent.setup()
    renderRoute(<CheckoutPage />)
    await u.click(await screen.findByRole('radio', { name: /Deliver to .*12 MG Road/ }))
    expect(await screen.findByText('Only 1 left in stock.')).toBeInTheDocument()
    const place = screen.getByRole('button', { name: 'Place Your Order' })
    expect(place).toBeDisabled()
    expect(place).toHaveAccessibleDescription(
      'Lower the quantities that are above the stock left to place your order.',
    )

    const quantity = screen.getByRole('group', { name: 'Quantity of Galaxy Buds' })
    await u.click(within(quantity).getByRole('button', { name: 'Decrease quantity' }))
    await u.click(within(quantity).getByRole('button', { name: 'Decrease quantity' }))
    await vi.waitFor(() => expect(place).toBeEnabled())
    expect(screen.queryByText('Only 1 left in stock.')).not.toBeInTheDocument()
    const updates = callsOf(fetchMock).filter(([input]) => String(input).includes('update-cart'))
    expect(updates.map(([, init]) => JSON.parse(String(init.body)).quantity)).toEqual([2, 1])
  })

  it('closes the payment dialog onto the lines when Pay fails because stock ran out', async () => {
    setup()
    orderAnswer = () => {
      // Someone bought all but one meanwhile.
      server.lines = [{ ...line, totalStock: 1 }]
      return jsonResponse(
        {
          success: false,
          message:
            'Sorry, "Galaxy Buds" does not have 2 in stock any more. Please update your cart.',
        },
        409,
      )
    }
    const { u, dialog } = await openPaymentDialog()
    await u.click(within(dialog).getByRole('radio', { name: /CASHFREE/ }))
    await u.click(within(dialog).getByRole('button', { name: 'Pay ₹9,000' }))
    await vi.waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Select Payment Method' }),
      ).not.toBeInTheDocument(),
    )
    expect(await screen.findByText('Only 1 left in stock.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Place Your Order' })).toBeDisabled()
  })

  it('cannot choose an address saved before states were asked, and says why', async () => {
    shop.addresses = [{ ...address, stateCode: null }]
    const fetchMock = setup()
    const u = userEvent.setup()
    renderRoute(<CheckoutPage />)
    const radio = await screen.findByRole('radio', { name: /Deliver to .*12 MG Road/ })
    expect(radio).toBeDisabled()
    expect(radio).toHaveAccessibleDescription('Add the state to this address before ordering')
    expect(
      screen.getByRole('button', { name: /Add the state to address 12 MG Road/ }),
    ).toBeEnabled()
    await u.click(screen.getByRole('button', { name: 'Place Your Order' }))
    expect(toast.error).toHaveBeenCalledWith('Please select one address to proceed.')
    expect(callsOf(fetchMock).some(([input]) => String(input).includes('/order/create'))).toBe(
      false,
    )
  })

  it('starts with the default address, else the most recent, and the choice can change (issue 31.7)', async () => {
    const home = { ...address, isDefault: false }
    const office = {
      ...address,
      _id: '00000000-0000-4000-8000-0000000000b2',
      address: '4 Residency Road',
      isDefault: true,
    }
    const newest = {
      ...address,
      _id: '00000000-0000-4000-8000-0000000000b3',
      address: '9 Brigade Road',
      isDefault: false,
    }
    shop.addresses = [home, office, newest]
    const fetchMock = setup()
    const u = userEvent.setup()
    renderRoute(<CheckoutPage />)
    const summary = await screen.findByRole('region', { name: 'Deliver to' })
    expect(await within(summary).findByText(/4 Residency Road, Bengaluru/)).toBeInTheDocument()
    expect(within(summary).queryByText(/No address chosen yet/)).not.toBeInTheDocument()
    expect(screen.getByRole('radio', { name: /Deliver to .*4 Residency Road/ })).toBeChecked()

    await u.click(screen.getByRole('radio', { name: /Deliver to .*12 MG Road/ }))
    expect(within(summary).getByText(/12 MG Road, Bengaluru/)).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: /Deliver to .*4 Residency Road/ })).not.toBeChecked()
    await u.click(screen.getByRole('button', { name: 'Place Your Order' }))
    const dialog = await screen.findByRole('dialog', { name: 'Select Payment Method' })
    await u.click(within(dialog).getByRole('radio', { name: /COD/ }))
    await u.click(within(dialog).getByRole('button', { name: 'Pay ₹9,000' }))
    await vi.waitFor(() => {
      const created = callsOf(fetchMock).find(([input]) => String(input).includes('/order/create'))
      expect(JSON.parse(String(created?.[1].body))).toMatchObject({
        addressInfo: { addressId: home._id },
      })
    })
  })

  it('starts with the most recent address when none is the default', async () => {
    shop.addresses = [
      { ...address, isDefault: false },
      {
        ...address,
        _id: '00000000-0000-4000-8000-0000000000b3',
        address: '9 Brigade Road',
        isDefault: false,
      },
    ]
    setup()
    renderRoute(<CheckoutPage />)
    const summary = await screen.findByRole('region', { name: 'Deliver to' })
    expect(await within(summary).findByText(/9 Brigade Road, Bengaluru/)).toBeInTheDocument()
  })
})
