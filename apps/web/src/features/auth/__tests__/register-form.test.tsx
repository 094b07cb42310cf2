import { PRIVACY_NOTICE_VERSION } from '@techbazaar/shared'
import { act, screen } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionQueryKey } from '@/lib/session/get-session'
import { REGISTRATION_TOKEN_KEY } from '../api/registration-token'
import RegisterPage from '../pages/register-page'
import { createUser, fail, mockApi, ok, renderAt, sentBodies } from '@/test/api-helpers'

const SHOPPER = {
  userName: 'Asha Verma',
  email: 'asha@example.in',
  password: 'Secret-123',
  mobile: '9876543210',
}
const GSTIN = '27AAPFU0939F1ZV'
const TOKEN = 'pending-sign-up-token'
const SENT = {
  message: 'OTP sent to asha@example.in. It is valid for 10 minutes.',
  registrationToken: TOKEN,
}

async function fillDetails(user: UserEvent, gstNumber?: string) {
  await user.type(screen.getByLabelText('Username'), SHOPPER.userName)
  await user.type(screen.getByLabelText('Email'), SHOPPER.email)
  await user.type(screen.getByLabelText('Password'), SHOPPER.password)
  await user.type(screen.getByLabelText('Mobile'), SHOPPER.mobile)
  if (gstNumber) await user.type(screen.getByLabelText('GST Number'), gstNumber)
  await user.click(screen.getByRole('checkbox', { name: /I have read the privacy notice/ }))
}

/** What the form sends with the details: the notice's version and the boxes as ticked. */
const CONSENT = {
  noticeVersion: PRIVACY_NOTICE_VERSION,
  consentAccount: true,
  consentMarketing: false,
}

