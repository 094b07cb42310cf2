import type { EarningsResponse } from '@techbazaar/shared'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fail, mockApi, ok, renderAt } from '@/test/api-helpers'
import EarningsPage from '../pages/earnings-page'
import { part, savedDetails, seller } from './fixtures'

/** The payout details and payouts load beside the earnings: given, none paid yet. */
const payoutsApi = {
  'GET /admin/settlements/payout-details': () => ok({ data: savedDetails() }),
  'GET /admin/settlements/payouts': () => ok({ data: [] }),
}

const earnings: Omit<EarningsResponse, 'success'> = {
  data: {
    sellerId: '0b8f3f3e-4c1e-4a53-9d7c-2f8f7e1a2b3c',
    totals: { onHold: 1548.33, payable: 3434.19, inPayout: 2000, paid: 12000, carriedNegative: 0 },
    payoutBlock: null,
    parts: [
      part({
        subOrderId: '9a8b7c6d-5e4f-4a3b-8c2d-000000000003',
        orderNumber: 'TB-10260',
        deliveredAt: '2026-11-24T09:30:00.000Z',
        holdUntil: '2026-12-03T09:30:00.000Z',
        status: 'onHold',
        sale: 499,
        commission: 39.92,
        closingFee: 20,
        feeGst: 10.79,
        tcs: 2.11,
        tds: 0.42,
        net: 425.76,
      }),
      part({
        subOrderId: '9a8b7c6d-5e4f-4a3b-8c2d-000000000002',
        orderNumber: 'TB-10250',
        deliveredAt: '2026-11-12T09:30:00.000Z',
        holdUntil: '2026-11-21T09:30:00.000Z',
        status: 'onHold',
        returnOpen: true,
        sale: 1299,
        commission: 103.92,
        closingFee: 40,
        feeGst: 25.91,
        tcs: 5.5,
        tds: 1.1,
        net: 1122.57,
      }),
      part({}),
      part({
        subOrderId: '9a8b7c6d-5e4f-4a3b-8c2d-000000000001',
        orderNumber: 'TB-10230',
        status: 'inPayout',
      }),
      part({
        subOrderId: '9a8b7c6d-5e4f-4a3b-8c2d-000000000000',
        orderNumber: 'TB-10220',
        status: 'paid',
      }),
    ],
  },
}

/** The cells of a table row, read as its column headers name them. */
const cellsOf = (row: HTMLElement) => {
  const headers = screen.getAllByRole('columnheader').map((th) => th.textContent)
  const cells = within(row)
    .getAllByRole('cell')
    .map((td) => td.textContent)
  return Object.fromEntries(headers.map((header, i) => [header, cells[i]]))
}

describe('EarningsPage', () => {
  afterEach(() => vi.unstubAllGlobals())

  it("shows the seller's balances and each delivered part's breakdown", async () => {
    mockApi({
      'GET /auth/check-auth': seller,
      'GET /admin/settlements/earnings': () => ok(earnings),
      ...payoutsApi,
    })
    renderAt('/admin/earnings', <EarningsPage />)

    expect(await screen.findByRole('heading', { level: 1, name: 'Earnings' })).toBeInTheDocument()
    const balances = await screen.findByRole('region', { name: 'Balances' })
    const amountOf = (label: string) =>
      within(balances).getByText(label).nextElementSibling?.textContent
    expect(amountOf('On hold')).toBe('₹1,548.33')
    expect(amountOf('Payable')).toBe('₹3,434.19')
    expect(amountOf('In payout')).toBe('₹2,000')
    expect(amountOf('Paid')).toBe('₹12,000')
    // Nothing carried, nothing to say about it.
    expect(within(balances).queryByText('Carried negative')).not.toBeInTheDocument()

    expect(cellsOf(screen.getByRole('row', { name: /TB-10241/ }))).toEqual({
      Order: 'TB-10241',
      Delivered: '10 Nov 2026',
      Status: 'Payable',
      Sale: '₹3,998',
      Commission: '₹239.88',
      'Closing fee': '₹80',
      'GST on fees': '₹57.58',
      TCS: '₹16.94',
      TDS: '₹169.41',
      Net: '₹3,434.19',
    })
    expect(cellsOf(screen.getByRole('row', { name: /TB-10260/ })).Status).toBe(
      'On holduntil 3 Dec 2026',
    )
    expect(cellsOf(screen.getByRole('row', { name: /TB-10250/ })).Status).toBe(
      'Return openOn hold until the return is settled',
    )
    // Parts the payouts so far have taken say so.
    expect(cellsOf(screen.getByRole('row', { name: /TB-10230/ })).Status).toBe('In payout')
    expect(cellsOf(screen.getByRole('row', { name: /TB-10220/ })).Status).toBe('Paid')
    // Newest first, as the API sends them.
    const orders = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => cellsOf(row).Order)
    expect(orders).toEqual(['TB-10260', 'TB-10250', 'TB-10241', 'TB-10230', 'TB-10220'])

    // Phones get the same parts as stacked cards.
    const cards = within(screen.getByRole('list', { name: 'Delivered parts' })).getAllByRole(
      'listitem',
    )
    expect(cards).toHaveLength(5)
    expect(within(cards[2]!).getByText('₹169.41')).toBeInTheDocument()

    expect(screen.getByText(/0\.5% GST collected at source/)).toBeInTheDocument()
    expect(screen.getByText(/0\.1% income tax deducted under s\.194-O/)).toBeInTheDocument()
  })

  it('says when nothing has been delivered yet', async () => {
    mockApi({
      'GET /auth/check-auth': seller,
      'GET /admin/settlements/earnings': () =>
        ok({
          data: {
            ...earnings.data,
            totals: { onHold: 0, payable: 0, inPayout: 0, paid: 0, carriedNegative: 0 },
            parts: [],
          },
        }),
      ...payoutsApi,
    })
    renderAt('/admin/earnings', <EarningsPage />)
    expect(
      await screen.findByText(
        'No delivered orders yet: your earnings appear once a parcel is delivered.',
      ),
    ).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to orders' })).toHaveAttribute(
      'href',
      '/admin/orders',
    )
  })

  it('shows a carried negative balance when there is one', async () => {
    mockApi({
      'GET /auth/check-auth': seller,
      'GET /admin/settlements/earnings': () =>
        ok({
          data: { ...earnings.data, totals: { ...earnings.data.totals, carriedNegative: 412.5 } },
        }),
      ...payoutsApi,
    })
    renderAt('/admin/earnings', <EarningsPage />)
    const balances = await screen.findByRole('region', { name: 'Balances' })
    expect(within(balances).getByText('Carried negative').nextElementSibling).toHaveTextContent(
      '₹412.50',
    )
  })

  it('shows an error with a retry that asks again', async () => {
    let calls = 0
    mockApi({
      'GET /auth/check-auth': seller,
      'GET /admin/settlements/earnings': () =>
        ++calls === 1 ? fail(500, 'Something went wrong') : ok(earnings),
      ...payoutsApi,
    })
    const user = userEvent.setup()
    renderAt('/admin/earnings', <EarningsPage />)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Try again')
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('region', { name: 'Balances' })).toBeInTheDocument()
    expect(calls).toBe(2)
  })
})
