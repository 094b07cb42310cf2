import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mockApi, ok, renderAt } from '@/test/api-helpers'
import { createPayout } from '@/test/payout-fixtures'
import EarningsPage from '../pages/earnings-page'
import { earningsOf, savedDetails, seller } from './fixtures'

const paid = createPayout(1, { amount: 12000, utr: 'HDFCN52601234567' })
const failed = createPayout(2, {
  amount: 3434.19,
  status: 'failed',
  utr: null,
  settledAt: null,
  failureReason: 'The beneficiary account is closed',
  createdAt: '2026-12-01T04:30:00.000Z',
})
const queued = createPayout(3, {
  amount: 499,
  status: 'queued',
  utr: null,
  settledAt: null,
  createdAt: '2026-12-08T04:30:00.000Z',
})

/** The cells of a row of `table`, read as its column headers name them. */
const cellsOf = (table: HTMLElement, row: HTMLElement) => {
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((th) => th.textContent)
  const cells = within(row)
    .getAllByRole('cell')
    .map((td) => td.textContent)
  return Object.fromEntries(headers.map((header, i) => [header, cells[i]]))
}

function mockSellerApi(options: {
  payouts: unknown[]
  earnings?: Parameters<typeof earningsOf>[0]
}) {
  return mockApi({
    'GET /auth/check-auth': seller,
    'GET /admin/settlements/earnings': () => ok({ data: earningsOf(options.earnings) }),
    'GET /admin/settlements/payout-details': () => ok({ data: savedDetails() }),
    'GET /admin/settlements/payouts': () => ok({ data: options.payouts }),
  })
}

describe('EarningsPage: payouts', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('lists the payouts with their status, UTR and account (holder too); a failed one says why', async () => {
    mockSellerApi({ payouts: [queued, failed, paid] })
    renderAt('/admin/earnings', <EarningsPage />)

    const table = await screen.findByRole('table', { name: 'Payouts, newest first' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((row) => cellsOf(table, row))).toEqual([
      {
        Date: '8 Dec 2026',
        Amount: '₹499',
        Status: 'Queued',
        UTR: '—',
        Account: 'Tech Tokri Retail••••9012 · HDFC0001234',
      },
      {
        Date: '1 Dec 2026',
        Amount: '₹3,434.19',
        Status: 'FailedThe beneficiary account is closed',
        UTR: '—',
        Account: 'Tech Tokri Retail••••9012 · HDFC0001234',
      },
      {
        Date: '24 Nov 2026',
        Amount: '₹12,000',
        Status: 'Paidon 24 Nov 2026',
        UTR: 'HDFCN52601234567',
        Account: 'Tech Tokri Retail••••9012 · HDFC0001234',
      },
    ])

    // Phones get the same payouts as cards.
    const cards = within(screen.getByRole('list', { name: 'Payouts, newest first' })).getAllByRole(
      'listitem',
    )
    expect(cards).toHaveLength(3)
    expect(within(cards[1]!).getByText('The beneficiary account is closed')).toBeInTheDocument()
  })

  it('says when nothing has been paid out yet', async () => {
    mockSellerApi({ payouts: [] })
    renderAt('/admin/earnings', <EarningsPage />)
    const section = await screen.findByRole('region', { name: 'Payouts' })
    expect(await within(section).findByText('No payouts yet')).toBeInTheDocument()
    expect(within(section).queryByRole('table')).not.toBeInTheDocument()
  })

  it("shows an admin's hold and its reason, with no button (the details cannot lift it)", async () => {
    mockSellerApi({
      payouts: [],
      earnings: { payoutBlock: { kind: 'onHold', reason: 'GSTIN under review' } },
    })
    renderAt('/admin/earnings', <EarningsPage />)
    const banner = await screen.findByRole('status', { name: 'Payouts' })
    expect(banner).toHaveTextContent('Payouts are on hold')
    expect(banner).toHaveTextContent('Reason: GSTIN under review')
    expect(within(banner).queryByRole('button')).not.toBeInTheDocument()
  })

  it('shows no banner when nothing stops the payouts', async () => {
    mockSellerApi({ payouts: [paid] })
    renderAt('/admin/earnings', <EarningsPage />)
    await screen.findByRole('region', { name: 'Balances' })
    expect(screen.queryByRole('status', { name: 'Payouts' })).not.toBeInTheDocument()
  })
})
