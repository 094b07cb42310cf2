import type { AdminOrderRow } from '@techbazaar/shared'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createUser, mockApi, ok, renderAt } from '@/test/api-helpers'
import AdminOrdersPage from '../pages/admin-orders-page'

const rows: AdminOrderRow[] = Array.from({ length: 20 }, (_, i) => ({
  _id: `1d2c3b4a-5e6f-4a7b-8c9d-${String(i).padStart(12, '0')}`,
  orderNumber: `TB-${10001 + i}`,
  orderDate: '2026-11-20T06:30:00.000Z',
  orderStatus: 'confirmed',
  totalAmount: 1000 + i,
  paymentMethod: 'COD',
  paymentStatus: 'pending',
  payableAmount: 1000 + i,
  refundedAmount: 0,
  refundPendingAmount: 0,
  displayStatus: 'confirmed',
  displayPaymentStatus: 'pending',
  userName: i === 0 ? 'Asha Rao' : `Customer ${i}`,
  email: i === 0 ? 'asha@example.in' : `c${i}@example.in`,
}))

/** The query strings the page asked the orders list with, in order. */
const listQueries = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/admin/orders/get')
    .map((url) => url.search)

describe('AdminOrdersPage', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('shows the customer, and pages, filters and searches on the server', async () => {
    const fetchMock = mockApi({
      'GET /auth/check-auth': () =>
        ok({ user: createUser({ role: 'admin', type: 'admin', userName: 'Admin' }) }),
      'GET /admin/orders/get': () => ok({ data: rows, total: 1000, page: 1, limit: 20 }),
    })
    const user = userEvent.setup()
    renderAt('/admin/orders', <AdminOrdersPage />)

    const first = await screen.findByRole('row', { name: /Asha Rao/ })
    expect(within(first).getByText('asha@example.in')).toBeInTheDocument()
    expect(screen.getByRole('columnheader', { name: 'Customer' })).toBeInTheDocument()
    expect(screen.getByText('1–20 of 1,000 orders')).toBeInTheDocument()
    expect(screen.getByText('Page 1 of 50')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled()
    expect(listQueries(fetchMock)).toEqual(['?page=1'])

    await user.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(listQueries(fetchMock)).toContain('?page=2'))

    // A filter goes back to page 1.
    await user.selectOptions(screen.getByLabelText('Status'), 'inShipping')
    await waitFor(() => expect(listQueries(fetchMock)).toContain('?page=1&status=inShipping'))

    await user.type(screen.getByLabelText('Search customer'), 'asha')
    await waitFor(() =>
      expect(listQueries(fetchMock)).toContain('?page=1&status=inShipping&q=asha'),
    )
    // Typing asks once, after the typing stops, not per letter.
    expect(listQueries(fetchMock).filter((q) => q.includes('q='))).toEqual([
      '?page=1&status=inShipping&q=asha',
    ])
  }, 20_000)

  it('says when no order matches the filters', async () => {
    mockApi({
      'GET /auth/check-auth': () => ok({ user: createUser({ role: 'admin', type: 'admin' }) }),
      'GET /admin/orders/get': () => ok({ data: [], total: 0, page: 1, limit: 20 }),
    })
    renderAt('/admin/orders?status=rejected', <AdminOrdersPage />)
    expect(await screen.findByText('No orders match these filters')).toBeInTheDocument()
    expect(screen.getByLabelText('Status')).toHaveValue('rejected')
  })

  it('narrows by the days placed, the payment method and the seller, and exports the same as CSV', async () => {
    const sellerId = '4f0c6d1e-8c1a-4d2b-9f3e-2a1b3c4d5e6f'
    const fetchMock = mockApi({
      'GET /auth/check-auth': () => ok({ user: createUser({ role: 'admin', type: 'admin' }) }),
      'GET /admin/vendors': () =>
        ok({ data: [{ _id: sellerId, userName: 'Moto Mart', email: 'moto@example.in' }] }),
      'GET /admin/orders/get': () => ok({ data: rows, total: 20, page: 1, limit: 20 }),
    })
    const user = userEvent.setup()
    renderAt('/admin/orders', <AdminOrdersPage />)
    await screen.findByRole('row', { name: /Asha Rao/ })
    const exportLink = screen.getByRole('link', { name: 'Export CSV' })
    expect(exportLink).toHaveAttribute('href', '/api/admin/orders/export')

    await user.type(screen.getByLabelText('Placed from'), '2026-11-01')
    await user.type(screen.getByLabelText('Placed to'), '2026-11-26')
    await user.selectOptions(screen.getByLabelText('Payment method'), 'COD')
    await screen.findByRole('option', { name: 'Moto Mart (moto@example.in)' })
    await user.selectOptions(screen.getByLabelText('Seller'), sellerId)
    const filters = `from=2026-11-01&to=2026-11-26&paymentMethod=COD&sellerId=${sellerId}`
    await waitFor(() => expect(listQueries(fetchMock)).toContain(`?page=1&${filters}`))
    expect(exportLink).toHaveAttribute('href', `/api/admin/orders/export?${filters}`)

    // An end before the start moves the start with it, rather than finding nothing.
    await user.clear(screen.getByLabelText('Placed to'))
    await user.type(screen.getByLabelText('Placed to'), '2026-10-15')
    await waitFor(() =>
      expect(exportLink.getAttribute('href')).toContain('from=2026-10-15&to=2026-10-15'),
    )
  }, 20_000)
})
