import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createUser, fail, mockApi, ok, renderAt, sentBodies } from '@/test/api-helpers'
import RefundsPage from '../pages/refunds-page'
import { adminRefund, page } from './fixtures'

const admin = () => ok({ user: createUser({ role: 'admin', type: 'admin', userName: 'Admin' }) })

async function rowOf(orderNumber: string) {
  const table = await screen.findByRole('table', { name: 'Refunds, failed first' })
  return within(table).getByRole('row', { name: new RegExp(orderNumber) })
}

const failed = adminRefund(1, {
  status: 'failed',
  failure: 'The bank declined the refund',
  overdue: true,
  expectedBy: '2026-11-20T06:30:00.000Z',
})
const upi = adminRefund(2, {
  status: 'pending',
  method: 'upi',
  cause: 'cancellation',
  provider: null,
  payout: { kind: 'upi', upiId: 'meera.iyer@okaxis' },
  payoutTo: 'UPI meera.iyer@okaxis',
})
const bank = adminRefund(3, {
  status: 'pending',
  method: 'bank',
  provider: null,
  amount: 2499,
  payout: {
    kind: 'bank',
    accountName: 'Meera Iyer',
    accountNumber: '123456789012',
    ifsc: 'SBIN0001234',
  },
  payoutTo: 'Meera Iyer, A/c ••••9012, SBIN0001234',
})
const done = adminRefund(4, {
  status: 'completed',
  reference: 'rf_cf_123',
  completedAt: '2026-11-26T06:30:00.000Z',
})

describe('RefundsPage', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('lists refunds with their cause, method, state and dates, the failed one flagged', async () => {
    mockApi({
      'GET /auth/check-auth': admin,
      'GET /admin/refunds': () => ok(page([failed, upi, done])),
    })
    renderAt('/admin/refunds', <RefundsPage />)

    const first = await rowOf('TB-10401')
    for (const text of [
      'Meera Iyer',
      '₹1,999',
      'Return',
      'Original payment method',
      'Provider: Cashfree',
      'Failed',
      'The bank declined the refund',
      'Overdue',
      '20 Nov 2026',
    ]) {
      expect(within(first).getByText(text)).toBeInTheDocument()
    }
    expect(within(first).getByRole('button', { name: /^Retry/ })).toBeInTheDocument()
    expect(within(first).queryByRole('button', { name: /^Mark paid/ })).not.toBeInTheDocument()

    const second = await rowOf('TB-10402')
    expect(within(second).getByText('Cancellation')).toBeInTheDocument()
    expect(within(second).getByText('To UPI meera.iyer@okaxis')).toBeInTheDocument()
    expect(within(second).getByText('Pending')).toBeInTheDocument()
    expect(within(second).queryByText('Overdue')).not.toBeInTheDocument()
    expect(within(second).getByRole('button', { name: /^Mark paid/ })).toBeInTheDocument()

    const third = await rowOf('TB-10404')
    expect(within(third).getByText('Refunded')).toBeInTheDocument()
    expect(within(third).getByText('Ref. rf_cf_123')).toBeInTheDocument()
    expect(within(third).queryByRole('button')).not.toBeInTheDocument()
  })

  it('retries a failed refund', async () => {
    const fetchMock = mockApi({
      'GET /auth/check-auth': admin,
      'GET /admin/refunds': () => ok(page([failed])),
      [`PUT /admin/refunds/${failed._id}`]: () =>
        ok({ message: 'Refund sent again', data: { ...failed, status: 'pending' } }),
    })
    const user = userEvent.setup()
    renderAt('/admin/refunds', <RefundsPage />)
    await user.click(within(await rowOf('TB-10401')).getByRole('button', { name: /^Retry/ }))
    expect(await screen.findByText('Refund sent again')).toBeInTheDocument()
    expect(sentBodies(fetchMock, `/admin/refunds/${failed._id}`)).toEqual([{ action: 'retry' }])
  })

  it('marks a bank payout paid: the account in full, the reference required, then sent', async () => {
    const fetchMock = mockApi({
      'GET /auth/check-auth': admin,
      'GET /admin/refunds': () => ok(page([bank])),
      [`PUT /admin/refunds/${bank._id}`]: () =>
        ok({ message: 'Refund recorded as paid', data: { ...bank, status: 'completed' } }),
    })
    const user = userEvent.setup()
    renderAt('/admin/refunds', <RefundsPage />)

    await user.click(within(await rowOf('TB-10403')).getByRole('button', { name: /^Mark paid/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Mark paid: refund for TB-10403' })
    // The whole account, not the masked one: the admin pays it.
    expect(within(dialog).getByText('123456789012')).toBeInTheDocument()
    expect(within(dialog).getByText('SBIN0001234')).toBeInTheDocument()
    expect(within(dialog).getByText(/Pay ₹2,499/)).toBeInTheDocument()

    const reference = within(dialog).getByLabelText('Reference (UTR)')
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }))
    expect(within(dialog).getByText('Enter the payout’s reference (UTR)')).toBeInTheDocument()
    expect(reference).toHaveAttribute('aria-invalid', 'true')
    expect(sentBodies(fetchMock, `/admin/refunds/${bank._id}`)).toEqual([])

    // A reference no bank gives is refused before it is sent (issue 31.8).
    await user.type(reference, 'UTR123456789')
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }))
    expect(within(dialog).getByText(/^Enter the UTR as the bank gives it/)).toBeInTheDocument()
    expect(sentBodies(fetchMock, `/admin/refunds/${bank._id}`)).toEqual([])
    await user.clear(reference)
    await user.type(reference, 'SBIN326112345678')
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }))
    expect(await screen.findByText('Refund recorded as paid')).toBeInTheDocument()
    expect(sentBodies(fetchMock, `/admin/refunds/${bank._id}`)).toEqual([
      { action: 'markPaid', reference: 'SBIN326112345678' },
    ])
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it("shows the UPI id to pay, and the API's refusal in the dialog", async () => {
    mockApi({
      'GET /auth/check-auth': admin,
      'GET /admin/refunds': () => ok(page([upi])),
      [`PUT /admin/refunds/${upi._id}`]: () => fail(409, 'This refund is already completed'),
    })
    const user = userEvent.setup()
    renderAt('/admin/refunds', <RefundsPage />)
    await user.click(within(await rowOf('TB-10402')).getByRole('button', { name: /^Mark paid/ }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('meera.iyer@okaxis')).toBeInTheDocument()
    await user.type(within(dialog).getByLabelText('Reference (UTR)'), '412345678901')
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This refund is already completed',
    )
  })

  it('asks the server for the failed ones, and says when there are none', async () => {
    const fetchMock = mockApi({
      'GET /auth/check-auth': admin,
      'GET /admin/refunds': () => ok(page([])),
    })
    renderAt('/admin/refunds?filter=failed', <RefundsPage />)
    expect(await screen.findByText('No failed refunds')).toBeInTheDocument()
    const asked = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/admin/refunds')
      .map((url) => url.search)
    expect(asked).toEqual(['?filter=failed&page=1'])
  })
})
