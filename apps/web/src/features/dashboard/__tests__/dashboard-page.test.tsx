import type { DashboardStats } from '@techbazaar/shared'
import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fail, mockApi, ok, renderAt } from '@/test/api-helpers'
import DashboardPage from '../pages/dashboard-page'

const series = Array.from({ length: 30 }, (_, i) => ({
  date: `2026-11-${String(i + 1).padStart(2, '0')}`,
  revenue: i === 21 ? 1500 : 0,
}))

const stats: DashboardStats = {
  ordersToday: 2,
  ordersThisMonth: 14,
  revenueToday: 1500,
  revenueThisMonth: 84999,
  revenueSeries: series,
  pendingVendors: {
    count: 3,
    latest: [
      { _id: '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f', userName: 'Tech Tokri', email: 't@x.in' },
    ],
  },
  lowStock: [{ _id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e', title: 'Redmi 13C', totalStock: 2 }],
  lateShipments: { count: 3, notShipped: 2, notDelivered: 1 },
  returnsAndRefunds: {
    openReturns: 7,
    overdueReturns: 2,
    pendingRefunds: 4,
    failedRefunds: 1,
    overdueRefunds: 0,
  },
  grievances: { open: 5, overdue: 3 },
  settlements: {
    onHold: 55015.5,
    payable: 3677.23,
    inPayout: 0,
    paidThisMonth: 52754.87,
    commissionThisMonth: 9123.4,
    taxes: [
      { month: '2026-10', tcs: 812.5, tcsDueOn: '2026-11-10', tds: 162.5, tdsDueOn: '2026-11-07' },
      { month: '2026-11', tcs: 410, tcsDueOn: '2026-12-10', tds: 82, tdsDueOn: '2026-12-07' },
    ],
  },
  latestMessages: [
    {
      _id: '1d2c3b4a-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      name: 'Meera',
      email: 'meera@example.in',
      subject: 'Delivery',
      message: 'Where is my parcel?',
      createdAt: '2026-11-22T06:00:00.000Z',
    },
  ],
}

describe('DashboardPage', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('shows the numbers, an accessible chart and the lists', async () => {
    mockApi({ 'GET /admin/dashboard': () => ok({ data: stats }) })
    renderAt('/admin/dashboard', <DashboardPage />)
    expect(screen.getByRole('heading', { level: 1, name: /admin features/i })).toBeInTheDocument()
    expect(await screen.findByText('₹84,999')).toBeInTheDocument()
    const chart = screen.getByRole('img', { name: /Revenue from 1 Nov to 30 Nov: ₹1,500 in total/ })
    expect(chart.querySelectorAll('rect')).toHaveLength(30)
    const table = screen.getByRole('table', { name: 'Revenue per day' })
    expect(within(table).getAllByRole('row')).toHaveLength(31)
    expect(screen.getByRole('link', { name: 'Tech Tokri' })).toHaveAttribute(
      'href',
      '/admin/vendor-verificaton',
    )
    expect(screen.getByText('2 left')).toBeInTheDocument()
    // Late parcels, by reason, with the way to the late ones.
    expect(screen.getByText('Late shipments (3)')).toBeInTheDocument()
    expect(screen.getByText('Not shipped by their ship-by day').nextSibling).toHaveTextContent('2')
    expect(screen.getByText('Not delivered by the expected day').nextSibling).toHaveTextContent('1')
    expect(screen.getByRole('link', { name: 'View late' })).toHaveAttribute(
      'href',
      '/admin/shipments?late=true',
    )
    expect(screen.getByText('Where is my parcel?')).toBeInTheDocument()
  })

  it('shows the returns and refunds waiting, the overdue ones flagged, each opening its list', async () => {
    mockApi({ 'GET /admin/dashboard': () => ok({ data: stats }) })
    renderAt('/admin/dashboard', <DashboardPage />)
    const panel = (await screen.findByText('Returns and refunds')).closest('[data-slot="card"]')
    if (!(panel instanceof HTMLElement)) throw new Error('no Returns and refunds panel')
    const line = (name: RegExp) => within(panel).getByRole('link', { name })
    expect(line(/^Open returns: 7$/)).toHaveAttribute('href', '/admin/returns')
    expect(line(/^Overdue returns: 2$/)).toHaveAttribute('href', '/admin/returns?filter=overdue')
    expect(line(/^Refunds in progress: 4$/)).toHaveAttribute('href', '/admin/refunds')
    expect(line(/^Failed refunds: 1$/)).toHaveAttribute('href', '/admin/refunds?filter=failed')
    expect(line(/^Overdue refunds: 0$/)).toHaveAttribute('href', '/admin/refunds?filter=overdue')
    // Overdue and failed ones are red while there are any; none overdue is not an alarm.
    expect(line(/^Overdue returns/)).toHaveClass('text-destructive')
    expect(line(/^Failed refunds/)).toHaveClass('text-destructive')
    expect(line(/^Overdue refunds/)).not.toHaveClass('text-destructive')
    expect(line(/^Open returns/)).not.toHaveClass('text-destructive')
  })

  it('shows the complaints waiting and the overdue ones flagged, each opening the queue', async () => {
    mockApi({ 'GET /admin/dashboard': () => ok({ data: stats }) })
    renderAt('/admin/dashboard', <DashboardPage />)
    const panel = (await screen.findByText('Complaints')).closest('[data-slot="card"]')
    if (!(panel instanceof HTMLElement)) throw new Error('no Complaints panel')
    const line = (name: RegExp) => within(panel).getByRole('link', { name })
    expect(line(/^Open tickets: 5$/)).toHaveAttribute('href', '/admin/grievances')
    expect(line(/^Overdue tickets: 3$/)).toHaveAttribute('href', '/admin/grievances?filter=overdue')
    expect(line(/^Overdue tickets/)).toHaveClass('text-destructive')
  })

  it("shows the sellers' money and the tax held for them with the days it is due", async () => {
    mockApi({ 'GET /admin/dashboard': () => ok({ data: stats }) })
    renderAt('/admin/dashboard', <DashboardPage />)
    const panel = (await screen.findByText("Sellers' money")).closest('[data-slot="card"]')
    if (!(panel instanceof HTMLElement)) throw new Error("no Sellers' money panel")
    const value = (term: RegExp) => within(panel).getByText(term).closest('div')?.textContent
    expect(value(/^Payable to sellers$/)).toBe('Payable to sellers₹3,677.23')
    expect(within(panel).getByRole('link', { name: 'Payable to sellers' })).toHaveAttribute(
      'href',
      '/admin/settlements',
    )
    expect(value(/^Commission and fees this month$/)).toBe(
      'Commission and fees this month₹9,123.40',
    )
    expect(value(/^TCS for Oct 2026/)).toBe('TCS for Oct 2026GSTR-8, due 10 Nov 2026₹812.50')
    expect(value(/^TDS for Nov 2026/)).toBe('TDS for Nov 2026s.194-O, due 7 Dec 2026₹82')
  })

  it('shows an error with a retry', async () => {
    mockApi({ 'GET /admin/dashboard': () => fail(500, 'Something went wrong') })
    renderAt('/admin/dashboard', <DashboardPage />)
    expect(await screen.findByRole('alert')).toHaveTextContent('Try again')
  })
})
