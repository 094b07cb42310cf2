import type { AdminShipmentRow, StopParcelResponse } from '@techbazaar/shared'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createUser, fail, mockApi, ok, renderAt } from '@/test/api-helpers'
import ShipmentsPage from '../pages/shipments-page'

const admin = () => ok({ user: createUser({ role: 'admin', type: 'admin', userName: 'Admin' }) })

const rows: AdminShipmentRow[] = [
  {
    _id: '9a8b7c6d-5e4f-4a3b-8c2d-000000000001',
    orderId: '1d2c3b4a-5e6f-4a7b-8c9d-000000000001',
    orderNumber: 'TB-10241',
    seller: 'Brigade Gadgets',
    orderStatus: 'inProcess',
    shipBy: '2026-11-23',
    shipment: {
      courier: 'SANDBOX',
      awb: 'SBX0000012345',
      status: 'in_transit',
      labelUrl: '/sandbox-courier/SBX0000012345/label',
      expectedBy: '2026-11-25',
    },
    late: true,
    lateReason: 'notDelivered',
  },
  {
    _id: '9a8b7c6d-5e4f-4a3b-8c2d-000000000002',
    orderId: '1d2c3b4a-5e6f-4a7b-8c9d-000000000002',
    orderNumber: 'TB-10240',
    seller: 'Tech Tokri',
    orderStatus: 'confirmed',
    shipBy: '2026-11-24',
    shipment: null,
    late: false,
    lateReason: null,
  },
]

/** The query strings the page asked the shipments list with, in order. */
const listQueries = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/admin/shipments')
    .map((url) => url.search)

