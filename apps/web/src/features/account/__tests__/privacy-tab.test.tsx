import { PRIVACY_NOTICE_VERSION } from '@techbazaar/shared'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { toast } from '@/lib/toast'
import { fail, mockApi, ok, renderAt, sentBodies } from '@/test/api-helpers'
import { PrivacyTab } from '../components/privacy-tab'

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

// Issue 30.11: the account's Privacy section: consents with withdrawal, the data download and
// the account's deletion behind a confirmation with the password.
const GIVEN = '2026-11-20T06:30:00.000Z'
const consents = (marketingWithdrawnAt: string | null) =>
  ok({
    noticeVersion: PRIVACY_NOTICE_VERSION,
    consents: [
      {
        purpose: 'account',
        noticeVersion: PRIVACY_NOTICE_VERSION,
        givenAt: GIVEN,
        withdrawnAt: null,
      },
      {
        purpose: 'marketing',
        noticeVersion: PRIVACY_NOTICE_VERSION,
        givenAt: GIVEN,
        withdrawnAt: marketingWithdrawnAt,
      },
    ],
  })

describe('PrivacyTab', () => {
  beforeEach(() => {
    vi.mocked(toast.success).mockClear()
    vi.mocked(toast.error).mockClear()
  })
  afterEach(() => vi.unstubAllGlobals())

  it('lists the consents and withdraws marketing with one click', async () => {
    const fetchMock = mockApi({
      'GET /shop/privacy/consents': () => consents(null),
      'DELETE /shop/privacy/consents/marketing': () => consents('2026-11-27T06:30:00.000Z'),
    })
    renderAt('/shop/account?tab=privacy', <PrivacyTab />)
    const list = await screen.findByRole('list')
    expect(within(list).getByText('My account, orders, delivery and invoices')).toBeInTheDocument()
    expect(
      within(list).getByText('Needed for your account. To withdraw it, delete your account below.'),
    ).toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Withdraw consent' }))
    expect(await screen.findByRole('button', { name: 'Give consent' })).toBeInTheDocument()
    expect(screen.getByText(/^Withdrawn on/)).toBeInTheDocument()
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) =>
          String(url) === '/api/shop/privacy/consents/marketing' && init?.method === 'DELETE',
      ),
    ).toBe(true)
  })

  it('offers the data as a download', async () => {
    mockApi({ 'GET /shop/privacy/consents': () => consents(null) })
    renderAt('/shop/account?tab=privacy', <PrivacyTab />)
    const link = screen.getByRole('link', { name: 'Download my data' })
    expect(link).toHaveAttribute('href', '/api/shop/privacy/export')
    expect(link).toHaveAttribute('download')
  })

  it('deletes the account only after the password, and shows a refusal in the dialog', async () => {
    const underWay =
      'Your account cannot be deleted while an order, return or refund is under way. Please try again once it is delivered, cancelled or refunded.'
    let refuse = true
    const fetchMock = mockApi({
      'GET /shop/privacy/consents': () => consents(null),
      'POST /shop/privacy/delete-account': () =>
        refuse ? fail(409, underWay) : ok({ message: 'Your account has been deleted.' }),
    })
    renderAt('/shop/account?tab=privacy', <PrivacyTab />)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Delete my account' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' })
    expect(dialog).toHaveTextContent('Tax invoices of your past orders are kept for eight years')

    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }))
    expect(await within(dialog).findByText('Password is required')).toBeInTheDocument()
    expect(sentBodies(fetchMock, '/shop/privacy/delete-account')).toEqual([])

    await user.type(within(dialog).getByLabelText('Your password'), 'Secret123')
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }))
    expect(await within(dialog).findByText(underWay)).toBeInTheDocument()

    refuse = false
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }))
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Your account has been deleted.'),
    )
    expect(sentBodies(fetchMock, '/shop/privacy/delete-account')).toEqual([
      { password: 'Secret123' },
      { password: 'Secret123' },
    ])
  })

  it('says when the consents cannot be loaded', async () => {
    mockApi({ 'GET /shop/privacy/consents': () => fail(500, 'Down') })
    renderAt('/shop/account?tab=privacy', <PrivacyTab />)
    expect(await screen.findByRole('alert')).toHaveTextContent('Your consents could not be loaded.')
  })
})
