import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import ForgotPasswordPage from '../pages/forgot-password-page'
import { fail, mockApi, ok, renderAt, sentBodies } from '@/test/api-helpers'

const SENT =
  'If asha@example.in has an account, we have sent it a link to set a new password. The link works for 15 minutes.'

async function ask(email: string) {
  const user = userEvent.setup()
  await user.type(screen.getByLabelText('Email'), email)
  await user.click(screen.getByRole('button', { name: 'Send reset link' }))
}

describe('ForgotPasswordForm', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('posts the email and shows the server’s answer in place of the form', async () => {
    const fetchMock = mockApi({ 'POST /auth/forgot-password': () => ok({ message: SENT }) })
    renderAt('/forgot-password', <ForgotPasswordPage />)
    expect(screen.getByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument()
    await ask(' Asha@Example.in ')

    expect(await screen.findByRole('status')).toHaveTextContent(SENT)
    expect(sentBodies(fetchMock, '/auth/forgot-password')).toEqual([{ email: 'asha@example.in' }])
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login')
  })

  it('lets the shopper try another email', async () => {
    mockApi({ 'POST /auth/forgot-password': () => ok({ message: SENT }) })
    renderAt('/forgot-password', <ForgotPasswordPage />)
    await ask('asha@example.in')
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Use another email' }))
    expect(screen.getByLabelText('Email')).toBeInTheDocument()
  })

  it('checks the email before calling the server', async () => {
    const fetchMock = mockApi({})
    renderAt('/forgot-password', <ForgotPasswordPage />)
    await ask('not-an-email')
    const email = screen.getByLabelText('Email')
    expect(await screen.findByText('Email must be a valid email address')).toBeInTheDocument()
    expect(email).toHaveAttribute('aria-invalid', 'true')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('shows the limit’s message when the server refuses', async () => {
    mockApi({
      'POST /auth/forgot-password': () =>
        fail(429, 'Too many password reset requests. Please try again later.'),
    })
    renderAt('/forgot-password', <ForgotPasswordPage />)
    await ask('asha@example.in')
    expect(
      await screen.findByText('Too many password reset requests. Please try again later.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeEnabled()
  })
})
