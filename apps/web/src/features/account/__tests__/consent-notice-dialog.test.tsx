import { PRIVACY_NOTICE_ITEMS, PRIVACY_NOTICE_VERSION } from '@techbazaar/shared'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createUser, mockApi, ok, renderAt, sentBodies } from '@/test/api-helpers'
import { ConsentNoticeDialog } from '../components/consent-notice-dialog'

// Decision 82: an account made before the privacy notice (or under an older version) sees the
// itemised notice over its pages and agrees, with boxes never pre-ticked, before going on.
const session = (consentDue: boolean) => () => ok({ user: createUser({ consentDue }) })
const agreed = () =>
  ok({
    noticeVersion: PRIVACY_NOTICE_VERSION,
    consentDue: false,
    consents: [
      {
        purpose: 'account',
        noticeVersion: PRIVACY_NOTICE_VERSION,
        givenAt: '2026-11-27T10:00:00.000Z',
        withdrawnAt: null,
      },
    ],
  })

/** Radix's checkbox measures itself inside a form; jsdom has no ResizeObserver. */
function stubResizeObserver() {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  )
}

describe('ConsentNoticeDialog', () => {
  beforeEach(stubResizeObserver)
  afterEach(() => vi.unstubAllGlobals())

  it('shows the itemised notice with unticked boxes, and needs the account box', async () => {
    const fetchMock = mockApi({ 'GET /auth/check-auth': session(true) })
    renderAt('/shop/listing', <ConsentNoticeDialog onSignOut={() => {}} />)
    const dialog = await screen.findByRole('dialog', { name: 'Our privacy notice' })
    for (const item of PRIVACY_NOTICE_ITEMS) expect(dialog).toHaveTextContent(item.data)
    expect(dialog).toHaveTextContent(`Notice version ${PRIVACY_NOTICE_VERSION}`)
    const accountBox = screen.getByRole('checkbox', { name: /I have read the privacy notice/ })
    const marketingBox = screen.getByRole('checkbox', { name: /offers and news/ })
    expect(accountBox).not.toBeChecked()
    expect(marketingBox).not.toBeChecked()
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument()

    await userEvent.setup().click(screen.getByRole('button', { name: 'Agree and continue' }))
    expect(
      await screen.findByText('Please agree to the privacy notice to keep using your account'),
    ).toBeInTheDocument()
    expect(sentBodies(fetchMock, '/shop/privacy/notice')).toEqual([])
  })

  it('records the consent with the version, then goes away', async () => {
    const fetchMock = mockApi({
      'GET /auth/check-auth': session(true),
      'POST /shop/privacy/notice': agreed,
    })
    renderAt('/shop/account', <ConsentNoticeDialog onSignOut={() => {}} />)
    const user = userEvent.setup()
    await user.click(
      await screen.findByRole('checkbox', { name: /I have read the privacy notice/ }),
    )
    await user.click(screen.getByRole('button', { name: 'Agree and continue' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(sentBodies(fetchMock, '/shop/privacy/notice')).toEqual([
      { noticeVersion: PRIVACY_NOTICE_VERSION, consentAccount: true, consentMarketing: false },
    ])
  })

  it('lets the person sign out or go delete the account instead', async () => {
    mockApi({ 'GET /auth/check-auth': session(true) })
    const onSignOut = vi.fn()
    renderAt('/', <ConsentNoticeDialog onSignOut={onSignOut} />)
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign out' }))
    expect(onSignOut).toHaveBeenCalledOnce()
    expect(screen.getByRole('link', { name: 'Delete my account instead' })).toHaveAttribute(
      'href',
      '/shop/account?tab=privacy',
    )
  })

  it('stays away when nothing is due, and on the Privacy tab', async () => {
    mockApi({ 'GET /auth/check-auth': session(false) })
    const { queryClient } = renderAt('/', <ConsentNoticeDialog onSignOut={() => {}} />)
    await waitFor(() => expect(queryClient.getQueryData(['session'])).toBeTruthy())
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    vi.unstubAllGlobals()
    stubResizeObserver()
    mockApi({ 'GET /auth/check-auth': session(true) })
    const other = renderAt(
      '/shop/account?tab=privacy',
      <ConsentNoticeDialog onSignOut={() => {}} />,
    )
    await waitFor(() => expect(other.queryClient.getQueryData(['session'])).toBeTruthy())
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})
