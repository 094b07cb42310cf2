import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { sessionQueryKey } from '@/lib/session/get-session'
import LoginPage from '../pages/login-page'
import { createUser, fail, mockApi, ok, renderAt, sentBodies } from '@/test/api-helpers'

const SENT =
  "If this number is the verified mobile of a shopper's account, a sign-in code is on its way by SMS. It is valid for 10 minutes."

describe('Sign in with mobile number', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('is one button away from the email form, and back', async () => {
    mockApi({})
    renderAt('/login', <LoginPage />)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Sign in with mobile number' }))
    expect(screen.getByLabelText('Mobile number')).toHaveAttribute('type', 'tel')
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Sign in with email and password' }))
    expect(screen.getByLabelText('Password')).toBeInTheDocument()
  })

  it('asks for a code for the number, then signs in with it', async () => {
    const signedIn = createUser()
    const fetchMock = mockApi({
      'POST /auth/mobile/request-otp': () => ok({ message: SENT }),
      'POST /auth/mobile/verify': () => ok({ message: 'Logged in successfully', user: signedIn }),
    })
    const { queryClient } = renderAt('/login?with=mobile', <LoginPage />)
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Mobile number'), '+91 98765 43210')
    await user.click(screen.getByRole('button', { name: 'Send OTP' }))

    const otp = await screen.findByLabelText('Enter OTP')
    expect(otp).toHaveFocus()
    expect(screen.getByLabelText('Mobile number')).toBeDisabled()
    expect(screen.getByRole('button', { name: /Resend OTP in \d+s/ })).toBeDisabled()
    await user.type(otp, '123456')
    await user.click(screen.getByRole('button', { name: 'Verify OTP & Sign In' }))

    expect(await screen.findByText('Logged in successfully')).toBeInTheDocument()
    expect(sentBodies(fetchMock, '/auth/mobile/request-otp')).toEqual([{ mobile: '9876543210' }])
    expect(sentBodies(fetchMock, '/auth/mobile/verify')).toEqual([
      { mobile: '9876543210', otp: '123456' },
    ])
    expect(queryClient.getQueryData(sessionQueryKey)).toEqual(signedIn)
  })

  it('checks the number before calling the server', async () => {
    const fetchMock = mockApi({})
    renderAt('/login?with=mobile', <LoginPage />)
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Mobile number'), '12345')
    await user.click(screen.getByRole('button', { name: 'Send OTP' }))
    expect(
      await screen.findByText('Mobile number must be a 10-digit Indian mobile number'),
    ).toBeInTheDocument()
    expect(sentBodies(fetchMock, '/auth/mobile/request-otp')).toEqual([])
  })

  it('shows a wrong code under the field and keeps the visitor signed out', async () => {
    mockApi({
      'POST /auth/mobile/request-otp': () => ok({ message: SENT }),
      'POST /auth/mobile/verify': () => fail(400, 'Invalid OTP. 4 tries left.'),
    })
    const { queryClient } = renderAt('/login?with=mobile', <LoginPage />)
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Mobile number'), '9876543210')
    await user.click(screen.getByRole('button', { name: 'Send OTP' }))
    await user.type(await screen.findByLabelText('Enter OTP'), '000000')
    await user.click(screen.getByRole('button', { name: 'Verify OTP & Sign In' }))

    expect((await screen.findAllByText('Invalid OTP. 4 tries left.')).length).toBeGreaterThan(0)
    expect(queryClient.getQueryData(sessionQueryKey)).toBeUndefined()
    await waitFor(() => expect(screen.getByLabelText('Enter OTP')).toHaveFocus())
    await user.click(screen.getByRole('button', { name: 'Change number' }))
    expect(screen.getByLabelText('Mobile number')).toBeEnabled()
  })
})