describe('ShipmentsPage', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('shows every shipment with its courier, days and late flag, and filters the late ones', async () => {
    const fetchMock = mockApi({
      'GET /auth/check-auth': admin,
      'GET /admin/shipments': () => ok({ data: rows, total: 2, page: 1, limit: 20 }),
    })
    const user = userEvent.setup()
    renderAt('/admin/shipments', <ShipmentsPage />)

    const late = await screen.findByRole('row', { name: /TB-10241/ })
    expect(within(late).getByText('Brigade Gadgets')).toBeInTheDocument()
    expect(within(late).getByText('Sandbox courier')).toBeInTheDocument()
    expect(within(late).getByText('AWB SBX0000012345')).toBeInTheDocument()
    expect(within(late).getByText('In transit')).toBeInTheDocument()
    expect(within(late).getByText('25 Nov 2026')).toBeInTheDocument()
    expect(within(late).getByText('Late')).toBeInTheDocument()
    expect(within(late).getByText('Not delivered by the expected day')).toBeInTheDocument()
    expect(within(late).getByRole('link', { name: 'TB-10241' })).toHaveAttribute(
      'href',
      '/admin/orders?q=TB-10241',
    )
    const onTime = screen.getByRole('row', { name: /TB-10240/ })
    expect(within(onTime).getByText('Not booked')).toBeInTheDocument()
    expect(within(onTime).getByText('On time')).toBeInTheDocument()
    expect(within(onTime).getByText('24 Nov 2026')).toBeInTheDocument()
    expect(screen.getByText('1–2 of 2 shipments')).toBeInTheDocument()
    expect(listQueries(fetchMock)).toEqual(['?page=1'])

    const lateOnly = screen.getByRole('checkbox', { name: 'Late only' })
    expect(lateOnly).not.toBeChecked()
    await user.click(lateOnly)
    await waitFor(() => expect(listQueries(fetchMock)).toContain('?page=1&late=true'))
    expect(lateOnly).toBeChecked()
  })

  it('opens with the late ones when the dashboard links here, and says when none is late', async () => {
    const fetchMock = mockApi({
      'GET /auth/check-auth': admin,
      'GET /admin/shipments': () => ok({ data: [], total: 0, page: 1, limit: 20 }),
    })
    renderAt('/admin/shipments?late=true', <ShipmentsPage />)
    expect(await screen.findByText('No late shipments')).toBeInTheDocument()
    expect(screen.getByText('Every parcel is on time.')).toBeInTheDocument()
    expect(screen.getByRole('checkbox', { name: 'Late only' })).toBeChecked()
    expect(listQueries(fetchMock)).toEqual(['?page=1&late=true'])
  })

  it('shows an error with a retry', async () => {
    mockApi({
      'GET /auth/check-auth': admin,
      'GET /admin/shipments': () => fail(500, 'Something went wrong'),
    })
    renderAt('/admin/shipments', <ShipmentsPage />)
    expect(await screen.findByRole('alert')).toHaveTextContent('Try again')
  })

  it('offers Stop parcel on parcels the courier has, and stops one after asking', async () => {
    let stopped = false
    const booked: AdminShipmentRow = {
      ...rows[0]!,
      _id: '9a8b7c6d-5e4f-4a3b-8c2d-000000000003',
      orderNumber: 'TB-10242',
      seller: 'Booked Bazaar',
      orderStatus: 'confirmed',
      shipment: { ...rows[0]!.shipment!, awb: 'SBX0000099999', status: 'booked' },
      late: false,
      lateReason: null,
    }
    const delivered: AdminShipmentRow = {
      ...rows[0]!,
      _id: '9a8b7c6d-5e4f-4a3b-8c2d-000000000004',
      orderNumber: 'TB-10239',
      seller: 'Done Deals',
      orderStatus: 'delivered',
      shipment: { ...rows[0]!.shipment!, status: 'delivered' },
      late: false,
      lateReason: null,
    }
    const fetchMock = mockApi({
      'GET /auth/check-auth': admin,
      'GET /admin/shipments': () => {
        const current: AdminShipmentRow = stopped
          ? {
              ...booked,
              orderStatus: 'rejected',
              shipment: { ...booked.shipment!, status: 'cancelled' },
            }
          : booked
        return ok({ data: [current, ...rows, delivered], total: 4, page: 1, limit: 20 })
      },
      [`POST /admin/shipments/${booked._id}/stop`]: () => {
        stopped = true
        const body: Omit<StopParcelResponse, 'success'> = {
          message: 'The courier booking is cancelled and the part rejected.',
          outcome: 'cancelled',
          orderStatus: 'rejected',
        }
        return ok(body)
      },
    })
    const user = userEvent.setup()
    renderAt('/admin/shipments', <ShipmentsPage />)

    const stopIn = (orderNumber: string) =>
      within(screen.getByRole('row', { name: new RegExp(orderNumber) })).queryByRole('button', {
        name: /^Stop parcel/,
      })
    await screen.findByRole('row', { name: /TB-10242/ })
    // Booked and not picked up, and on its way: stoppable. Not booked, or delivered: not.
    expect(stopIn('TB-10242')).toHaveAccessibleName('Stop parcel from Booked Bazaar')
    expect(stopIn('TB-10241')).toHaveAccessibleName('Stop parcel from Brigade Gadgets')
    expect(stopIn('TB-10240')).not.toBeInTheDocument()
    expect(stopIn('TB-10239')).not.toBeInTheDocument()

    await user.click(stopIn('TB-10242')!)
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Stop the parcel from Booked Bazaar?',
    })
    expect(confirm).toHaveAccessibleDescription(/AWB SBX0000099999/)
    await user.click(within(confirm).getByRole('button', { name: 'Stop parcel' }))

    expect(
      await screen.findByText('The courier booking is cancelled and the part rejected.'),
    ).toBeInTheDocument()
    const stops = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/stop'))
    expect(stops).toHaveLength(1)
    expect(stops[0]![1]?.method).toBe('POST')
    // The list is asked again and the stopped parcel no longer offers the action.
    await waitFor(() => expect(stopIn('TB-10242')).not.toBeInTheDocument())
    expect(
      within(screen.getByRole('row', { name: /TB-10242/ })).getByText('Courier booking cancelled'),
    ).toBeInTheDocument()
  }, 20_000)
})
