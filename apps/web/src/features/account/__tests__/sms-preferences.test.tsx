import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SmsPreferencesSection } from '../components/sms-preferences'
import { fail, mockApi, ok, renderAt, sentBodies } from '@/test/api-helpers'

const ALL_ON = {
  order_placed: true,
  shipped: true,
  out_for_delivery: true,
  delivered: true,
  refund_completed: true,
}

describe('Messages on your phone', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('shows one box per order message, says OTPs always go, and saves a change', async () => {
    const fetchMock = mockApi({
      'GET /account/sms-preferences': () =>
        ok({ preferences: ALL_ON, mobile: '9876543210', mobileVerified: true }),
      'PUT /account/sms-preferences': () =>
        ok({
          preferences: { ...ALL_ON, shipped: false },
          mobile: '9876543210',
          mobileVerified: true,
        }),
    })
    renderAt('/shop/account?tab=user', <SmsPreferencesSection />)
    const section = await screen.findByRole('region', { name: 'Messages on your phone' })
    expect(within(section).getByText(/One-time passwords .* are always sent/)).toBeInTheDocument()
    expect(await within(section).findByText('9876543210')).toBeInTheDocument()
    const boxes = within(section).getAllByRole('checkbox')
    expect(boxes).toHaveLength(5)
    const shipped = within(section).getByRole('checkbox', { name: 'Shipped' })
    expect(shipped).toBeChecked()
    await userEvent.setup().click(shipped)
    expect(await screen.findByText('Shipped messages by SMS are off.')).toBeInTheDocument()
    expect(sentBodies(fetchMock, '/account/sms-preferences')).toEqual([
      { ...ALL_ON, shipped: false },
    ])
    expect(within(section).getByRole('checkbox', { name: 'Shipped' })).not.toBeChecked()
  })

  it('turns the boxes off when the account has no mobile', async () => {
    mockApi({
      'GET /account/sms-preferences': () =>
        ok({ preferences: ALL_ON, mobile: null, mobileVerified: false }),
    })
    renderAt('/shop/account?tab=user', <SmsPreferencesSection />)
    expect(
      await screen.findByText('Your account has no mobile number, so no SMS is sent.'),
    ).toBeInTheDocument()
    for (const box of screen.getAllByRole('checkbox')) expect(box).toBeDisabled()
  })

  it('verifies an older account’s mobile with the code from the SMS', async () => {
    let verified = false
    const fetchMock = mockApi({
      'GET /account/sms-preferences': () =>
        ok({ preferences: ALL_ON, mobile: '9876543210', mobileVerified: verified }),
      'POST /account/mobile/request-otp': () =>
        ok({ message: 'A code is on its way by SMS to 9876543210. It is valid for 10 minutes.' }),
      'POST /account/mobile/verify': (body) => {
        if ((body as { otp: string }).otp !== '123456')
          return fail(400, 'Invalid OTP. 4 tries left.')
        verified = true
        return ok({ preferences: ALL_ON, mobile: '9876543210', mobileVerified: true })
      },
    })
    const user = userEvent.setup()
    renderAt('/shop/account?tab=user', <SmsPreferencesSection />)
    expect(
      await screen.findByText(/not verified: it cannot be used to sign in/),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Send code by SMS' }))
    expect(await screen.findByRole('status')).toHaveTextContent(/on its way by SMS to 9876543210/)
    const code = screen.getByLabelText('Enter OTP')
    expect(code).toHaveFocus()
    await user.type(code, '111111')
    await user.click(screen.getByRole('button', { name: 'Verify mobile' }))
    expect(await screen.findByText('Invalid OTP. 4 tries left.')).toBeInTheDocument()
    await user.clear(code)
    await user.type(code, '123456')
    await user.click(screen.getByRole('button', { name: 'Verify mobile' }))
    expect(await screen.findByText(/verified: you can also sign in with it/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Verify mobile' })).not.toBeInTheDocument()
    expect(sentBodies(fetchMock, '/account/mobile/verify')).toEqual([
      { otp: '111111' },
      { otp: '123456' },
    ])
  })
})
