import type {
  AdminOrderDetails,
  AdminOrderRow,
  UpdateOrderStatusInput,
  VendorSubOrder,
} from '@techbazaar/shared'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { mockApi, ok, renderAt, sentBodies } from '@/test/api-helpers'
import { OrdersTable } from '../components/orders-table'
import { adminOrderDetails, adminOrderRow, ORDER_ID, ordersPage } from './admin-order-fixtures'

const SUB_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d'
const ORDER_NUMBER = 'TB-10234'

const row = adminOrderRow({ orderNumber: ORDER_NUMBER })

const table = (scope: 'admin' | 'vendor') => (
  <OrdersTable scope={scope} filter={{ page: 1 }} onPage={() => {}} />
)

const details = (orderStatus: AdminOrderDetails['orderStatus']) =>
  adminOrderDetails(row, {
    orderStatus,
    displayStatus: orderStatus,
    timeline: [
      {
        at: row.orderDate,
        event: 'place',
        from: null,
        to: 'confirmed',
        actor: 'shopper',
        part: null,
        note: null,
      },
    ],
    addressInfo: {
      addressId: 'a1',
      address: '12 MG Road',
      city: 'Bengaluru',
      pincode: '560001',
      phone: '9876543210',
      notes: 'Ring the bell',
    },
  })

beforeAll(() => {
  // Radix Select uses pointer capture and scrolling that jsdom does not implement.
  Element.prototype.hasPointerCapture = () => false
  Element.prototype.releasePointerCapture = () => {}
  Element.prototype.scrollIntoView = () => {}
})

