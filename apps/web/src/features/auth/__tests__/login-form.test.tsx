import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { sessionQueryKey } from '@/lib/session/get-session'
import LoginPage from '../pages/login-page'
import { createUser, fail, mockApi, ok, renderAt, sentBodies } from '@/test/api-helpers'

async function signIn(email: string, password: string) {
  const user = userEvent.setup()
  await user.type(screen.getByLabelText('Email'), email)
  await user.type(screen.getByLabelText('Password'), password)
  await user.click(screen.getByRole('button', { name: 'Sign In' }))
}

describe('LoginForm', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('shows the heading, typed fields and the ways to register', () => {
    mockApi({})
    renderAt('/login', <LoginPage />)
    expect(screen.getByRole('heading', { name: 'Sign in to your account' })).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email')
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'email')
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password')
    expect(screen.getByText("Don't have an account?")).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Create User Account' })).toHaveAttribute(
      'href',
      '/register/user',
    )
    expect(screen.getByRole('link', { name: 'Register as Seller' })).toHaveAttribute(
      'href',
      '/register/seller',
    )
  })

  it('offers "Forgot password?" under the password, leading to /forgot-password', () => {
    mockApi({})
    renderAt('/login', <LoginPage />)
    const link = screen.getByRole('link', { name: 'Forgot password?' })
    expect(link).toHaveAttribute('href', '/forgot-password')
    // Under the password field, before the Sign In button, in reading order.
    const password = screen.getByLabelText('Password')
    const signIn = screen.getByRole('button', { name: 'Sign In' })
    expect(password.compareDocumentPosition(link) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(link.compareDocumentPosition(signIn) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  it('posts the email and password, toasts the message and stores the session', async () => {
    const user = createUser()
    const fetchMock = mockApi({
      'POST /auth/login': () => ok({ message: 'Logged in successfully', user }),
    })
    const { queryClient } = renderAt('/login', <LoginPage />)
    await signIn(' Asha@Example.in ', 'Secret-123')

    expect(await screen.findByText('Logged in successfully')).toBeInTheDocument()
    expect(sentBodies(fetchMock, '/auth/login')).toEqual([
      { email: 'asha@example.in', password: 'Secret-123' },
    ])
    expect(queryClient.getQueryData(sessionQueryKey)).toEqual(user)
  })

  it('shows the server error and keeps the visitor signed out', async () => {
    mockApi({ 'POST /auth/login': () => fail(401, 'Invalid email or password') })
    const { queryClient } = renderAt('/login', <LoginPage />)
    await signIn('asha@example.in', 'wrong-pass')

    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument()
    expect(queryClient.getQueryData(sessionQueryKey)).toBeUndefined()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled())
  })

  it('asks for both fields before calling the server', async () => {
    const fetchMock = mockApi({})
    renderAt('/login', <LoginPage />)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign In' }))

    const email = screen.getByLabelText('Email')
    expect(await screen.findByText('Email is required')).toBeInTheDocument()
    expect(screen.getByText('Password is required')).toBeInTheDocument()
    expect(email).toHaveAttribute('aria-invalid', 'true')
    expect(email).toHaveAccessibleDescription('Email is required')
    expect(email).toHaveFocus()
    expect(fetchMock).not.toHaveBeenCalled()
  })
})