describe('RegisterForm', () => {
  beforeEach(() => {
    // Radix's checkbox measures itself inside a form; jsdom has no ResizeObserver.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    )
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    sessionStorage.clear()
  })

  it('says which fields are required without calling the server', async () => {
    const fetchMock = mockApi({})
    renderAt('/register/user', <RegisterPage />)
    expect(screen.getByRole('heading', { name: 'Create new account' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Request OTP' }))

    for (const label of ['Username', 'Email', 'Password', 'Mobile']) {
      expect(await screen.findByText(`${label} is required`)).toBeInTheDocument()
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true')
    }
    expect(screen.getByLabelText('Username')).toHaveFocus()
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('Username is required')
    expect(screen.queryByLabelText('GST Number')).not.toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('asks sellers for a GST Number and checks its check digit', async () => {
    const fetchMock = mockApi({})
    renderAt('/register/seller', <RegisterPage />)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Request OTP' }))
    expect(await screen.findByText('GST Number is required')).toBeInTheDocument()

    await fillDetails(user, '27AAPFU0939F1ZA')
    await user.click(screen.getByRole('button', { name: 'Request OTP' }))
    expect(await screen.findByText('GST Number check digit does not match')).toBeInTheDocument()
    expect(screen.getByLabelText('GST Number')).toHaveFocus()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('requests an OTP, locks the details, then verifies them with the code', async () => {
    const account = createUser()
    const fetchMock = mockApi({
      'POST /auth/register': () => ok(SENT),
      'POST /auth/verifyOtp': () => ok({ message: 'Registration successful', user: account }),
    })
    const { queryClient } = renderAt('/register/user', <RegisterPage />)
    const user = userEvent.setup()
    await fillDetails(user)
    await user.click(screen.getByRole('button', { name: 'Request OTP' }))

    const otp = await screen.findByLabelText('Enter OTP')
    expect(screen.getByText(SENT.message)).toBeInTheDocument()
    expect(sentBodies(fetchMock, '/auth/register')).toEqual([
      { ...SHOPPER, ...CONSENT, role: 'user', type: 'user' },
    ])
    for (const label of ['Username', 'Email', 'Password', 'Mobile']) {
      expect(screen.getByLabelText(label)).toBeDisabled()
    }
    expect(screen.getByLabelText('Email')).toHaveValue(SHOPPER.email)
    expect(sessionStorage.getItem(REGISTRATION_TOKEN_KEY)).toBe(TOKEN)
    expect(otp).toHaveFocus()
    expect(otp).toHaveAttribute('inputmode', 'numeric')
    expect(otp).toHaveAttribute('autocomplete', 'one-time-code')
    expect(screen.getByRole('button', { name: /^Resend OTP in \d+s$/ })).toBeDisabled()

    await user.click(screen.getByRole('button', { name: 'Verify OTP & Sign Up' }))
    expect(await screen.findByText('Enter OTP is required')).toBeInTheDocument()
    expect(sentBodies(fetchMock, '/auth/verifyOtp')).toEqual([])

    await user.type(otp, '123456')
    await user.click(screen.getByRole('button', { name: 'Verify OTP & Sign Up' }))
    expect(await screen.findByText('Registration successful')).toBeInTheDocument()
    // Step 2 names the sign-up by its token; the details stay with the server.
    expect(sentBodies(fetchMock, '/auth/verifyOtp')).toEqual([
      { registrationToken: TOKEN, otp: '123456' },
    ])
    expect(queryClient.getQueryData(sessionQueryKey)).toEqual(account)
    expect(sessionStorage.getItem(REGISTRATION_TOKEN_KEY)).toBeNull()
  })

  it('offers to resend the code after a minute, for the same sign-up', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      const fetchMock = mockApi({
        'POST /auth/register': () => ok(SENT),
        'POST /auth/resendOtp': () => ok({ message: SENT.message }),
      })
      renderAt('/register/user', <RegisterPage />)
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
      await fillDetails(user)
      await user.click(screen.getByRole('button', { name: 'Request OTP' }))
      expect(await screen.findByRole('button', { name: 'Resend OTP in 60s' })).toBeDisabled()

      await act(() => vi.advanceTimersByTimeAsync(60_000))
      await user.click(screen.getByRole('button', { name: 'Resend OTP' }))
      expect(await screen.findByRole('button', { name: 'Resend OTP in 60s' })).toBeDisabled()
      expect(sentBodies(fetchMock, '/auth/register')).toHaveLength(1)
      expect(sentBodies(fetchMock, '/auth/resendOtp')).toEqual([{ registrationToken: TOKEN }])
    } finally {
      vi.useRealTimers()
    }
  })

  it('sends a seller as role admin + type vendor with the GSTIN upper-cased', async () => {
    const fetchMock = mockApi({ 'POST /auth/register': () => ok(SENT) })
    renderAt('/register/seller', <RegisterPage />)
    const user = userEvent.setup()
    await fillDetails(user, GSTIN.toLowerCase())
    await user.click(screen.getByRole('button', { name: 'Request OTP' }))

    expect(await screen.findByLabelText('Enter OTP')).toBeInTheDocument()
    expect(screen.getByLabelText('GST Number')).toBeDisabled()
    expect(sentBodies(fetchMock, '/auth/register')).toEqual([
      { ...SHOPPER, ...CONSENT, gstNumber: GSTIN, role: 'admin', type: 'vendor' },
    ])
  })

  it('shows the server message, and field errors under their fields', async () => {
    mockApi({
      'POST /auth/register': () =>
        fail(400, 'Email must be a valid email address', [
          { path: 'email', message: 'Email must be a valid email address' },
        ]),
    })
    renderAt('/register/user', <RegisterPage />)
    const user = userEvent.setup()
    await fillDetails(user)
    await user.click(screen.getByRole('button', { name: 'Request OTP' }))

    const email = screen.getByLabelText('Email')
    await vi.waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'))
    expect(email).toHaveAccessibleDescription('Email must be a valid email address')
    expect(email).toHaveFocus()
    // The toast says it too (spec §8).
    expect(screen.getAllByText('Email must be a valid email address')).toHaveLength(2)
    expect(screen.queryByLabelText('Enter OTP')).not.toBeInTheDocument()
  })

  it('falls back to "Something went wrong" when registration fails without a message', async () => {
    mockApi({ 'POST /auth/register': () => ({ status: 502, body: null }) })
    renderAt('/register/user', <RegisterPage />)
    const user = userEvent.setup()
    await fillDetails(user)
    await user.click(screen.getByRole('button', { name: 'Request OTP' }))
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument()
  })

  it('shows a wrong code, falls back for a silent failure, and can go back to the details', async () => {
    let verifyAnswer = fail(400, 'Invalid OTP. 4 tries left.')
    mockApi({
      'POST /auth/register': () => ok(SENT),
      'POST /auth/verifyOtp': () => verifyAnswer,
    })
    const { queryClient } = renderAt('/register/user', <RegisterPage />)
    const user = userEvent.setup()
    await fillDetails(user)
    await user.click(screen.getByRole('button', { name: 'Request OTP' }))
    const otp = await screen.findByLabelText('Enter OTP')

    await user.type(otp, '000000')
    await user.click(screen.getByRole('button', { name: 'Verify OTP & Sign Up' }))
    expect(await screen.findByText('Invalid OTP. 4 tries left.')).toBeInTheDocument()
    expect(otp).toHaveFocus()
    expect(queryClient.getQueryData(sessionQueryKey)).toBeUndefined()

    verifyAnswer = { status: 500, body: { success: false, message: 'Something went wrong' } }
    await user.click(screen.getByRole('button', { name: 'Verify OTP & Sign Up' }))
    expect(await screen.findByText('OTP verification failed')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Change details' }))
    expect(screen.queryByLabelText('Enter OTP')).not.toBeInTheDocument()
    // New details are a new sign-up: the old token is gone.
    expect(sessionStorage.getItem(REGISTRATION_TOKEN_KEY)).toBeNull()
    const userName = screen.getByLabelText('Username')
    expect(userName).toBeEnabled()
    expect(userName).toHaveValue(SHOPPER.userName)
    expect(userName).toHaveFocus()
    expect(screen.getByRole('button', { name: 'Request OTP' })).toBeEnabled()
  })

  it('shows the itemised notice and sends nothing until the unticked consent box is ticked', async () => {
    const fetchMock = mockApi({ 'POST /auth/register': () => ok(SENT) })
    renderAt('/register/user', <RegisterPage />)
    const user = userEvent.setup()
    const notice = screen.getByRole('region', { name: 'Privacy notice' })
    expect(notice).toHaveTextContent('Mobile number: For the courier to reach you')
    expect(notice).toHaveTextContent(
      'Withdrawing consent for the account itself deletes the account',
    )
    const account = screen.getByRole('checkbox', { name: /I have read the privacy notice/ })
    const marketing = screen.getByRole('checkbox', { name: /offers and news by email/ })
    expect(account).not.toBeChecked()
    expect(marketing).not.toBeChecked()

    await user.type(screen.getByLabelText('Username'), SHOPPER.userName)
    await user.type(screen.getByLabelText('Email'), SHOPPER.email)
    await user.type(screen.getByLabelText('Password'), SHOPPER.password)
    await user.type(screen.getByLabelText('Mobile'), SHOPPER.mobile)
    await user.click(screen.getByRole('button', { name: 'Request OTP' }))
    const error = 'Please agree to the privacy notice to create an account'
    expect(await screen.findByText(error)).toBeInTheDocument()
    expect(account).toHaveAccessibleDescription(error)
    expect(fetchMock).not.toHaveBeenCalled()

    await user.click(account)
    await user.click(marketing)
    await user.click(screen.getByRole('button', { name: 'Request OTP' }))
    expect(await screen.findByLabelText('Enter OTP')).toBeInTheDocument()
    expect(sentBodies(fetchMock, '/auth/register')).toEqual([
      { ...SHOPPER, ...CONSENT, consentMarketing: true, role: 'user', type: 'user' },
    ])
  })
})
