import type { Vendor } from '@techbazaar/shared'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fail, mockApi, ok, renderAt } from '@/features/auth/__tests__/helpers'
import VendorVerificationPage from '../pages/vendor-verification-page'

const pending: Vendor = {
  _id: '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  userName: 'Tech Tokri',
  mobile: '9940123456',
  email: 'support@techtokri.in',
  gstNumber: '33ABKFT6402R1ZN',
  status: 'Pending',
}

describe('VendorVerificationPage', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('lists sellers and approves one, then refetches the list', async () => {
    let status: Vendor['status'] = 'Pending'
    const fetchMock = mockApi({
      'GET /admin/vendors': () => ok({ data: [{ ...pending, status }] }),
      [`PUT /admin/vendors/${pending._id}/status`]: (body) => {
        status = (body as { status: Vendor['status'] }).status
        return ok({ message: 'Vendor approved', data: { ...pending, status } })
      },
    })
    renderAt('/admin/vendor-verificaton', <VendorVerificationPage />)
    expect(await screen.findByRole('heading', { name: 'All Vendor List' })).toBeInTheDocument()
    const row = await screen.findByRole('row', { name: /Tech Tokri/ })
    expect(within(row).getByText('33ABKFT6402R1ZN')).toBeInTheDocument()
    expect(within(row).getByText('Pending')).toBeInTheDocument()

    await userEvent.setup().click(within(row).getByRole('button', { name: /^Approve/ }))
    await waitFor(() => expect(within(row).getByText('Approved')).toBeInTheDocument())
    expect(within(row).getByRole('button', { name: /^Approve/ })).toBeDisabled()
    const gets = fetchMock.mock.calls.filter(
      ([url, init]) => String(url) === '/api/admin/vendors' && !init?.method,
    )
    expect(gets.length).toBeGreaterThanOrEqual(2)
  })

  it('shows a failed load in red', async () => {
    mockApi({ 'GET /admin/vendors': () => fail(403, 'You are not allowed to do that') })
    renderAt('/admin/vendor-verificaton', <VendorVerificationPage />)
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not allowed to do that')
  })
})
