import type {
  OrderParcel,
  ShipmentStatus,
  StopParcelResponse,
  VendorSubOrder,
} from '@techbazaar/shared'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { fail, mockApi, ok, renderAt } from '@/test/api-helpers'
import { OrdersTable } from '../components/orders-table'
import { adminOrderDetails, adminOrderRow, ORDER_ID, ordersPage } from './admin-order-fixtures'

const ORDER_NUMBER = 'TB-10577'
const subId = (n: number) => `9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c${String(n).padStart(2, '0')}`

const row = adminOrderRow({
  orderNumber: ORDER_NUMBER,
  paymentMethod: 'PAYU',
  paymentStatus: 'paid',
  displayPaymentStatus: 'paid',
})

/** A seller's part; `shipment` null until the courier is booked. */
const parcel = (
  n: number,
  seller: string,
  status: OrderParcel['status'],
  shipmentStatus: ShipmentStatus | null,
): OrderParcel => ({
  subOrderId: subId(n),
  seller,
  status,
  shipment: shipmentStatus && {
    courier: 'SANDBOX',
    awb: `SBX00000${n}`,
    status: shipmentStatus,
    expectedBy: '2026-11-25',
    events: [],
  },
  invoice: null,
  cancellable: false,
  returnableUntil: null,
})

const details = (parcels: OrderParcel[]) => adminOrderDetails(row, { parcels })

/** The admin's orders table with the details of `ORDER_ID` open. */
async function openAdminDetails() {
  const user = userEvent.setup()
  renderAt('/admin/orders', <OrdersTable scope="admin" filter={{ page: 1 }} onPage={() => {}} />)
  const tableRow = await screen.findByRole('row', { name: new RegExp(ORDER_NUMBER) })
  await user.click(within(tableRow).getByRole('button', { name: 'View Details' }))
  const dialog = await screen.findByRole('dialog', { name: 'Order Details' })
  await within(dialog).findByRole('region', { name: 'Tracking' })
  return { user, dialog }
}

const parcelCard = (dialog: HTMLElement, seller: string) =>
  within(dialog).getByRole('article', { name: `Parcel from ${seller}` })

const stopButton = (card: HTMLElement) =>
  within(card).queryByRole('button', { name: /^Stop parcel/ })

const stopCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).includes('/stop'))

beforeAll(() => {
  // Radix Select (the status picker) uses pointer capture and scrolling that jsdom does not implement.
  Element.prototype.hasPointerCapture = () => false
  Element.prototype.releasePointerCapture = () => {}
  Element.prototype.scrollIntoView = () => {}
})

