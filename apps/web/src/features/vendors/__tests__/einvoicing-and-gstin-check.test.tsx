import type { SellerEInvoicing, Vendor } from '@techbazaar/shared'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mockApi, ok, renderAt, sentBodies } from '@/test/api-helpers'
import VendorVerificationPage from '../pages/vendor-verification-page'

const approved: Vendor = {
  _id: '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  userName: 'Tech Tokri',
  mobile: '9940123456',
  email: 'support@techtokri.in',
  gstNumber: '27AAACC1111C1ZM',
  gstRegistrationType: 'regular',
  gstinLegalName: null,
  gstinProblem: null,
  status: 'Approved',
  listedProducts: 3,
}
const pending: Vendor = {
  ...approved,
  _id: '7a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  userName: 'Gadget Gali',
  status: 'Pending',
}
const EINV_PATH = `/admin/vendors/${approved._id}/e-invoicing`
const CHECK_PATH = `/admin/vendors/${approved._id}/gstin-check`
const off: SellerEInvoicing = {
  applies: false,
  aggregateTurnoverRupees: null,
  thresholdRupees: 5_00_00_000,
}

/** The desk table's row of a seller (the phone cards repeat it, hidden by CSS). */
const tableRow = (name: string) => screen.findByRole('row', { name: new RegExp(name) })

describe('the admin’s vendor page: e-invoicing and GSTIN re-checks (decision 78)', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('turns an approved seller’s e-invoicing on, and offers neither action to a pending one', async () => {
    let state = off
    const fetchMock = mockApi({
      'GET /admin/vendors': () => ok({ data: [approved, pending] }),
      [`GET ${EINV_PATH}`]: () => ok({ data: state }),
      [`PUT ${EINV_PATH}`]: (body) => {
        state = { ...state, applies: (body as { applies: boolean }).applies }
        return ok({ data: state })
      },
    })
    const user = userEvent.setup()
    renderAt('/admin/vendor-verificaton', <VendorVerificationPage />)
    const row = await tableRow('Tech Tokri')
    const group = await within(row).findByRole('group', { name: 'E-invoicing of Tech Tokri' })
    expect(within(group).getByText('For turnover above ₹5,00,00,000')).toBeInTheDocument()
    const box = within(group).getByRole('checkbox', { name: 'E-invoicing: IRN on B2B invoices' })
    expect(box).not.toBeChecked()
    await user.click(box)
    await waitFor(() => expect(box).toBeChecked())
    expect(sentBodies(fetchMock, EINV_PATH)).toEqual([{ applies: true }])

    const other = await tableRow('Gadget Gali')
    expect(within(other).queryByRole('group', { name: /E-invoicing/ })).not.toBeInTheDocument()
    expect(within(other).queryByRole('button', { name: /Re-check GSTIN/ })).not.toBeInTheDocument()
  })

  it('re-checks the GSTIN and shows a cancelled one as suspending the seller’s listings', async () => {
    let vendor = approved
    const fetchMock = mockApi({
      'GET /admin/vendors': () => ok({ data: [vendor] }),
      [`GET ${EINV_PATH}`]: () => ok({ data: off }),
      [`POST ${CHECK_PATH}`]: () => {
        vendor = {
          ...approved,
          listedProducts: 0,
          gstinProblem:
            'The GST network shows 27AAACC1111C1ZM as cancelled: the seller’s GSTIN must be active. (checked 27 Nov 2026)',
        }
        return ok({ message: 'GSTIN not active: listings suspended', data: vendor })
      },
    })
    const user = userEvent.setup()
    renderAt('/admin/vendor-verificaton', <VendorVerificationPage />)
    const row = await tableRow('Tech Tokri')
    await user.click(within(row).getByRole('button', { name: /^Re-check GSTIN/ }))
    expect(
      await within(row).findByText(
        /Listings suspended: The GST network shows 27AAACC1111C1ZM as cancelled/,
      ),
    ).toBeInTheDocument()
    expect(
      fetchMock.mock.calls.filter(([input]) => String(input) === `/api${CHECK_PATH}`),
    ).toHaveLength(1)
  })
})
