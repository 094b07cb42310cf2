import { shopDay, type VendorSubOrder } from '@techbazaar/shared'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fail, mockApi, ok, renderAt, sentBodies } from '@/test/api-helpers'
import { SETUP_COMPLETE, sellerSetup } from '@/test/seller-setup'
import { OrdersTable } from '../components/orders-table'

const DAY = 86_400_000
const AWB = 'SBX0000012345'
const LABEL = `/sandbox-courier/${AWB}/label`

/** A seller's part; `n` picks its ids and number. */
function part(n: number, overrides: Partial<VendorSubOrder> = {}): VendorSubOrder {
  const id = (prefix: string) => `${prefix}-5e6f-4a7b-8c9d-${String(n).padStart(12, '0')}`
  const placed: Omit<VendorSubOrder, 'displayStatus'> = {
    _id: id('9a8b7c6d'),
    orderId: id('1d2c3b4a'),
    orderNumber: `TB-${10230 + n}`,
    orderDate: '2026-11-20T06:30:00.000Z',
    orderStatus: 'confirmed',
    totalAmount: 1999,
    paymentMethod: 'COD',
    paymentStatus: 'pending',
    payableAmount: 1999,
    refundedAmount: 0,
    refundPendingAmount: 0,
    displayPaymentStatus: 'pending',
    userName: 'Asha Rao',
    email: 'asha@example.in',
    cartItems: [
      {
        productId: id('2b3c4d5e'),
        shortId: 'airdp001',
        title: `Boat Airdopes ${n}`,
        image: '/x.webp',
        price: 1999,
        quantity: n,
        state: 'active',
        cancelledQuantity: 0,
        returnedQuantity: 0,
      },
    ],
    shipBy: shopDay(new Date(Date.now() + DAY)),
    shipment: null,
    ...overrides,
  }
  // Nothing cancelled or returned: the part reads as its status.
  return { displayStatus: placed.orderStatus, ...placed }
}

const table = () => <OrdersTable scope="vendor" filter={{ page: 1 }} onPage={() => {}} />
const booking = { awb: AWB, courier: 'SANDBOX', labelUrl: LABEL }
/** The seller's checklist, which the dialog asks for as it opens: everything set up. */
const SET_UP = { 'GET /admin/seller-setup': () => ok({ data: SETUP_COMPLETE }) }

/** Opens the Ship dialog of `orderNumber` from its card in the To ship section. */
async function openShip(user: ReturnType<typeof userEvent.setup>, orderNumber: string) {
  const toShip = await screen.findByRole('region', { name: /To ship/ })
  await user.click(within(toShip).getByRole('button', { name: `Ship ${orderNumber}` }))
  return screen.findByRole('dialog', { name: `Ship ${orderNumber}` })
}

/** Opens the dialog and waits for its form (shown once the pickup address is known). */
async function openShipForm(user: ReturnType<typeof userEvent.setup>, orderNumber: string) {
  const dialog = await openShip(user, orderNumber)
  await within(dialog).findByLabelText('Weight (g)')
  return dialog
}

async function fillParcel(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.type(within(dialog).getByLabelText('Weight (g)'), '450')
  await user.type(within(dialog).getByLabelText('Length (cm)'), '20')
  await user.type(within(dialog).getByLabelText('Breadth (cm)'), '12')
  await user.type(within(dialog).getByLabelText('Height (cm)'), '6')
}

