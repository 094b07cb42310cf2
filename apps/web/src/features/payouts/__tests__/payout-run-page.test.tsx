import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fail, mockApi, ok, renderAt, sentBodies } from '@/test/api-helpers'
import { createPayout } from '@/test/payout-fixtures'
import PayoutRunPage from '../pages/payout-run-page'
import { admin, previewRun, type RunDetail } from './fixtures'

const run = previewRun()
const RUN = `/admin/payout-runs/${run._id}`

function renderRun() {
  return renderAt(
    `/admin/payouts/${run._id}`,
    <Routes>
      <Route path="/admin/payouts/:runId" element={<PayoutRunPage />} />
    </Routes>,
  )
}

/** The POSTs sent to `path` (after /api): the decisions carry no body. */
const postsTo = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => url === `/api${path}` && init?.method === 'POST')

async function heading() {
  return screen.findByRole('heading', { level: 1, name: 'Payout run of 24 Nov 2026, 10:00 am' })
}

describe('PayoutRunPage', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('shows the summary, the payouts with accounts in full, and the skipped sellers', async () => {
    mockApi({ 'GET /auth/check-auth': admin, [`GET ${RUN}`]: () => ok({ data: run }) })
    renderRun()
    await heading()

    for (const text of [
      'Awaiting approval',
      'By an admin',
      'Cashfree',
      '₹15,434.19',
      '2 Awaiting approval',
      '1 seller',
    ]) {
      expect(screen.getAllByText(text).length).toBeGreaterThan(0)
    }
    const payouts = screen.getByRole('table', { name: "The run's payouts" })
    const first = within(payouts).getByRole('row', { name: /Tech Tokri/ })
    // The account holder sits by the number: the name the bank is asked to pay.
    for (const text of [
      '₹12,000',
      'Tech Tokri Retail',
      '50100123459012',
      'HDFC0001234',
      'Awaiting approval',
    ]) {
      expect(within(first).getByText(text)).toBeInTheDocument()
    }
    expect(within(first).getByRole('link', { name: 'Tech Tokri' })).toHaveAttribute(
      'href',
      `/admin/settlements/${run.payouts[0]!.sellerId}`,
    )
    const skipped = screen.getByRole('table', { name: 'Sellers the run could not pay' })
    const row = within(skipped).getByRole('row', { name: /Gadget Ghar/ })
    expect(within(row).getByText('No verified bank account')).toBeInTheDocument()
    expect(within(row).getByText('₹1,299')).toBeInTheDocument()
    // Not a bank-file run.
    expect(screen.queryByRole('link', { name: 'Download bank file' })).not.toBeInTheDocument()
  })

  it('approves a preview after asking; the buttons go and the focus moves to the heading', async () => {
    let current: RunDetail = run
    const fetchMock = mockApi({
      'GET /auth/check-auth': admin,
      [`GET ${RUN}`]: () => ok({ data: current }),
      [`POST ${RUN}/approve`]: () => {
        current = {
          ...run,
          status: 'approved',
          approvedAt: '2026-11-24T05:00:00.000Z',
          payouts: run.payouts.map((p) => ({ ...p, status: 'queued' })),
          counts: { ...run.counts, preview: 0, queued: 2 },
        }
        return ok({ data: current })
      },
    })
    const user = userEvent.setup()
    renderRun()
    const title = await heading()

    await user.click(screen.getByRole('button', { name: 'Approve' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Approve this run?' })
    expect(dialog).toHaveTextContent('2 payouts totalling ₹15,434.19 are sent')
    // Cancel comes first: Enter does not send money by accident.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus()
    await user.click(within(dialog).getByRole('button', { name: 'Send 2 payouts' }))

    expect(
      await screen.findByText('Run approved: the payouts are on their way'),
    ).toBeInTheDocument()
    expect(postsTo(fetchMock, `${RUN}/approve`)).toHaveLength(1)
    expect(postsTo(fetchMock, `${RUN}/discard`)).toHaveLength(0)
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument()
    expect(screen.getAllByText('Queued')).not.toHaveLength(0)
    await waitFor(() => expect(title).toHaveFocus())
  })

  it('discards a preview after asking', async () => {
    const fetchMock = mockApi({
      'GET /auth/check-auth': admin,
      [`GET ${RUN}`]: () => ok({ data: run }),
      [`POST ${RUN}/discard`]: () =>
        ok({
          data: {
            ...run,
            status: 'discarded',
            payouts: run.payouts.map((p) => ({ ...p, status: 'cancelled' })),
          },
        }),
    })
    const user = userEvent.setup()
    renderRun()
    await heading()

    await user.click(screen.getByRole('button', { name: 'Discard' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Discard this run?' })
    await user.click(within(dialog).getByRole('button', { name: 'Discard run' }))
    expect(await screen.findByText(/Run discarded/)).toBeInTheDocument()
    expect(postsTo(fetchMock, `${RUN}/discard`)).toHaveLength(1)
    expect(postsTo(fetchMock, `${RUN}/approve`)).toHaveLength(0)
    expect(screen.getByText('Discarded')).toBeInTheDocument()
  })

  it('retries a failed payout whose money is back, and only that one', async () => {
    const failed = createPayout(1, {
      status: 'failed',
      utr: null,
      settledAt: null,
      accountNumber: '50100123459012',
      failureReason: 'The beneficiary account is closed',
      retryable: true,
    })
    const paidAgainLater = createPayout(2, {
      sellerName: 'Mobile Mandi',
      holderName: 'Mobile Mandi LLP',
      status: 'failed',
      utr: null,
      failureReason: 'IFSC not found',
      retryable: false,
    })
    const done = { ...run, status: 'approved' as const, payouts: [failed, paidAgainLater] }
    const fetchMock = mockApi({
      'GET /auth/check-auth': admin,
      [`GET ${RUN}`]: () => ok({ data: done }),
      [`POST /admin/payouts/${failed._id}/retry`]: () =>
        ok({
          data: { ...previewRun(), _id: 'a1b2c3d4-5e6f-4a7b-8c9d-000000000099', total: 12000 },
        }),
    })
    const user = userEvent.setup()
    renderRun()
    await heading()

    const payouts = screen.getByRole('table', { name: "The run's payouts" })
    const first = within(payouts).getByRole('row', { name: /Tech Tokri/ })
    expect(within(first).getByText('The beneficiary account is closed')).toBeInTheDocument()
    const second = within(payouts).getByRole('row', { name: /Mobile Mandi/ })
    expect(within(second).getByText('IFSC not found')).toBeInTheDocument()
    expect(within(second).queryByRole('button', { name: /^Retry/ })).not.toBeInTheDocument()

    await user.click(within(first).getByRole('button', { name: /^Retry/ }))
    expect(await screen.findByText('Tech Tokri: a new payout of ₹12,000 made')).toBeInTheDocument()
    expect(postsTo(fetchMock, `/admin/payouts/${failed._id}/retry`)).toHaveLength(1)
  })

  it('checks a payout on its way with the bank and shows it paid with its UTR', async () => {
    const onItsWay = createPayout(1, { status: 'processing', utr: null, settledAt: null })
    const inFile = createPayout(2, {
      sellerName: 'Mobile Mandi',
      holderName: 'Mobile Mandi LLP',
      status: 'processing',
      utr: null,
      rail: 'BANK_FILE',
    })
    const approved = { ...run, status: 'approved' as const, payouts: [onItsWay, inFile] }
    const fetchMock = mockApi({
      'GET /auth/check-auth': admin,
      [`GET ${RUN}`]: () => ok({ data: approved }),
      [`POST /admin/payouts/${onItsWay._id}/check`]: () =>
        ok({
          data: {
            ...approved,
            payouts: [{ ...onItsWay, status: 'paid', utr: '402611223344' }, inFile],
          },
        }),
    })
    const user = userEvent.setup()
    renderRun()
    await heading()
    const payouts = screen.getByRole('table', { name: "The run's payouts" })
    // A bank-file payout is settled by the bank's status file, not asked about.
    const second = within(payouts).getByRole('row', { name: /Mobile Mandi/ })
    expect(within(second).queryByRole('button', { name: /^Check/ })).not.toBeInTheDocument()

    const first = within(payouts).getByRole('row', { name: /Tech Tokri/ })
    await user.click(
      within(first).getByRole('button', { name: 'Check with the bank – payout to Tech Tokri' }),
    )
    expect(await screen.findByText('Payout to Tech Tokri: paid')).toBeInTheDocument()
    expect(within(first).getByText('402611223344')).toBeInTheDocument()
    expect(within(first).queryByRole('button', { name: /^Check/ })).not.toBeInTheDocument()
    expect(postsTo(fetchMock, `/admin/payouts/${onItsWay._id}/check`)).toHaveLength(1)
  })

  it('says when the bank could not be asked', async () => {
    const onItsWay = createPayout(1, { status: 'processing', utr: null, settledAt: null })
    mockApi({
      'GET /auth/check-auth': admin,
      [`GET ${RUN}`]: () => ok({ data: { ...run, status: 'approved', payouts: [onItsWay] } }),
      [`POST /admin/payouts/${onItsWay._id}/check`]: () =>
        fail(502, 'The payout provider could not be reached. Try again in a few minutes.'),
    })
    const user = userEvent.setup()
    renderRun()
    await heading()
    const payouts = screen.getByRole('table', { name: "The run's payouts" })
    await user.click(within(payouts).getByRole('button', { name: /^Check with the bank/ }))
    expect(
      await screen.findByText(
        'The payout provider could not be reached. Try again in a few minutes.',
      ),
    ).toBeInTheDocument()
  })

  it('says why a retry was refused', async () => {
    const failed = createPayout(1, { status: 'failed', utr: null, retryable: true })
    mockApi({
      'GET /auth/check-auth': admin,
      [`GET ${RUN}`]: () => ok({ data: { ...run, status: 'approved', payouts: [failed] } }),
      [`POST /admin/payouts/${failed._id}/retry`]: () =>
        fail(409, 'Not paid again: Payouts are on hold'),
    })
    const user = userEvent.setup()
    renderRun()
    await heading()
    const payouts = screen.getByRole('table', { name: "The run's payouts" })
    await user.click(within(payouts).getByRole('button', { name: /^Retry/ }))
    expect(await screen.findByText('Not paid again: Payouts are on hold')).toBeInTheDocument()
  })

  it('offers the bank file of an approved bank-file run and imports the status file', async () => {
    const bankRun: RunDetail = {
      ...run,
      rail: 'BANK_FILE',
      status: 'approved',
      payouts: run.payouts.map((p) => ({ ...p, status: 'processing', rail: 'BANK_FILE' })),
    }
    const csv = 'payout_id,status,utr,reason\nabc,paid,UTIB0000123,\n'
    const fetchMock = mockApi({
      'GET /auth/check-auth': admin,
      [`GET ${RUN}`]: () => ok({ data: bankRun }),
      'POST /admin/payouts/utr-import': () =>
        ok({
          data: {
            paid: 2,
            failed: 1,
            unchanged: 0,
            errors: [{ row: 4, message: 'No bank-file payout xyz' }],
          },
        }),
    })
    const user = userEvent.setup()
    renderRun()
    await heading()

    const panel = screen.getByRole('region', { name: 'Bank file' })
    expect(within(panel).getByRole('link', { name: 'Download bank file' })).toHaveAttribute(
      'href',
      `/api${RUN}/bank-file`,
    )

    const input = within(panel).getByLabelText('Bank status file (CSV)')
    await user.click(within(panel).getByRole('button', { name: 'Import bank status file' }))
    expect(within(panel).getByText('Choose the bank’s status file')).toBeInTheDocument()
    expect(input).toHaveFocus()
    expect(sentBodies(fetchMock, '/admin/payouts/utr-import')).toEqual([])

    await user.upload(input, new File([csv], 'status.csv', { type: 'text/csv' }))
    await user.click(within(panel).getByRole('button', { name: 'Import bank status file' }))
    await waitFor(() =>
      expect(sentBodies(fetchMock, '/admin/payouts/utr-import')).toEqual([{ csv }]),
    )
    expect(
      await within(panel).findByText('Imported: 2 paid, 1 failed, 0 unchanged.'),
    ).toBeInTheDocument()
    expect(within(panel).getByText('Row 4: No bank-file payout xyz')).toBeInTheDocument()
    // Read out where it appears.
    expect(
      within(panel)
        .getByText(/Imported:/)
        .closest('[aria-live]'),
    ).toHaveAttribute('aria-live', 'polite')
  })

  it('asks to approve a bank-file preview before its file can be downloaded', async () => {
    mockApi({
      'GET /auth/check-auth': admin,
      [`GET ${RUN}`]: () => ok({ data: { ...run, rail: 'BANK_FILE' } }),
    })
    renderRun()
    await heading()
    const panel = screen.getByRole('region', { name: 'Bank file' })
    expect(
      within(panel).getByText('Approve the run to download its bank file.'),
    ).toBeInTheDocument()
    expect(within(panel).queryByRole('link')).not.toBeInTheDocument()
  })

  it('shows a failed load with a retry', async () => {
    mockApi({
      'GET /auth/check-auth': admin,
      [`GET ${RUN}`]: () => fail(404, 'Payout run not found'),
    })
    renderRun()
    expect(await screen.findByRole('alert')).toHaveTextContent('Payout run not found')
    expect(screen.getByRole('heading', { level: 1, name: 'Payout run' })).toBeInTheDocument()
  })
})
