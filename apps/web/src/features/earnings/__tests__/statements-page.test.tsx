import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fail, mockApi, ok, renderAt } from '@/test/api-helpers'
import StatementsPage from '../pages/statements-page'
import { earningsOf, part, seller } from './fixtures'
import { certificateOf, statementOf, tcsStatementOf } from './report-fixtures'

const API = '/admin/settlements'
/** A seller whose first part was delivered in September 2026. */
const history = earningsOf({ parts: [part({ deliveredAt: '2026-09-10T09:30:00.000Z' })] })

/** The marketplace's documents to the seller: October's invoice and a November credit note. */
const feeDocuments = [
  {
    _id: 'f1e2d3c4-5e6f-4a7b-8c9d-000000000002',
    kind: 'credit',
    number: 'MFC/2627/000001',
    month: '2026-11',
    issuedAt: '2026-11-30T19:30:00.000Z',
    sellerId: 'seller-1',
    sellerName: 'Tech Tokri Retail',
    gstin: '27AAPFU0939F1ZV',
    placeOfSupply: '27-Maharashtra',
    taxable: 119.94,
    cgst: 0,
    sgst: 0,
    igst: 21.59,
    total: 141.53,
    against: ['MF/2627/000007'],
  },
  {
    _id: 'f1e2d3c4-5e6f-4a7b-8c9d-000000000001',
    kind: 'invoice',
    number: 'MF/2627/000007',
    month: '2026-10',
    issuedAt: '2026-10-31T19:30:00.000Z',
    sellerId: 'seller-1',
    sellerName: 'Tech Tokri Retail',
    gstin: '27AAPFU0939F1ZV',
    placeOfSupply: '27-Maharashtra',
    taxable: 1240,
    cgst: 0,
    sgst: 0,
    igst: 223.2,
    total: 1463.2,
    against: [],
  },
]

function mockReports(handlers: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /auth/check-auth': seller,
    [`GET ${API}/earnings`]: () => ok({ data: history }),
    [`GET ${API}/statements/2026-10`]: () => ok({ data: statementOf() }),
    [`GET ${API}/tcs-statements/2026-10`]: () => ok({ data: tcsStatementOf() }),
    [`GET ${API}/tds-certificates/2026/3`]: () => ok({ data: certificateOf() }),
    [`GET ${API}/fee-invoices`]: () => ok({ data: feeDocuments }),
    ...handlers,
  })
}

const renderPage = () => renderAt('/admin/earnings/statements', <StatementsPage />)
/** A select's options as read. */
const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent)
/** The API paths asked for, in order. */
const asked = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.map(([url]) => String(url))