describe('Stop parcel in the admin order details', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('is offered only on parts whose courier booking stands and is not delivered', async () => {
    mockApi({
      'GET /admin/orders/get': () => ok(ordersPage([row])),
      [`GET /admin/orders/details/${ORDER_ID}`]: () =>
        ok({
          data: details([
            parcel(1, 'Booked Traders', 'confirmed', 'booked'),
            parcel(2, 'Transit Mart', 'inShipping', 'in_transit'),
            parcel(3, 'Delivered Deals', 'delivered', 'delivered'),
            parcel(4, 'Returned Retail', 'returned', 'rto'),
            parcel(5, 'Cancelled Corner', 'rejected', 'cancelled'),
            parcel(6, 'Unbooked Store', 'confirmed', null),
            // Marked Shipped by hand after booking: the API refuses to reject it.
            parcel(7, 'Hand Shipped', 'inShipping', 'booked'),
          ]),
        }),
    })
    const { dialog } = await openAdminDetails()

    expect(stopButton(parcelCard(dialog, 'Booked Traders'))).toHaveAccessibleName(
      'Stop parcel from Booked Traders',
    )
    expect(stopButton(parcelCard(dialog, 'Transit Mart'))).toBeInTheDocument()
    for (const seller of [
      'Delivered Deals',
      'Returned Retail',
      'Cancelled Corner',
      'Unbooked Store',
      'Hand Shipped',
    ]) {
      expect(stopButton(parcelCard(dialog, seller))).not.toBeInTheDocument()
    }
  })

  it('is not offered to a seller, even on its own booked parcel', async () => {
    const sub: VendorSubOrder = {
      ...row,
      _id: subId(1),
      orderId: ORDER_ID,
      cartItems: details([]).cartItems,
      shipBy: null,
      shipment: {
        courier: 'SANDBOX',
        awb: 'SBX000001',
        status: 'booked',
        labelUrl: '/sandbox-courier/SBX000001/label',
        expectedBy: '2026-11-25',
      },
    }
    mockApi({
      'GET /admin/orders/getVendor': () => ok({ data: [sub] }),
      [`GET /admin/orders/details/${ORDER_ID}`]: () =>
        ok({ data: details([parcel(1, 'Booked Traders', 'confirmed', 'booked')]) }),
    })
    const user = userEvent.setup()
    renderAt('/admin/orders', <OrdersTable scope="vendor" filter={{ page: 1 }} onPage={() => {}} />)
    const tableRow = await screen.findByRole('row', { name: new RegExp(ORDER_NUMBER) })
    await user.click(within(tableRow).getByRole('button', { name: 'View Details' }))
    const dialog = await screen.findByRole('dialog', { name: 'Order Details' })
    await within(dialog).findByRole('region', { name: 'Tracking' })
    expect(stopButton(parcelCard(dialog, 'Booked Traders'))).not.toBeInTheDocument()
  })

  it('asks first, POSTs the stop, shows the answer and refetches the order', async () => {
    let stopped = false
    let answer!: (value: void) => void
    const courierAnswered = new Promise<void>((resolve) => (answer = resolve))
    const fetchMock = mockApi({
      'GET /admin/orders/get': () => ok(ordersPage([row])),
      [`GET /admin/orders/details/${ORDER_ID}`]: () =>
        ok({
          data: details([
            parcel(
              1,
              'Booked Traders',
              stopped ? 'rejected' : 'confirmed',
              stopped ? 'cancelled' : 'booked',
            ),
          ]),
        }),
      [`POST /admin/shipments/${subId(1)}/stop`]: () => {
        stopped = true
        const body: Omit<StopParcelResponse, 'success'> = {
          message: 'The courier booking is cancelled and the part rejected.',
          outcome: 'cancelled',
          orderStatus: 'rejected',
        }
        return ok(body)
      },
    })
    // The stop answers only once the test lets it, to see the pending state.
    const realFetch = globalThis.fetch
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input).endsWith('/stop')) await courierAnswered
        return realFetch(input, init)
      }),
    )
    const { user, dialog } = await openAdminDetails()
    const card = parcelCard(dialog, 'Booked Traders')

    // Keyboard: the button is reached and pressed like any other.
    stopButton(card)!.focus()
    await user.keyboard('{Enter}')
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Stop the parcel from Booked Traders?',
    })
    expect(confirm).toHaveAccessibleDescription(/Not picked up yet: the booking is cancelled/)
    expect(confirm).toHaveAccessibleDescription(/the courier brings it back to the seller/)
    expect(stopCalls(fetchMock)).toHaveLength(0)

    await user.click(within(confirm).getByRole('button', { name: 'Stop parcel' }))
    const pending = await within(confirm).findByRole('button', { name: 'Stopping parcel...' })
    expect(pending).toBeDisabled()
    expect(within(confirm).getByRole('button', { name: 'Keep parcel' })).toBeDisabled()

    answer()
    expect(
      await screen.findByText('The courier booking is cancelled and the part rejected.'),
    ).toBeInTheDocument()
    const calls = stopCalls(fetchMock)
    expect(calls).toHaveLength(1)
    expect(String(calls[0]![0])).toBe(`/api/admin/shipments/${subId(1)}/stop`)
    expect(calls[0]![1]?.method).toBe('POST')
    // Refetched: the parcel reads cancelled and can no longer be stopped.
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    await waitFor(() =>
      expect(
        within(parcelCard(dialog, 'Booked Traders')).getByText('Courier booking cancelled'),
      ).toBeInTheDocument(),
    )
    expect(stopButton(parcelCard(dialog, 'Booked Traders'))).not.toBeInTheDocument()
  }, 20_000)

  it('keeps the parcel when the admin answers Keep parcel', async () => {
    const fetchMock = mockApi({
      'GET /admin/orders/get': () => ok(ordersPage([row])),
      [`GET /admin/orders/details/${ORDER_ID}`]: () =>
        ok({ data: details([parcel(2, 'Transit Mart', 'inShipping', 'in_transit')]) }),
    })
    const { user, dialog } = await openAdminDetails()
    await user.click(stopButton(parcelCard(dialog, 'Transit Mart'))!)
    const confirm = await screen.findByRole('alertdialog')
    // Focus starts on the safe answer.
    expect(within(confirm).getByRole('button', { name: 'Keep parcel' })).toHaveFocus()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(stopCalls(fetchMock)).toHaveLength(0)
  })

  it("shows the API's refusal as an error toast and keeps the button", async () => {
    const refusal = 'Sandbox courier did not take the request: already out for delivery.'
    const fetchMock = mockApi({
      'GET /admin/orders/get': () => ok(ordersPage([row])),
      [`GET /admin/orders/details/${ORDER_ID}`]: () =>
        ok({ data: details([parcel(2, 'Transit Mart', 'inShipping', 'in_transit')]) }),
      [`POST /admin/shipments/${subId(2)}/stop`]: () => fail(409, refusal),
    })
    const { user, dialog } = await openAdminDetails()
    await user.click(stopButton(parcelCard(dialog, 'Transit Mart'))!)
    const confirm = await screen.findByRole('alertdialog')
    await user.click(within(confirm).getByRole('button', { name: 'Stop parcel' }))

    expect(await screen.findByText(refusal)).toBeInTheDocument()
    expect(stopCalls(fetchMock)).toHaveLength(1)
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(stopButton(parcelCard(dialog, 'Transit Mart'))).toBeEnabled()
  })

  it('leaves Rejected out of the status picker once a part is booked, and says to stop it', async () => {
    mockApi({
      'GET /admin/orders/get': () => ok(ordersPage([row])),
      [`GET /admin/orders/details/${ORDER_ID}`]: () =>
        ok({
          data: details([
            parcel(1, 'Booked Traders', 'inProcess', 'booked'),
            parcel(6, 'Unbooked Store', 'confirmed', null),
          ]),
        }),
    })
    const { user, dialog } = await openAdminDetails()
    const picker = within(dialog).getByRole('combobox', { name: 'Order Status' })
    expect(picker).toHaveAccessibleDescription(/Rejected is not offered/)
    expect(within(dialog).getByText(/Use Stop parcel on it/)).toBeInTheDocument()
    await user.click(picker)
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'In process',
      'Shipped',
    ])
  })

  it('still offers Rejected when the only booking was cancelled by the courier', async () => {
    mockApi({
      'GET /admin/orders/get': () => ok(ordersPage([row])),
      [`GET /admin/orders/details/${ORDER_ID}`]: () =>
        ok({
          data: details([
            // Rejected meanwhile: a rejection moves only the confirmed part, which has no booking.
            parcel(5, 'Cancelled Corner', 'rejected', 'cancelled'),
            parcel(2, 'Transit Mart', 'inShipping', 'in_transit'),
            parcel(6, 'Unbooked Store', 'confirmed', null),
          ]),
        }),
    })
    const { user, dialog } = await openAdminDetails()
    expect(within(dialog).queryByText(/Rejected is not offered/)).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('combobox', { name: 'Order Status' }))
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toContain('Rejected')
  })
})
