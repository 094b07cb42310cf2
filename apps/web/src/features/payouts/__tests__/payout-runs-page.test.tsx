import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fail, mockApi, ok, renderAt } from '@/test/api-helpers'
import PayoutRunPage from '../pages/payout-run-page'
import PayoutRunsPage from '../pages/payout-runs-page'
import { admin, createRun, previewRun } from './fixtures'

function renderPayouts() {
  return renderAt(
    '/admin/payouts',
    <Routes>
      <Route path="/admin/payouts" element={<PayoutRunsPage />} />
      <Route path="/admin/payouts/:runId" element={<PayoutRunPage />} />
    </Routes>,
  )
}

describe('PayoutRunsPage', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('lists the runs with their trigger, rail, status, total and payouts by status', async () => {
    const failedRun = createRun(2, {
      rail: 'BANK_FILE',
      trigger: 'admin',
      createdAt: '2026-12-01T04:30:00.000Z',
      total: 3434.19,
      counts: { preview: 0, queued: 0, processing: 1, paid: 2, failed: 1, cancelled: 0 },
    })
    mockApi({
      'GET /auth/check-auth': admin,
      'GET /admin/payout-runs': () => ok({ data: [failedRun, createRun(1)] }),
    })
    renderPayouts()

    const table = await screen.findByRole('table', { name: 'Payout runs, newest first' })
    const [, first, second] = within(table).getAllByRole('row')
    for (const text of ['By an admin', 'Bank file', 'Approved', '₹3,434.19']) {
      expect(within(first!).getByText(text)).toBeInTheDocument()
    }
    expect(within(first!).getByText('1 Processing · 2 Paid · 1 Failed')).toBeInTheDocument()
    expect(within(first!).getByRole('link', { name: '1 Dec 2026, 10:00 am' })).toHaveAttribute(
      'href',
      `/admin/payouts/${failedRun._id}`,
    )
    for (const text of ['Scheduled', 'Cashfree', '₹15,434.19', '2 Paid']) {
      expect(within(second!).getByText(text)).toBeInTheDocument()
    }
  })

  it('runs payouts now after asking, then opens the new run', async () => {
    const run = previewRun()
    const fetchMock = mockApi({
      'GET /auth/check-auth': admin,
      'GET /admin/payout-runs': () => ok({ data: [] }),
      'POST /admin/payout-runs': () => ok({ data: run }),
      [`GET /admin/payout-runs/${run._id}`]: () => ok({ data: run }),
    })
    const user = userEvent.setup()
    renderPayouts()

    expect(await screen.findByText('No payout runs yet')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Run payouts now' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Run payouts now?' })
    // Nothing happens until it is confirmed.
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false)
    await user.click(within(dialog).getByRole('button', { name: 'Run payouts' }))

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Payout run of 24 Nov 2026, 10:00 am' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Approve' })).toBeInTheDocument()
    expect(await screen.findByText('Payout run made')).toBeInTheDocument()
  })

  it("shows the server's refusal to run and stays on the list", async () => {
    mockApi({
      'GET /auth/check-auth': admin,
      'GET /admin/payout-runs': () => ok({ data: [createRun(1)] }),
      'POST /admin/payout-runs': () => fail(409, 'A payout run could not be made'),
    })
    const user = userEvent.setup()
    renderPayouts()

    await user.click(await screen.findByRole('button', { name: 'Run payouts now' }))
    const dialog = await screen.findByRole('alertdialog')
    await user.click(within(dialog).getByRole('button', { name: 'Run payouts' }))
    expect(await screen.findByText('A payout run could not be made')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Payouts' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Run payouts now' })).toHaveFocus()
  })

  it('shows a failed load with a retry', async () => {
    mockApi({
      'GET /auth/check-auth': admin,
      'GET /admin/payout-runs': () => fail(500, 'Something went wrong'),
    })
    renderPayouts()
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the payout runs.')
  })
})