describe('StatementsPage', () => {
  // India's 27 November 2026: last month is October, in quarter 3 of 2026-27.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-27T06:00:00.000Z'))
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('offers the months since the first entry, picks last month and shows its statement', async () => {
    mockReports()
    renderPage()

    // Until the earnings say where the history starts, the last 12 months are offered.
    const month = await screen.findByRole('combobox', { name: 'Month' })
    await waitFor(() =>
      expect(optionsOf(month)).toEqual(['November 2026', 'October 2026', 'September 2026']),
    )
    expect(month).toHaveValue('2026-10')
    expect(
      screen.getByRole('heading', { level: 2, name: 'Statement for October 2026' }),
    ).toBeInTheDocument()

    const balances = await screen.findByLabelText('Balances')
    expect(balances).toHaveTextContent('Opening balance₹12,000at the start of 1 Oct 2026')
    expect(balances).toHaveTextContent('Entries this month-₹3,565.81')
    expect(balances).toHaveTextContent('Closing balance₹8,434.19at the end of 31 Oct 2026')

    // Each part's entries together, with what a rate was applied to; a later return says its day.
    const orders = screen.getByRole('table', { name: "The month's entries by order" })
    const row = within(orders).getByRole('row', { name: /TB-10241/ })
    for (const text of [
      '10 Oct 2026',
      'Sale · 2 units',
      '₹3,998',
      'Commission · 6% of ₹3,998',
      '-₹239.88',
      'TCS (GST) · 0.5% of ₹3,388.14',
      'Sale returned · 20 Oct 2026',
      '₹3,434.19',
    ]) {
      expect(row).toHaveTextContent(text)
    }
    const payouts = screen.getByRole('table', { name: "The month's payouts" })
    expect(within(payouts).getByRole('row', { name: /12 Oct 2026/ })).toHaveTextContent(
      '12 Oct 2026Payout-₹7,000PaidHDFCN52601234567',
    )
    expect(screen.getByRole('region', { name: 'Totals by kind' })).toHaveTextContent(
      'Net for the month-₹3,565.81',
    )
    // Phones get the parts as cards.
    const cards = screen.getByRole('list', { name: "The month's entries by order" })
    expect(cards.querySelectorAll(':scope > li')).toHaveLength(1)

    const csv = screen.getByRole('link', {
      name: 'Download CSV of the statement for October 2026',
    })
    expect(csv).toHaveAttribute('href', '/api/admin/settlements/statements/2026-10?format=csv')
    expect(csv).toHaveAttribute('download')
    const pdf = screen.getByRole('link', {
      name: 'Download PDF of the statement for October 2026',
    })
    expect(pdf).toHaveTextContent('Download PDF')
    expect(pdf).toHaveAttribute('href', '/api/admin/settlements/statements/2026-10?format=pdf')
    expect(pdf).toHaveAttribute('download')
  })

  it("asks for another month's statement and TCS, and the download links follow", async () => {
    const november = { month: '2026-11', from: '2026-10-31T18:30:00.000Z' }
    const fetchMock = mockReports({
      [`GET ${API}/statements/2026-11`]: () =>
        ok({ data: statementOf({ ...november, to: '2026-11-30T18:30:00.000Z' }) }),
      [`GET ${API}/tcs-statements/2026-11`]: () => ok({ data: tcsStatementOf(november) }),
    })
    const user = userEvent.setup()
    renderPage()

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Month' }), '2026-11')
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Statement for November 2026' }),
    ).toBeInTheDocument()
    expect(
      await screen.findByRole('heading', { level: 2, name: 'TCS statement for November 2026' }),
    ).toBeInTheDocument()
    // The month is not over: its closing balance is so far.
    expect(await screen.findByLabelText('Balances')).toHaveTextContent(
      'Closing balance₹8,434.19so far this month',
    )
    expect(asked(fetchMock)).toEqual(
      expect.arrayContaining([
        `/api${API}/statements/2026-11`,
        `/api${API}/tcs-statements/2026-11`,
      ]),
    )
    expect(
      screen.getByRole('link', { name: 'Download CSV of the statement for November 2026' }),
    ).toHaveAttribute('href', '/api/admin/settlements/statements/2026-11?format=csv')
    expect(
      screen.getByRole('link', { name: 'Download PDF of the statement for November 2026' }),
    ).toHaveAttribute('href', '/api/admin/settlements/statements/2026-11?format=pdf')
    expect(
      screen.getByRole('link', { name: 'Download CSV of the TCS statement for November 2026' }),
    ).toHaveAttribute('href', '/api/admin/settlements/tcs-statements/2026-11?format=csv')
  })

  it("lists the month's tax invoice from the marketplace, each with its PDF", async () => {
    mockReports({
      [`GET ${API}/statements/2026-11`]: () => ok({ data: statementOf({ month: '2026-11' }) }),
      [`GET ${API}/tcs-statements/2026-11`]: () => ok({ data: tcsStatementOf() }),
    })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    renderPage()
    const section = await screen.findByRole('region', {
      name: 'Tax invoices for commission and fees, October 2026',
    })
    const table = await within(section).findByRole('table', {
      name: 'Tax invoices and credit notes for October 2026',
    })
    const row = within(table).getByRole('row', { name: /MF\/2627\/000007/ })
    for (const text of ['Tax invoice', '₹1,240', '₹223.20', '₹1,463.20']) {
      expect(within(row).getByText(text)).toBeInTheDocument()
    }
    expect(
      within(row).getByRole('link', { name: 'Download PDF of tax invoice MF/2627/000007' }),
    ).toHaveAttribute('href', `/api${API}/fee-invoices/f1e2d3c4-5e6f-4a7b-8c9d-000000000001/pdf`)

    await user.selectOptions(screen.getByRole('combobox', { name: 'Month' }), '2026-11')
    const november = await screen.findByRole('region', {
      name: 'Tax invoices for commission and fees, November 2026',
    })
    const credit = await within(november).findByRole('row', { name: /MFC\/2627\/000001/ })
    expect(within(credit).getByText('against MF/2627/000007')).toBeInTheDocument()
  })

  it('says when a month has no tax invoice yet', async () => {
    mockReports({ [`GET ${API}/fee-invoices`]: () => ok({ data: [] }) })
    renderPage()
    expect(await screen.findByText('No tax invoice for October 2026')).toBeInTheDocument()
  })

  it('shows the TCS statement: each invoice, each credit note and the totals', async () => {
    mockReports()
    renderPage()

    const section = await screen.findByRole('region', { name: 'TCS statement for October 2026' })
    expect(await within(section).findByLabelText('TCS totals')).toHaveTextContent(
      'Net taxable value₹3,127.98TCS collected₹15.64IGST ₹0 · CGST ₹7.82 · SGST ₹7.82',
    )
    expect(section).toHaveTextContent('GSTIN 29AAGCB7383J1Z4')
    expect(section).toHaveTextContent('GSTIN 27ABCPE1234F1Z5')
    const invoices = within(section).getByRole('table', { name: 'Invoices and the TCS on them' })
    expect(within(invoices).getByRole('row', { name: /TB\/2627\/000039/ })).toHaveTextContent(
      'TB/2627/0000393 Oct 2026TB-1024127-Maharashtra₹3,388.14₹0₹8.47₹8.47',
    )
    const returns = within(section).getByRole('table', {
      name: 'Credit notes and the TCS given back',
    })
    expect(within(returns).getByRole('row', { name: /CN\/2627\/000004/ })).toHaveTextContent(
      'CN/2627/00000420 Oct 2026TB/2627/000039TB-10241₹260.16₹0₹0.65₹0.65',
    )
    expect(
      within(section).getByRole('link', {
        name: 'Download CSV of the TCS statement for October 2026',
      }),
    ).toHaveAttribute('href', '/api/admin/settlements/tcs-statements/2026-10?format=csv')
  })

  it("shows the quarter's Form 16A figures, flags the no-PAN rate, and asks again for another quarter", async () => {
    const fetchMock = mockReports({
      [`GET ${API}/tds-certificates/2026/2`]: () => ok({ data: certificateOf({ months: [] }) }),
    })
    const user = userEvent.setup()
    renderPage()

    const section = await screen.findByRole('region', { name: 'TDS certificate (Form 16A)' })
    const quarter = within(section).getByRole('combobox', { name: 'Quarter' })
    expect(quarter).toHaveValue('2026-Q3')
    await waitFor(() =>
      expect(optionsOf(quarter)).toEqual([
        'Q3 · Oct–Dec 2026 (FY 2026-27)',
        'Q2 · Jul–Sept 2026 (FY 2026-27)',
      ]),
    )
    expect(section).toHaveTextContent(/issued from TRACES/)
    expect(await within(section).findByText('Asha Verma')).toBeInTheDocument()
    for (const text of [
      'TANNot set yet',
      'PANAAGCB7383J',
      'PANABCPE1234F',
      'Section194-O',
      'Assessment year2027-28',
      'Period1 Oct 2026 to 31 Dec 2026',
    ]) {
      expect(section).toHaveTextContent(text)
    }
    const months = within(section).getByRole('table', { name: 'Amounts credited and TDS by month' })
    const october = within(months).getByRole('row', { name: /October 2026/ })
    expect(october).toHaveTextContent('5%Higher rate: no PAN on file')
    expect(october).toHaveClass('bg-destructive/5')
    const november = within(months).getByRole('row', { name: /November 2026/ })
    expect(november).not.toHaveTextContent('Higher rate')
    expect(within(section).getByLabelText('Quarter totals')).toHaveTextContent(
      'Amount credited₹13,127.98TDS deducted₹166.40',
    )

    await user.selectOptions(quarter, '2026-Q2')
    expect(
      await within(section).findByText('No TDS deducted in Q2 · Jul–Sept 2026 (FY 2026-27)'),
    ).toBeInTheDocument()
    expect(asked(fetchMock)).toContain(`/api${API}/tds-certificates/2026/2`)
  })

  it('says when a month has no entries and no TCS, and keeps its balances', async () => {
    mockReports({
      [`GET ${API}/statements/2026-10`]: () =>
        ok({
          data: statementOf({
            parts: [],
            payouts: [],
            closingBalance: 12000,
            totals: { byKind: [], net: 0 },
          }),
        }),
      [`GET ${API}/tcs-statements/2026-10`]: () =>
        ok({ data: tcsStatementOf({ invoices: [], returns: [] }) }),
    })
    renderPage()

    expect(await screen.findByText('No entries in October 2026')).toBeInTheDocument()
    expect(screen.getByLabelText('Balances')).toHaveTextContent('Closing balance₹12,000')
    expect(await screen.findByText('No TCS in October 2026')).toBeInTheDocument()
    expect(screen.queryByRole('table', { name: /entries by order/ })).not.toBeInTheDocument()
    // The CSV (the header only) and the PDF (which says there are none) are still there.
    expect(
      screen.getByRole('link', { name: 'Download CSV of the statement for October 2026' }),
    ).toBeInTheDocument()
    expect(
      screen.getByRole('link', { name: 'Download PDF of the statement for October 2026' }),
    ).toBeInTheDocument()
  })

  it('shows a statement that failed to load, with a retry that asks again', async () => {
    let calls = 0
    mockReports({
      [`GET ${API}/statements/2026-10`]: () =>
        ++calls === 1 ? fail(500, 'Something went wrong') : ok({ data: statementOf() }),
    })
    const user = userEvent.setup()
    renderPage()

    const section = await screen.findByRole('region', { name: 'Statement for October 2026' })
    const alert = await within(section).findByRole('alert')
    expect(alert).toHaveTextContent('We could not load the statement.')
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await within(section).findByLabelText('Balances')).toBeInTheDocument()
    expect(calls).toBe(2)
  })

  it('offers the last 12 months when the seller has no entries yet', async () => {
    mockReports({ [`GET ${API}/earnings`]: () => ok({ data: earningsOf({ parts: [] }) }) })
    renderPage()

    const month = await screen.findByRole('combobox', { name: 'Month' })
    await screen.findByLabelText('Balances')
    const options = optionsOf(month)
    expect(options).toHaveLength(12)
    expect([options[0], options[11]]).toEqual(['November 2026', 'December 2025'])
    expect(month).toHaveValue('2026-10')
  })
})
