import type { SellerSettlementRow } from '@techbazaar/shared'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mockApi, ok, renderAt, sentBodies } from '@/test/api-helpers'
import { createPayout, sellerIdOf } from '@/test/payout-fixtures'
import SellerSettlementPage from '../pages/seller-settlement-page'
import SellerSettlementsPage from '../pages/seller-settlements-page'
import { admin, earningsOf, savedDetails, settlementRow } from './fixtures'

const sellerId = sellerIdOf(1)
const base = `/admin/settlements/sellers/${sellerId}`

const held = settlementRow(2, {
  sellerName: 'Mobile Mandi',
  gstNumber: null,
  accountStatus: 'failed',
  carriedNegative: 412.5,
  hold: { reason: 'GSTIN under review', since: '2026-11-28T06:30:00.000Z' },
})

function renderSeller() {
  return renderAt(
    `/admin/settlements/${sellerId}`,
    <Routes>
      <Route path="/admin/settlements/:sellerId" element={<SellerSettlementPage />} />
    </Routes>,
  )
}

/** The admin's view of one seller; a hold placed or released shows in the next read. */
function mockSellerView(row: SellerSettlementRow, details = savedDetails()) {
  let hold = row.hold
  return mockApi({
    'GET /auth/check-auth': admin,
    'GET /admin/settlements/sellers': () => ok({ data: [{ ...row, hold }, held] }),
    [`GET ${base}/earnings`]: () =>
      ok({
        data: earningsOf({
          payoutBlock: hold
            ? { kind: 'onHold', reason: hold.reason }
            : { kind: 'accountPending', reason: null },
        }),
      }),
    [`GET ${base}/payout-details`]: () => ok({ data: details }),
    [`GET ${base}/payouts`]: () =>
      ok({ data: [createPayout(1, { accountNumber: '50100123459012' })] }),
    [`POST ${base}/payout-details/confirm`]: () => ok({ data: { ...details, status: 'verified' } }),
    [`PUT ${base}/hold`]: (body) => {
      hold = { reason: (body as { reason: string }).reason, since: '2026-12-01T06:30:00.000Z' }
      return ok({ message: 'Payouts held' })
    },
    [`DELETE ${base}/hold`]: () => {
      hold = null
      return ok({ message: 'Hold released' })
    },
  })
}

describe('SellerSettlementsPage', () => {
  afterEach(() => vi.unstubAllGlobals())

  it("lists each seller's balances, account check and hold; a name opens the seller", async () => {
    mockApi({
      'GET /auth/check-auth': admin,
      'GET /admin/settlements/sellers': () => ok({ data: [settlementRow(1), held] }),
    })
    renderAt('/admin/settlements', <SellerSettlementsPage />)

    const table = await screen.findByRole('table', { name: "Sellers' settlements" })
    const first = within(table).getByRole('row', { name: /Tech Tokri/ })
    for (const text of ['GSTIN 29ABCPE1234F1Z5', '₹1,548.33', '₹3,434.19', '₹12,000', 'Verified']) {
      expect(within(first).getByText(text)).toBeInTheDocument()
    }
    expect(within(first).getByRole('link', { name: 'Tech Tokri' })).toHaveAttribute(
      'href',
      `/admin/settlements/${sellerId}`,
    )
    const second = within(table).getByRole('row', { name: /Mobile Mandi/ })
    for (const text of ['Verification failed', 'Held', 'GSTIN under review', '₹412.50']) {
      expect(within(second).getByText(text)).toBeInTheDocument()
    }
  })

  it('says when no seller has earned anything yet', async () => {
    mockApi({
      'GET /auth/check-auth': admin,
      'GET /admin/settlements/sellers': () => ok({ data: [] }),
    })
    renderAt('/admin/settlements', <SellerSettlementsPage />)
    expect(await screen.findByText('No seller has earned anything yet')).toBeInTheDocument()
  })
})

