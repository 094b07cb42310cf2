import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createUser, mockApi, ok, renderAt } from '@/test/api-helpers'
import LateCreditsPage from '../pages/late-credits-page'

// Issue 30.5 leftover (decision 070): the back office lists the credits owed past the CGST
// s.34(2) time limit (no credit note issued); a seller sees its own, an admin all.
const row = {
  id: '7d1c3f9e-2b4a-4c8e-9f1a-0a1b2c3d4e5f',
  invoiceNumber: 'KA/2627/000123',
  invoiceDate: '2026-11-23T06:00:00.000Z',
  orderNumber: 'TB-10234',
  supplierName: 'Karnataka Gadgets Pvt. Ltd.',
  reason: 'Damaged in transit',
  amount: 999,
  recordedAt: '2027-11-30T19:00:00.000Z',
  lastDay: '2027-11-30T18:30:00.000Z',
  forReturn: true,
}
const seller = createUser({ role: 'admin', type: 'vendor', vendorStatus: 'Approved' })

describe('LateCreditsPage', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('lists each late credit with its invoice, amount and the last day a note was possible', async () => {
    mockApi({
      'GET /auth/check-auth': () => ok({ user: seller }),
      'GET /admin/late-credits': () => ok({ data: [row] }),
    })
    renderAt('/admin/late-credits', <LateCreditsPage />)
    expect(await screen.findByRole('heading', { name: 'Late credits' })).toBeInTheDocument()
    const table = await screen.findByRole('table', {
      name: 'Credits past the section 34(2) time limit',
    })
    const cells = within(table)
    expect(cells.getByText('KA/2627/000123')).toBeInTheDocument()
    expect(cells.getByText('23 Nov 2026 · Order TB-10234')).toBeInTheDocument()
    expect(cells.getByText('₹999')).toBeInTheDocument()
    expect(cells.getByText('Return: Damaged in transit')).toBeInTheDocument()
    // Owed just after midnight in India on 1 December; the last day was 30 November.
    expect(cells.getByText('1 Dec 2027')).toBeInTheDocument()
    expect(cells.getByText('30 Nov 2027')).toBeInTheDocument()
    expect(await screen.findByText(/Only your own invoices are listed/)).toBeInTheDocument()
  })

  it('says when there is none', async () => {
    mockApi({
      'GET /auth/check-auth': () => ok({ user: createUser({ role: 'admin', type: 'admin' }) }),
      'GET /admin/late-credits': () => ok({ data: [] }),
    })
    renderAt('/admin/late-credits', <LateCreditsPage />)
    expect(
      await screen.findByText('No credit has been owed past the time limit'),
    ).toBeInTheDocument()
  })
})
