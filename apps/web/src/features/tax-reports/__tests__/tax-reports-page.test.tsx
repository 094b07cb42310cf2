import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fail, mockApi, ok, renderAt } from '@/test/api-helpers'
import { sellerIdOf } from '@/test/payout-fixtures'
import TaxReportsPage from '../pages/tax-reports-page'
import { admin, form26qOf, gstr8Of } from './fixtures'

const GSTR8 = '/admin/settlements/reports/gstr8'
const FORM_26Q = '/admin/settlements/reports/26q'
const FEE_INVOICES = '/admin/settlements/reports/fee-invoices'

const feeDocument = (
  n: number,
  kind: 'invoice' | 'credit',
  over: Record<string, unknown> = {},
) => ({
  _id: `f1e2d3c4-5e6f-4a7b-8c9d-00000000000${n}`,
  kind,
  number: kind === 'invoice' ? `MF/2627/00000${n}` : `MFC/2627/00000${n}`,
  month: '2026-10',
  issuedAt: '2026-10-31T19:30:00.000Z',
  sellerId: sellerIdOf(n),
  sellerName: 'Tech Tokri Retail',
  gstin: '27ABCPE1234F1Z5',
  placeOfSupply: '27-Maharashtra',
  taxable: 1000,
  cgst: 0,
  sgst: 0,
  igst: 180,
  total: 1180,
  against: [],
  ...over,
})

function mockReports(handlers: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /auth/check-auth': admin,
    [`GET ${GSTR8}`]: () => ok({ data: gstr8Of() }),
    [`GET ${FORM_26Q}`]: () => ok({ data: form26qOf() }),
    [`GET ${FEE_INVOICES}`]: () => ok({ data: [] }),
    ...handlers,
  })
}

/** The addresses asked for (with their queries), in order. */
const asked = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.map(([url]) => String(url))

const renderPage = () => renderAt('/admin/tax-reports', <TaxReportsPage />)