describe('SellerSettlementPage', () => {
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it("links to the seller's statement and TCS statement CSV for a month, by the admins' routes", async () => {
    // 5 December 2026 in India; the seller's first part was delivered in November.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-12-05T06:00:00.000Z'))
    mockSellerView(settlementRow(1))
    const user = userEvent.setup()
    renderSeller()

    const section = await screen.findByRole('region', { name: 'Statements' })
    const month = within(section).getByRole('combobox', { name: 'Month' })
    await waitFor(() =>
      expect(
        within(month)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['December 2026', 'November 2026']),
    )
    expect(month).toHaveValue('2026-11')
    const statement = within(section).getByRole('link', {
      name: 'Statement CSV for November 2026',
    })
    expect(statement).toHaveAttribute('href', `/api${base}/statements/2026-11?format=csv`)
    expect(statement).toHaveAttribute('download')

    await user.selectOptions(month, '2026-12')
    expect(
      within(section).getByRole('link', { name: 'Statement CSV for December 2026' }),
    ).toHaveAttribute('href', `/api${base}/statements/2026-12?format=csv`)
    expect(
      within(section).getByRole('link', { name: 'TCS statement CSV for December 2026' }),
    ).toHaveAttribute('href', `/api${base}/tcs-statements/2026-12?format=csv`)
  })

  it("shows the seller's balances, account in full, payouts, and confirms a pending account", async () => {
    const fetchMock = mockSellerView(
      settlementRow(1),
      savedDetails({ accountNumber: '50100123459012', status: 'pending', checkedAt: null }),
    )
    const user = userEvent.setup()
    renderSeller()

    expect(await screen.findByRole('heading', { level: 1, name: 'Tech Tokri' })).toBeInTheDocument()
    expect(screen.getByText('GSTIN 29ABCPE1234F1Z5')).toBeInTheDocument()
    // Said to the admin, about the seller.
    expect(await screen.findByRole('status', { name: 'Payouts' })).toHaveTextContent(
      'The bank account is being verified: payouts wait for it',
    )
    const balances = await screen.findByRole('region', { name: 'Balances' })
    expect(within(balances).getByText('Payable').nextElementSibling).toHaveTextContent('₹3,434.19')
    const payouts = screen.getByRole('region', { name: 'Payouts' })
    expect(await within(payouts).findByRole('table')).toHaveTextContent('50100123459012')
    expect(await screen.findByRole('row', { name: /TB-10241/ })).toBeInTheDocument()

    const details = screen.getByRole('region', { name: 'Payout details' })
    expect(await within(details).findByText('50100123459012')).toBeInTheDocument()
    await user.click(within(details).getByRole('button', { name: 'Confirm account' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm this bank account?' })
    expect(dialog).toHaveTextContent('50100123459012 (HDFC0001234) belongs to Asha Verma')
    await user.click(within(dialog).getByRole('button', { name: 'Confirm account' }))

    expect(await within(details).findByText('Verified')).toBeInTheDocument()
    // The button went with the pending state: the focus is on the section, not lost.
    await waitFor(() =>
      expect(within(details).getByRole('heading', { name: 'Payout details' })).toHaveFocus(),
    )
    expect(
      within(details).queryByRole('button', { name: 'Confirm account' }),
    ).not.toBeInTheDocument()
    expect(
      fetchMock.mock.calls.filter(
        ([url, init]) => url === `/api${base}/payout-details/confirm` && init?.method === 'POST',
      ),
    ).toHaveLength(1)
  })

  it('holds payouts only with a reason, and sends it', async () => {
    const fetchMock = mockSellerView(settlementRow(1))
    const user = userEvent.setup()
    renderSeller()

    const hold = await screen.findByRole('button', { name: 'Hold payouts' })
    await user.click(hold)
    const dialog = await screen.findByRole('dialog', { name: 'Hold payouts to Tech Tokri' })
    const reason = within(dialog).getByLabelText('Reason')
    expect(reason).toHaveFocus()
    await user.click(within(dialog).getByRole('button', { name: 'Hold payouts' }))
    expect(within(dialog).getByText('Say why payouts are held')).toBeInTheDocument()
    expect(reason).toHaveAttribute('aria-invalid', 'true')
    expect(sentBodies(fetchMock, `${base}/hold`)).toEqual([])

    await user.type(reason, 'Chargebacks under review')
    await user.click(within(dialog).getByRole('button', { name: 'Hold payouts' }))
    await waitFor(() =>
      expect(sentBodies(fetchMock, `${base}/hold`)).toEqual([
        { reason: 'Chargebacks under review' },
      ]),
    )
    expect(await screen.findByText('Payouts held')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    // The same button, now the way back, keeps the focus; the seller's banner says why.
    expect(await screen.findByRole('button', { name: 'Release hold' })).toHaveFocus()
    expect(await screen.findByRole('status', { name: 'Payouts' })).toHaveTextContent(
      'Reason: Chargebacks under review',
    )
  })

  it('releases a hold after asking', async () => {
    const row = settlementRow(1, {
      hold: { reason: 'GSTIN under review', since: '2026-11-28T06:30:00.000Z' },
    })
    const fetchMock = mockSellerView(row)
    const user = userEvent.setup()
    renderSeller()

    expect(await screen.findByRole('status', { name: 'Payouts' })).toHaveTextContent(
      'Reason: GSTIN under review',
    )
    await user.click(screen.getByRole('button', { name: 'Release hold' }))
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Release the hold on Tech Tokri?',
    })
    await user.click(within(dialog).getByRole('button', { name: 'Release hold' }))
    expect(await screen.findByText('Hold released')).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Hold payouts' })).toHaveFocus()
    expect(
      fetchMock.mock.calls.filter(
        ([url, init]) => url === `/api${base}/hold` && init?.method === 'DELETE',
      ),
    ).toHaveLength(1)
  })
})
