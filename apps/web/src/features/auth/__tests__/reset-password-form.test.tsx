import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { sessionQueryKey } from '@/lib/session/get-session'
import ResetPasswordPage from '../pages/reset-password-page'
import { createUser, fail, mockApi, ok, renderAt, sentBodies } from '@/test/api-helpers'

const DONE = 'Password changed. You are signed in, and signed out on your other devices.'

async function choose(password: string, confirm = password) {
  const user = userEvent.setup()
  await user.type(screen.getByLabelText('New password'), password)
  await user.type(screen.getByLabelText('Confirm new password'), confirm)
  await user.click(screen.getByRole('button', { name: 'Set new password' }))
}

describe('ResetPasswordForm', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('posts the link’s token with the new password, stores the session and goes to sign-in', async () => {
    const user = createUser()
    const fetchMock = mockApi({
      'POST /auth/reset-password': () => ok({ message: DONE, user }),
    })
    const { queryClient } = renderAt('/reset-password?token=abc_DEF-123', <ResetPasswordPage />)
    expect(screen.getByRole('heading', { name: 'Set a new password' })).toBeInTheDocument()
    await choose('Fresh456pass')

    expect(await screen.findByText(DONE)).toBeInTheDocument()
    expect(sentBodies(fetchMock, '/auth/reset-password')).toEqual([
      { token: 'abc_DEF-123', newPassword: 'Fresh456pass' },
    ])
    expect(queryClient.getQueryData(sessionQueryKey)).toEqual(user)
  })

  it('applies the sign-up password rule and the confirmation before calling the server', async () => {
    const fetchMock = mockApi({})
    renderAt('/reset-password?token=abc', <ResetPasswordPage />)
    await choose('password')
    expect(
      await screen.findByText('New password is too weak: use letters and at least one number'),
    ).toBeInTheDocument()
    await userEvent.setup().clear(screen.getByLabelText('New password'))
    await choose('Fresh456pass', 'Fresh456pasz')
    expect(await screen.findByText('The two new passwords do not match')).toBeInTheDocument()
    expect(sentBodies(fetchMock, '/auth/reset-password')).toEqual([])
  })

  it('offers a new link when the server says this one is dead', async () => {
    const dead = 'This reset link has expired or was already used. Please ask for a new one.'
    mockApi({ 'POST /auth/reset-password': () => fail(400, dead) })
    renderAt('/reset-password?token=old', <ResetPasswordPage />)
    await choose('Fresh456pass')
    expect(await screen.findByRole('alert')).toHaveTextContent(dead)
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    )
  })

  it('offers a new link, and no form, when the link has no token', () => {
    mockApi({})
    renderAt('/reset-password', <ResetPasswordPage />)
    expect(screen.getByRole('alert')).toHaveTextContent('This reset link is not complete')
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument()
  })

  it('is drawn by the server with its button disabled until the page is hydrated', () => {
    const Stub = createRoutesStub([{ path: '/reset-password', Component: ResetPasswordPage }])
    const html = renderToString(
      <QueryClientProvider client={new QueryClient()}>
        <Stub initialEntries={['/reset-password?token=abc']} />
      </QueryClientProvider>,
    )
    expect(html).toContain('Set a new password')
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""/)
  })

  it.each([
    [
      'used',
      'This reset link was already used, or a newer one was sent. Please ask for a new one.',
    ],
    ['expired', 'This reset link has expired. Please ask for a new one.'],
  ])(
    'says a %s link is of no use before the form, with a way to a new one',
    async (state, message) => {
      const fetchMock = mockApi({
        'POST /auth/reset-password/check': () => ok({ state, message }),
      })
      renderAt('/reset-password?token=old', <ResetPasswordPage />)
      expect(await screen.findByRole('alert')).toHaveTextContent(message)
      expect(screen.queryByLabelText('New password')).not.toBeInTheDocument()
      expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
        'href',
        '/forgot-password',
      )
      expect(sentBodies(fetchMock, '/auth/reset-password/check')).toEqual([{ token: 'old' }])
    },
  )

  it('keeps the form for a link the shop says still works', async () => {
    mockApi({ 'POST /auth/reset-password/check': () => ok({ state: 'valid', message: '' }) })
    renderAt('/reset-password?token=live', <ResetPasswordPage />)
    await vi.waitFor(() => expect(screen.getByLabelText('New password')).toBeInTheDocument())
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})