describe('TaxReportsPage', () => {
  // India's 27 November 2026: last month is October, in quarter 3 of 2026-27.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-27T06:00:00.000Z'))
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it("shows last month's GSTR-8 per supplier GSTIN, its totals and its CSV", async () => {
    const fetchMock = mockReports()
    renderPage()

    const section = await screen.findByRole('region', { name: 'GSTR-8 for October 2026' })
    expect(within(section).getByRole('combobox', { name: 'Month' })).toHaveValue('2026-10')
    expect(await within(section).findByLabelText('GSTR-8 totals')).toHaveTextContent(
      'TCS to pay₹146.75IGST ₹129.81 · CGST ₹8.47 · SGST ₹8.47',
    )
    expect(section).toHaveTextContent('GSTIN 29AAGCB7383J1Z4')
    const table = within(section).getByRole('table', { name: 'GSTR-8 Table 3 by supplier GSTIN' })
    expect(within(table).getByRole('row', { name: /Tech Tokri/ })).toHaveTextContent(
      '3BTech Tokri Retail27ABCPE1234F1Z527-Maharashtra₹3,388.14₹0₹8.47₹8.47',
    )
    const returned = within(table).getByRole('row', { name: /Sound Studio/ })
    expect(returned).toHaveTextContent(
      '3ASound Studio Audio Pvt. Ltd.07AAHCS2209L1Z929-Karnataka₹25,962.72₹27,962.72 less ₹2,000 returned₹129.81₹0₹0',
    )
    expect(
      within(returned).getByRole('link', { name: 'Sound Studio Audio Pvt. Ltd.' }),
    ).toHaveAttribute('href', `/admin/settlements/${sellerIdOf(2)}`)
    expect(asked(fetchMock)).toContain(`/api${GSTR8}?month=2026-10`)
    expect(
      within(section).getByRole('link', { name: 'Download CSV of GSTR-8 for October 2026' }),
    ).toHaveAttribute('href', `/api${GSTR8}?month=2026-10&format=csv`)
  })

  it("lists the month's fee invoices and credit notes for GSTR-1, net of the credits", async () => {
    const fetchMock = mockReports({
      [`GET ${FEE_INVOICES}`]: () =>
        ok({
          data: [
            feeDocument(1, 'invoice'),
            feeDocument(2, 'invoice', {
              sellerName: 'Sound Studio Audio Pvt. Ltd.',
              gstin: '29AAHCS2209L1Z9',
              placeOfSupply: '29-Karnataka',
              igst: 0,
              cgst: 45,
              sgst: 45,
              taxable: 500,
              total: 590,
            }),
            feeDocument(3, 'credit', {
              taxable: 100,
              igst: 18,
              total: 118,
              against: ['MF/2626/000009'],
            }),
          ],
        }),
    })
    renderPage()
    const section = await screen.findByRole('region', {
      name: 'Fee invoices for October 2026 (GSTR-1)',
    })
    expect(await within(section).findByLabelText('Fee invoice totals')).toHaveTextContent(
      'Taxable value₹1,400less credit notesGST charged₹252IGST ₹162 · CGST ₹45 · SGST ₹45',
    )
    const table = within(section).getByRole('table', {
      name: 'Fee invoices and credit notes of October 2026',
    })
    expect(within(table).getByRole('row', { name: /MFC\/2627\/000003/ })).toHaveTextContent(
      'Credit note',
    )
    expect(asked(fetchMock)).toContain(`/api${FEE_INVOICES}?month=2026-10`)
    expect(
      within(section).getByRole('link', {
        name: 'Download CSV of the fee invoices for October 2026',
      }),
    ).toHaveAttribute('href', `/api${FEE_INVOICES}?month=2026-10&format=csv`)
  })

  it('asks for the month picked, and its CSV follows', async () => {
    const fetchMock = mockReports()
    const user = userEvent.setup()
    renderPage()

    const month = await screen.findByRole('combobox', { name: 'Month' })
    // The marketplace has no first entry: the last 12 months are offered.
    expect(within(month).getAllByRole('option')).toHaveLength(12)
    await user.selectOptions(month, '2026-09')
    const section = await screen.findByRole('region', { name: 'GSTR-8 for September 2026' })
    expect(asked(fetchMock)).toContain(`/api${GSTR8}?month=2026-09`)
    expect(
      within(section).getByRole('link', { name: 'Download CSV of GSTR-8 for September 2026' }),
    ).toHaveAttribute('href', `/api${GSTR8}?month=2026-09&format=csv`)
  })

  it('shows Form 26Q per deductee and month, and flags the rows at the higher no-PAN rate', async () => {
    const fetchMock = mockReports()
    renderPage()

    const section = await screen.findByRole('region', { name: 'Form 26Q' })
    expect(within(section).getByRole('combobox', { name: 'Quarter' })).toHaveValue('2026-Q3')
    expect(await within(section).findByLabelText('Form 26Q totals')).toHaveTextContent(
      'TDS deducted₹588.40section 194-OAmount credited₹1,71,876.27Deductees2',
    )
    const table = within(section).getByRole('table', { name: 'Form 26Q deductee rows' })
    const withPan = within(table).getByRole('row', { name: /Gadget Galaxy/ })
    expect(withPan).toHaveTextContent(
      'Gadget Galaxy Retail Pvt. Ltd.AAGCG4821K01 · CompanyOctober 202631 Oct 2026₹1,63,376.270.1%₹163.40',
    )
    expect(withPan).not.toHaveClass('bg-destructive/5')

    const noPan = within(table).getByRole('row', { name: /Mobile Mart/ })
    expect(noPan).toHaveTextContent(
      'Mobile Mart EnterprisesNo PAN (PANNOTAVBL)02 · OtherNovember 202622 Nov 2026₹8,500₹10,000 less ₹1,500 returned5%No PAN · reason C₹425',
    )
    expect(noPan).toHaveClass('bg-destructive/5')
    expect(within(section).getByRole('note')).toHaveTextContent(
      '1 row was deducted at the higher rate because the seller had no PAN on file (reason C).',
    )
    // The phones' card of the same row is marked too.
    const card = within(within(section).getByRole('list', { name: 'Form 26Q deductee rows' }))
      .getByText('Mobile Mart Enterprises')
      .closest('li')
    expect(card).toHaveClass('border-destructive/40')

    expect(asked(fetchMock)).toContain(`/api${FORM_26Q}?fy=2026&quarter=3`)
    expect(
      within(section).getByRole('link', {
        name: 'Download CSV of Form 26Q for Q3 · Oct–Dec 2026 (FY 2026-27)',
      }),
    ).toHaveAttribute('href', `/api${FORM_26Q}?fy=2026&quarter=3&format=csv`)
  })

  it('asks for the quarter picked; a quarter with no TDS says so', async () => {
    const fetchMock = mockReports({
      [`GET ${FORM_26Q}`]: () => ok({ data: form26qOf({ rows: [] }) }),
    })
    const user = userEvent.setup()
    renderPage()

    const section = await screen.findByRole('region', { name: 'Form 26Q' })
    await user.selectOptions(within(section).getByRole('combobox', { name: 'Quarter' }), '2026-Q2')
    expect(
      await within(section).findByText('No TDS in Q2 · Jul–Sept 2026 (FY 2026-27)'),
    ).toBeInTheDocument()
    expect(within(section).queryByRole('table')).not.toBeInTheDocument()
    expect(asked(fetchMock)).toContain(`/api${FORM_26Q}?fy=2026&quarter=2`)
    expect(
      within(section).getByRole('link', { name: /^Download CSV of Form 26Q/ }),
    ).toHaveAttribute('href', `/api${FORM_26Q}?fy=2026&quarter=2&format=csv`)
  })

  it('says when a month has no TCS, and shows a failed load with a retry', async () => {
    let calls = 0
    mockReports({
      [`GET ${GSTR8}`]: () => ok({ data: gstr8Of({ rows: [] }) }),
      [`GET ${FORM_26Q}`]: () =>
        ++calls === 1 ? fail(500, 'Something went wrong') : ok({ data: form26qOf() }),
    })
    const user = userEvent.setup()
    renderPage()

    expect(await screen.findByText('No TCS in October 2026')).toBeInTheDocument()
    const form26q = screen.getByRole('region', { name: 'Form 26Q' })
    const alert = await within(form26q).findByRole('alert')
    expect(alert).toHaveTextContent('We could not load Form 26Q.')
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await within(form26q).findByRole('table')).toBeInTheDocument()
    expect(calls).toBe(2)
  })
})
