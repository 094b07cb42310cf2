import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fail, mockApi, ok, renderAt, sentBodies } from '@/test/api-helpers'
import { toast } from '@/lib/toast'
import { ChangePasswordForm } from '../components/change-password-form'

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

async function fill(values: { current: string; next: string; confirm: string }) {
  const user = userEvent.setup()
  await user.type(screen.getByLabelText('Current password'), values.current)
  await user.type(screen.getByLabelText('New password'), values.next)
  await user.type(screen.getByLabelText('Confirm new password'), values.confirm)
  await user.click(screen.getByRole('button', { name: 'Change password' }))
}

describe('ChangePasswordForm', () => {
  beforeEach(() => {
    vi.mocked(toast.success).mockClear()
    vi.mocked(toast.error).mockClear()
  })
  afterEach(() => vi.unstubAllGlobals())

  it('sends the current and new password, shows the server message and empties the form', async () => {
    const message = 'Password changed. You have been signed out on your other devices.'
    const fetchMock = mockApi({ 'POST /auth/change-password': () => ok({ message }) })
    renderAt('/shop/account?tab=user', <ChangePasswordForm />)
    expect(screen.getByRole('heading', { name: 'Change password' })).toBeInTheDocument()
    for (const label of ['Current password', 'New password', 'Confirm new password']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('type', 'password')
    }
    expect(screen.getByLabelText('Current password')).toHaveAttribute(
      'autocomplete',
      'current-password',
    )
    expect(screen.getByLabelText('New password')).toHaveAttribute('autocomplete', 'new-password')

    await fill({ current: 'Right123', next: 'Fresh4567', confirm: 'Fresh4567' })

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(message))
    // The confirmation never leaves the browser.
    expect(sentBodies(fetchMock, '/auth/change-password')).toEqual([
      { currentPassword: 'Right123', newPassword: 'Fresh4567' },
    ])
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveValue(''))
    expect(screen.getByLabelText('New password')).toHaveValue('')
  })

  it('puts a wrong current password under its field and keeps the new one typed', async () => {
    const wrong = 'Your current password is not correct'
    mockApi({
      'POST /auth/change-password': () =>
        fail(400, wrong, [{ path: 'currentPassword', message: wrong }]),
    })
    renderAt('/shop/account?tab=user', <ChangePasswordForm />)
    await fill({ current: 'Wrong123', next: 'Fresh4567', confirm: 'Fresh4567' })

    const current = screen.getByLabelText('Current password')
    await waitFor(() => expect(current).toHaveAttribute('aria-invalid', 'true'))
    expect(current).toHaveAccessibleDescription(wrong)
    expect(current).toHaveFocus()
    expect(toast.error).toHaveBeenCalledWith(wrong)
    expect(screen.getByLabelText('New password')).toHaveValue('Fresh4567')
  })

  it('says when the account is locked for too many wrong passwords', async () => {
    const locked = 'Too many failed sign-in attempts. Please try again later.'
    mockApi({ 'POST /auth/change-password': () => fail(429, locked) })
    renderAt('/shop/account?tab=user', <ChangePasswordForm />)
    await fill({ current: 'Right123', next: 'Fresh4567', confirm: 'Fresh4567' })
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(locked))
  })

  it('checks the registration rules and the confirmation before calling the server', async () => {
    const fetchMock = mockApi({})
    renderAt('/shop/account?tab=user', <ChangePasswordForm />)
    await fill({ current: 'Right123', next: 'short', confirm: 'other' })
    expect(
      await screen.findByText('New password must be at least 8 characters'),
    ).toBeInTheDocument()
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      'At least 8 characters, with letters and at least one number. New password must be at least 8 characters',
    )

    const user = userEvent.setup()
    await user.clear(screen.getByLabelText('New password'))
    await user.type(screen.getByLabelText('New password'), 'Right123')
    await user.clear(screen.getByLabelText('Confirm new password'))
    await user.type(screen.getByLabelText('Confirm new password'), 'Other1234')
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    expect(
      await screen.findByText('New password must be different from the current one'),
    ).toBeInTheDocument()
    expect(screen.getByText('The two new passwords do not match')).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('is drawn by the server (account page) with its button disabled until hydrated', () => {
    // A press before hydration would submit natively: both passwords in the URL.
    const html = renderToString(
      <QueryClientProvider client={new QueryClient()}>
        <ChangePasswordForm />
      </QueryClientProvider>,
    )
    expect(html).toContain('Change password')
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""/)
  })
})
