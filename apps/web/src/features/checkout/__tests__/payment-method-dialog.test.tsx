import { render, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { PaymentMethodDialog } from '../components/payment-method-dialog'

describe('PaymentMethodDialog', () => {
  it('names each method as shoppers pay, with the gateway in small print (issue 31.7)', () => {
    render(
      <PaymentMethodDialog
        open
        onOpenChange={vi.fn()}
        total={1999}
        method={null}
        unavailable={{ COD: 'Cash on delivery is not available here' }}
        onMethodChange={vi.fn()}
        onPay={vi.fn()}
        paying={false}
      />,
    )
    const dialog = screen.getByRole('dialog', { name: 'Select Payment Method' })
    const names = within(dialog)
      .getAllByRole('radio')
      .map((radio) => radio.textContent)
    expect(names).toEqual([
      'UPI, cards or net bankingThrough PAYU',
      'Online paymentThrough GATEPAY checkout',
      'UPI, cards or walletsThrough CASHFREE',
      'Cash on deliveryCOD: pay the courier on deliveryCash on delivery is not available here',
    ])
    expect(within(dialog).getByRole('radio', { name: /Cash on delivery/ })).toBeDisabled()
    expect(within(dialog).getByRole('button', { name: 'Pay ₹1,999' })).toBeDisabled()
  })
})
