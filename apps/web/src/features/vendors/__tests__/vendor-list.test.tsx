import type { Vendor, VendorStatusInput } from '@techbazaar/shared'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fail, mockApi, ok, renderAt } from '@/test/api-helpers'
import VendorVerificationPage from '../pages/vendor-verification-page'

const pending: Vendor = {
  _id: '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  userName: 'Tech Tokri',
  mobile: '9940123456',
  email: 'support@techtokri.in',
  gstNumber: '33ABKFT6402R1ZN',
  gstRegistrationType: 'regular',
  gstinLegalName: null,
  gstinProblem: null,
  status: 'Pending',
  listedProducts: 0,
}

describe('VendorVerificationPage', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('lists sellers and approves one, then refetches the list', async () => {
    let status: Vendor['status'] = 'Pending'
    const fetchMock = mockApi({
      'GET /admin/vendors': () => ok({ data: [{ ...pending, status }] }),
      [`PUT /admin/vendors/${pending._id}/status`]: (body) => {
        status = (body as VendorStatusInput).status
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

  it("shows the GST network's legal name and a composition dealer (issue 30.10)", async () => {
    mockApi({
      'GET /admin/vendors': () =>
        ok({
          data: [
            {
              ...pending,
              status: 'Approved',
              gstRegistrationType: 'composition',
              gstinLegalName: 'Tech Tokri Traders',
            },
          ],
        }),
    })
    renderAt('/admin/vendor-verificaton', <VendorVerificationPage />)
    const row = await screen.findByRole('row', { name: /Tech Tokri/ })
    expect(within(row).getByText('Tech Tokri Traders')).toBeInTheDocument()
    expect(
      within(row).getByText('Composition dealer: sells within its state only'),
    ).toBeInTheDocument()
  })

  it('shows a failed load in red', async () => {
    mockApi({ 'GET /admin/vendors': () => fail(403, 'You are not allowed to do that') })
    renderAt('/admin/vendor-verificaton', <VendorVerificationPage />)
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not allowed to do that')
  })

  it('asks before rejecting, saying how many products go offline, and sends nothing on Cancel', async () => {
    const approved = { ...pending, status: 'Approved' as const, listedProducts: 12 }
    const puts: unknown[] = []
    mockApi({
      'GET /admin/vendors': () => ok({ data: [approved] }),
      [`PUT /admin/vendors/${pending._id}/status`]: (body) => {
        puts.push(body)
        return ok({ message: 'Vendor rejected', data: { ...approved, status: 'Rejected' } })
      },
    })
    renderAt('/admin/vendor-verificaton', <VendorVerificationPage />)
    const user = userEvent.setup()
    const row = await screen.findByRole('row', { name: /Tech Tokri/ })

    await user.click(within(row).getByRole('button', { name: /^Reject/ }))
    const ask = await screen.findByRole('alertdialog', { name: 'Reject Tech Tokri?' })
    expect(ask).toHaveTextContent('12 listed products of Tech Tokri go offline at once')
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(puts).toEqual([])

    await user.click(within(row).getByRole('button', { name: /^Reject/ }))
    await user.click(
      await screen.findByRole('button', { name: 'Reject and take 12 listed products offline' }),
    )
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(puts).toEqual([{ status: 'Rejected' }])
  })

  it('says a seller without a GSTIN is not listed and lets the admin complete it', async () => {
    const bare = { ...pending, status: 'Approved' as const, gstNumber: null, mobile: null }
    let saved: Record<string, string> | null = null
    mockApi({
      'GET /admin/vendors': () => ok({ data: [saved ? { ...bare, ...saved } : bare] }),
      [`PUT /admin/vendors/${pending._id}/details`]: (body) => {
        saved = body as Record<string, string>
        return ok({ message: 'Seller details saved', data: { ...bare, ...saved } })
      },
    })
    renderAt('/admin/vendor-verificaton', <VendorVerificationPage />)
    const user = userEvent.setup()
    const row = await screen.findByRole('row', { name: /Tech Tokri/ })
    expect(within(row).getByText('GSTIN missing — not listed')).toBeInTheDocument()

    await user.click(within(row).getByRole('button', { name: /^Complete details/ }))
    const sheet = await screen.findByRole('dialog', { name: 'Complete Tech Tokri' })
    await user.click(within(sheet).getByRole('button', { name: 'Save details' }))
    expect(await within(sheet).findByText('GST Number is required')).toBeInTheDocument()
    expect(within(sheet).getByText('Mobile is required')).toBeInTheDocument()

    await user.type(within(sheet).getByLabelText('Mobile'), '9940123456')
    await user.type(within(sheet).getByLabelText('GST Number'), '33ABKFT6402R1ZX')
    await user.type(within(sheet).getByLabelText('Business name'), 'Tech Tokri LLP')
    await user.type(within(sheet).getByLabelText('Address'), '8 Anna Salai')
    await user.type(within(sheet).getByLabelText('City'), 'Chennai')
    await user.type(within(sheet).getByLabelText('Pincode'), '600002')
    await user.selectOptions(within(sheet).getByLabelText('State'), '33')
    await user.click(within(sheet).getByRole('button', { name: 'Save details' }))
    expect(
      await within(sheet).findByText('GST Number check digit does not match'),
    ).toBeInTheDocument()

    await user.clear(within(sheet).getByLabelText('GST Number'))
    await user.type(within(sheet).getByLabelText('GST Number'), '33ABKFT6402R1ZN')
    await user.click(within(sheet).getByRole('button', { name: 'Save details' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(saved).toMatchObject({
      gstNumber: '33ABKFT6402R1ZN',
      stateCode: '33',
      mobile: '9940123456',
    })
    await waitFor(() =>
      expect(screen.queryByText('GSTIN missing — not listed')).not.toBeInTheDocument(),
    )
  }, 30_000)
})