describe('OrdersTable details dialog', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('updates an order status, shows the server message and refetches', async () => {
    // Decision 42: people read the order number and status words; the API still takes codes.
    let status: AdminOrderRow['orderStatus'] = 'confirmed'
    const fetchMock = mockApi({
      'GET /admin/orders/get': () =>
        ok(ordersPage([{ ...row, orderStatus: status, displayStatus: status }])),
      [`GET /admin/orders/details/${ORDER_ID}`]: () => ok({ data: details(status) }),
      [`PUT /admin/orders/update/${ORDER_ID}`]: (body) => {
        status = (body as UpdateOrderStatusInput).orderStatus
        return ok({ message: 'Order status updated successfully' })
      },
    })
    const user = userEvent.setup()
    renderAt('/admin/orders', table('admin'))
    const tableRow = await screen.findByRole('row', { name: new RegExp(ORDER_NUMBER) })
    expect(within(tableRow).getByText('Confirmed')).toBeInTheDocument()
    expect(within(tableRow).getByText('₹25,999')).toBeInTheDocument()
    expect(screen.queryByText(ORDER_ID)).not.toBeInTheDocument()

    await user.click(within(tableRow).getByRole('button', { name: 'View Details' }))
    const dialog = await screen.findByRole('dialog')
    expect(await within(dialog).findByText(/Redmi Note 13 Pro/)).toBeInTheDocument()
    expect(within(dialog).getByText('Ring the bell')).toBeInTheDocument()
    expect(within(dialog).getByText(ORDER_NUMBER)).toBeInTheDocument()
    expect(within(dialog).getByText('Cash on delivery')).toBeInTheDocument()
    expect(within(dialog).getByText('Pending')).toBeInTheDocument()
    const timeline = within(dialog).getByRole('region', { name: 'Timeline' })
    expect(within(timeline).getByText('Order placed')).toBeInTheDocument()
    expect(within(dialog).queryByText(ORDER_ID)).not.toBeInTheDocument()
    const submit = within(dialog).getByRole('button', { name: 'Update Order Status' })
    expect(submit).toBeDisabled()

    await user.click(within(dialog).getByRole('combobox', { name: 'Order Status' }))
    const options = screen.getAllByRole('option').map((o) => o.textContent)
    // Only the moves the order lifecycle allows from Confirmed, for an admin.
    expect(options).toEqual(['In process', 'Shipped', 'Rejected'])
    await user.click(screen.getByRole('option', { name: 'Shipped' }))
    await user.click(submit)

    expect(await screen.findByText('Order status updated successfully')).toBeInTheDocument()
    expect(sentBodies(fetchMock, `/admin/orders/update/${ORDER_ID}`)).toEqual([
      { orderStatus: 'inShipping' },
    ])
    await waitFor(() => expect(within(tableRow).getByText('Shipped')).toBeInTheDocument())
    const gets = (path: string) =>
      fetchMock.mock.calls.filter(
        ([u, init]) => String(u).split('?')[0] === `/api${path}` && !init?.method,
      )
    expect(gets('/admin/orders/get').length).toBeGreaterThanOrEqual(2)
    expect(gets(`/admin/orders/details/${ORDER_ID}`).length).toBeGreaterThanOrEqual(2)
  }, 20_000)

  it('lets a seller process its own part through vendor-update, and ship it with Ship', async () => {
    const sub: VendorSubOrder = {
      ...row,
      _id: SUB_ID,
      orderId: ORDER_ID,
      cartItems: details('confirmed').cartItems,
      shipBy: '2099-01-05',
      shipment: null,
    }
    const fetchMock = mockApi({
      'GET /admin/orders/getVendor': () => ok({ data: [sub] }),
      [`GET /admin/orders/details/${ORDER_ID}`]: () => ok({ data: details('confirmed') }),
      'PUT /admin/orders/vendor-update': () => ({
        status: 200,
        body: { message: 'Order status updated successfully', data: {} },
      }),
    })
    const user = userEvent.setup()
    renderAt('/admin/orders', table('vendor'))
    // A confirmed part is to ship: it is listed above the other orders.
    const card = await screen.findByRole('article', { name: ORDER_NUMBER })
    await user.click(within(card).getByRole('button', { name: 'View Details' }))
    const dialog = await screen.findByRole('dialog')
    await within(dialog).findByText(/Redmi Note 13 Pro/)
    await user.click(within(dialog).getByRole('combobox', { name: 'Order Status' }))
    // A seller never rejects, nor marks a part Shipped or Delivered: the courier's scans do.
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['In process'])
    await user.click(screen.getByRole('option', { name: 'In process' }))
    await user.click(within(dialog).getByRole('button', { name: 'Update Order Status' }))
    // Sonner keeps its toasts in module state, so the first test's toast may still be listed.
    expect(await screen.findAllByText('Order status updated successfully')).not.toHaveLength(0)
    expect(sentBodies(fetchMock, '/admin/orders/vendor-update')).toEqual([
      { _id: SUB_ID, status: 'inProcess' },
    ])

    // Ship opens the booking form in place of the details.
    const ship = within(dialog).getByRole('region', { name: 'Ship' })
    await user.click(within(ship).getByRole('button', { name: 'Ship' }))
    expect(await screen.findByRole('dialog', { name: `Ship ${ORDER_NUMBER}` })).toBeInTheDocument()
    expect(screen.queryByRole('dialog', { name: 'Order Details' })).not.toBeInTheDocument()
  })

  it('tells a seller the courier marks a booked part, and offers no status to set', async () => {
    const sub: VendorSubOrder = {
      ...row,
      _id: SUB_ID,
      orderId: ORDER_ID,
      orderStatus: 'inShipping',
      displayStatus: 'inShipping',
      cartItems: details('inShipping').cartItems,
      shipBy: null,
      shipment: {
        courier: 'SANDBOX',
        awb: 'SBX0000012345',
        status: 'in_transit',
        labelUrl: '/sandbox-courier/SBX0000012345/label',
        expectedBy: '2026-11-25',
      },
    }
    mockApi({
      'GET /admin/orders/getVendor': () => ok({ data: [sub] }),
      [`GET /admin/orders/details/${ORDER_ID}`]: () => ok({ data: details('inShipping') }),
    })
    const user = userEvent.setup()
    renderAt('/admin/orders', table('vendor'))
    const tableRow = await screen.findByRole('row', { name: new RegExp(ORDER_NUMBER) })
    await user.click(within(tableRow).getByRole('button', { name: 'View Details' }))
    const dialog = await screen.findByRole('dialog')
    expect(
      await within(dialog).findByText(
        "The courier's tracking marks this parcel Shipped and then Delivered.",
      ),
    ).toBeInTheDocument()
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Ship' })).not.toBeInTheDocument()
  })

  it('marks a cancelled line and prices the order at what the courier collects', async () => {
    const cut = { totalAmount: 26298, payableAmount: 25999, displayPaymentStatus: 'paid' as const }
    const cable = {
      productId: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
      title: 'Type-C cable',
      image: '/c.webp',
      price: 299,
      quantity: 1,
      state: 'cancelled' as const,
      cancelledQuantity: 1,
      returnedQuantity: 0,
    }
    const placed = details('delivered')
    mockApi({
      'GET /admin/orders/get': () => ok(ordersPage([{ ...row, ...cut }])),
      [`GET /admin/orders/details/${ORDER_ID}`]: () =>
        ok({ data: { ...placed, ...cut, cartItems: [...placed.cartItems, cable] } }),
    })
    const user = userEvent.setup()
    renderAt('/admin/orders', table('admin'))
    const tableRow = await screen.findByRole('row', { name: new RegExp(ORDER_NUMBER) })
    expect(within(tableRow).getByText('₹25,999')).toBeInTheDocument()
    expect(within(tableRow).getByRole('deletion')).toHaveTextContent('₹26,298')
    await user.click(within(tableRow).getByRole('button', { name: 'View Details' }))
    const dialog = await screen.findByRole('dialog')
    const items = await within(dialog).findByRole('region', { name: 'Items' })
    const cableLine = within(items)
      .getByText(/Type-C cable/)
      .closest('li')!
    expect(within(cableLine).getByText('Cancelled')).toBeInTheDocument()
    expect(within(dialog).getByText('₹25,999')).toBeInTheDocument()
    expect(within(dialog).getByText('Paid')).toBeInTheDocument()
  })

  it('names the business buyer an order is billed to', async () => {
    const buyer = { gstin: '29AAGCB7383J1Z4', legalName: 'Bengal Byte Traders Pvt Ltd' }
    mockApi({
      'GET /admin/orders/get': () => ok(ordersPage([row])),
      [`GET /admin/orders/details/${ORDER_ID}`]: () =>
        ok({ data: { ...details('confirmed'), buyer } }),
    })
    const user = userEvent.setup()
    renderAt('/admin/orders', table('admin'))
    const tableRow = await screen.findByRole('row', { name: new RegExp(ORDER_NUMBER) })
    await user.click(within(tableRow).getByRole('button', { name: 'View Details' }))
    const dialog = await screen.findByRole('dialog')
    const label = await within(dialog).findByText('Billed to')
    expect(label.nextElementSibling).toHaveTextContent(
      'Bengal Byte Traders Pvt Ltd · GSTIN 29AAGCB7383J1Z4',
    )
  })

  it('leaves out "Billed to" for a personal purchase', async () => {
    mockApi({
      'GET /admin/orders/get': () => ok(ordersPage([row])),
      [`GET /admin/orders/details/${ORDER_ID}`]: () => ok({ data: details('confirmed') }),
    })
    const user = userEvent.setup()
    renderAt('/admin/orders', table('admin'))
    const tableRow = await screen.findByRole('row', { name: new RegExp(ORDER_NUMBER) })
    await user.click(within(tableRow).getByRole('button', { name: 'View Details' }))
    const dialog = await screen.findByRole('dialog')
    await within(dialog).findByText(/Redmi Note 13 Pro/)
    expect(within(dialog).queryByText('Billed to')).not.toBeInTheDocument()
  })

  it('shows the empty state', async () => {
    mockApi({ 'GET /admin/orders/get': () => ok(ordersPage([])) })
    renderAt('/admin/orders', table('admin'))
    expect(await screen.findByText('No orders yet')).toBeInTheDocument()
  })

  it('names the recipient and the landmark in Shipping Info (issue 31.7)', async () => {
    const base = details('confirmed')
    mockApi({
      'GET /admin/orders/get': () => ok(ordersPage([row])),
      [`GET /admin/orders/details/${ORDER_ID}`]: () =>
        ok({
          data: {
            ...base,
            addressInfo: {
              ...base.addressInfo,
              recipientName: 'Meera Iyer',
              landmark: 'Opposite Forum Mall',
            },
          },
        }),
    })
    const user = userEvent.setup()
    renderAt('/admin/orders', table('admin'))
    const tableRow = await screen.findByRole('row', { name: new RegExp(ORDER_NUMBER) })
    await user.click(within(tableRow).getByRole('button', { name: 'View Details' }))
    const dialog = await screen.findByRole('dialog')
    const shipping = await within(dialog).findByRole('region', { name: 'Shipping info' })
    expect(within(shipping).getByText('Name').nextElementSibling).toHaveTextContent('Meera Iyer')
    expect(within(shipping).getByText('Landmark').nextElementSibling).toHaveTextContent(
      'Opposite Forum Mall',
    )
  })
})