describe("the seller's parts to ship", () => {
  afterEach(() => vi.unstubAllGlobals())

  it('lists them first, in the order the server sends, with a Late badge past the ship-by day', async () => {
    const late = part(1, { shipBy: shopDay(new Date(Date.now() - 2 * DAY)) })
    const due = part(2, { orderStatus: 'inProcess' })
    const booked = part(3, {
      orderStatus: 'inProcess',
      shipBy: null,
      shipment: { ...booking, courier: 'SANDBOX', status: 'booked', expectedBy: '2026-11-25' },
    })
    const delivered = part(4, { orderStatus: 'delivered', shipBy: null })
    mockApi({ 'GET /admin/orders/getVendor': () => ok({ data: [late, due, booked, delivered] }) })
    renderAt('/admin/orders', table())

    const toShip = await screen.findByRole('region', { name: 'To ship (2)' })
    const cards = within(toShip).getAllByRole('article')
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'TB-10231',
      'TB-10232',
    ])
    expect(within(cards[0]!).getByText('Late')).toBeInTheDocument()
    expect(within(cards[0]!).getByText(/Boat Airdopes 1/)).toBeInTheDocument()
    expect(within(cards[0]!).getByText(/^Ship by/)).toBeInTheDocument()
    expect(within(cards[1]!).queryByText('Late')).not.toBeInTheDocument()
    expect(within(cards[1]!).getByText('In process')).toBeInTheDocument()
    // The rest stay in the orders table, newest first as sent.
    expect(within(toShip).queryByText('TB-10233')).not.toBeInTheDocument()
    expect(screen.getByRole('row', { name: /TB-10233/ })).toBeInTheDocument()
    expect(screen.getByRole('row', { name: /TB-10234/ })).toBeInTheDocument()
  })

  it('books the courier: the shared schema checks the parcel, then the AWB and the label', async () => {
    let booked = false
    const fetchMock = mockApi({
      ...SET_UP,
      'GET /admin/orders/getVendor': () =>
        ok({
          data: [
            booked
              ? part(1, {
                  orderStatus: 'inProcess',
                  shipBy: null,
                  shipment: { ...booking, courier: 'SANDBOX', status: 'booked', expectedBy: null },
                })
              : part(1),
          ],
        }),
      'POST /admin/orders/vendor-ship': () => {
        booked = true
        return ok({ data: booking })
      },
    })
    const user = userEvent.setup()
    renderAt('/admin/orders', table())
    const dialog = await openShipForm(user, 'TB-10231')

    await user.click(within(dialog).getByRole('button', { name: 'Book courier' }))
    expect(await within(dialog).findByText('Enter the weight in grams')).toBeInTheDocument()
    expect(within(dialog).getByText('Enter the length in cm')).toBeInTheDocument()
    expect(within(dialog).getByText('Enter the breadth in cm')).toBeInTheDocument()
    expect(within(dialog).getByText('Enter the height in cm')).toBeInTheDocument()
    const weight = within(dialog).getByLabelText('Weight (g)')
    expect(weight).toHaveAttribute('aria-invalid', 'true')
    await user.type(weight, '5')
    await user.type(within(dialog).getByLabelText('Length (cm)'), '1.5')
    await user.click(within(dialog).getByRole('button', { name: 'Book courier' }))
    expect(await within(dialog).findByText('A parcel weighs at least 10 g')).toBeInTheDocument()
    expect(within(dialog).getByText('Enter the length in whole cm')).toBeInTheDocument()
    expect(sentBodies(fetchMock, '/admin/orders/vendor-ship')).toEqual([])

    await user.clear(weight)
    await user.clear(within(dialog).getByLabelText('Length (cm)'))
    await fillParcel(user, dialog)
    await user.click(within(dialog).getByRole('button', { name: 'Book courier' }))

    expect(await within(dialog).findByText('Courier booked')).toBeInTheDocument()
    expect(sentBodies(fetchMock, '/admin/orders/vendor-ship')).toEqual([
      { _id: part(1)._id, weightGrams: 450, lengthCm: 20, breadthCm: 12, heightCm: 6 },
    ])
    expect(within(dialog).getByText(AWB)).toBeInTheDocument()
    expect(within(dialog).getByText('Sandbox courier')).toBeInTheDocument()
    const label = within(dialog).getByRole('link', { name: /Print label/ })
    expect(label).toHaveAttribute('href', LABEL)
    expect(label).toHaveAttribute('target', '_blank')
    expect(label).toHaveAttribute('rel', expect.stringContaining('noopener'))
    expect(label).toHaveFocus()

    await user.click(within(dialog).getByRole('button', { name: 'Copy AWB' }))
    expect(await navigator.clipboard.readText()).toBe(AWB)

    // The list refreshes behind the dialog: nothing is left to ship.
    expect(await screen.findByText(/Nothing to ship right now/)).toBeInTheDocument()
    expect(within(dialog).getByText('Courier booked')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByRole('region', { name: 'To ship (0)' })).toBeInTheDocument()
    expect(screen.getByRole('row', { name: /TB-10231/ })).toBeInTheDocument()
  }, 20_000)

  it('says the pickup address is missing as the dialog opens, before the parcel is weighed', async () => {
    const fetchMock = mockApi({
      'GET /admin/orders/getVendor': () => ok({ data: [part(1)] }),
      'GET /admin/seller-setup': () =>
        ok({
          data: sellerSetup({
            businessAddress: 'todo',
            pickupAddress: 'todo',
            payoutAccount: 'done',
            gstin: 'done',
          }),
        }),
    })
    const user = userEvent.setup()
    renderAt('/admin/orders', table())
    const dialog = await openShip(user, 'TB-10231')
    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent('Add your business address before you ship.')
    expect(alert).toHaveTextContent(/picks parcels up from your business address/)
    expect(within(alert).getByRole('link', { name: 'Add your business address' })).toHaveAttribute(
      'href',
      '/admin/business-address',
    )
    // Nothing to type or press until the address is there.
    expect(within(dialog).queryByLabelText('Weight (g)')).not.toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Book courier' })).not.toBeInTheDocument()
    expect(sentBodies(fetchMock, '/admin/orders/vendor-ship')).toEqual([])
  })

  it('still shows what the booking refused when the checklist could not be read', async () => {
    mockApi({
      'GET /admin/seller-setup': () => fail(500, 'Something went wrong'),
      'GET /admin/orders/getVendor': () => ok({ data: [part(1)] }),
      'POST /admin/orders/vendor-ship': () =>
        fail(409, 'Add your business address first: the courier picks the parcel up there.'),
    })
    const user = userEvent.setup()
    renderAt('/admin/orders', table())
    const dialog = await openShipForm(user, 'TB-10231')
    await fillParcel(user, dialog)
    await user.click(within(dialog).getByRole('button', { name: 'Book courier' }))
    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent(
      'Add your business address first: the courier picks the parcel up there.',
    )
    expect(within(alert).getByRole('link', { name: 'Add your business address' })).toHaveAttribute(
      'href',
      '/admin/business-address',
    )
  })

  it('keeps the form when the courier cannot be reached, so the seller retries', async () => {
    let attempts = 0
    mockApi({
      ...SET_UP,
      'GET /admin/orders/getVendor': () => ok({ data: [part(1)] }),
      'POST /admin/orders/vendor-ship': () =>
        ++attempts === 1
          ? fail(502, 'The courier could not be reached, so nothing was booked. Please try again.')
          : ok({ data: booking }),
    })
    const user = userEvent.setup()
    renderAt('/admin/orders', table())
    const dialog = await openShipForm(user, 'TB-10231')
    await fillParcel(user, dialog)
    await user.click(within(dialog).getByRole('button', { name: 'Book courier' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The courier could not be reached, so nothing was booked. Please try again.',
    )
    expect(within(dialog).queryByRole('link', { name: /business address/ })).not.toBeInTheDocument()
    expect(within(dialog).getByLabelText('Weight (g)')).toHaveValue('450')
    await user.click(within(dialog).getByRole('button', { name: 'Book courier' }))
    expect(await within(dialog).findByText('Courier booked')).toBeInTheDocument()
    expect(attempts).toBe(2)
  })
  it('sends the e-way bill the seller generated itself, and says when the shop refuses without one', async () => {
    const fetchMock = mockApi({
      ...SET_UP,
      'GET /admin/orders/getVendor': () => ok({ data: [part(1, { totalAmount: 60000 })] }),
      'POST /admin/orders/vendor-ship': (body) =>
        (body as { eWayBillNumber?: string }).eWayBillNumber
          ? ok({ data: booking })
          : fail(
              409,
              'This parcel is worth more than ₹50,000.00, so it needs an e-way bill before it moves (rule 138): enter the number of the e-way bill you generated on the e-way bill portal.',
            ),
    })
    const user = userEvent.setup()
    renderAt('/admin/orders', table())
    const dialog = await openShipForm(user, 'TB-10231')
    await fillParcel(user, dialog)
    await user.click(within(dialog).getByRole('button', { name: 'Book courier' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/needs an e-way bill/)

    const field = within(dialog).getByLabelText('E-way bill No. (optional)')
    await user.type(field, '1234')
    await user.click(within(dialog).getByRole('button', { name: 'Book courier' }))
    expect(
      await within(dialog).findByText('An e-way bill number has 12 digits'),
    ).toBeInTheDocument()
    await user.clear(field)
    await user.type(field, '1810 0012 3456')
    await user.click(within(dialog).getByRole('button', { name: 'Book courier' }))
    expect(await within(dialog).findByText('Courier booked')).toBeInTheDocument()
    expect(sentBodies(fetchMock, '/admin/orders/vendor-ship').at(-1)).toEqual({
      _id: part(1)._id,
      weightGrams: 450,
      lengthCm: 20,
      breadthCm: 12,
      heightCm: 6,
      eWayBillNumber: '181000123456',
    })
  }, 20_000)
})
