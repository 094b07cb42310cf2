import { describe, expect, it } from 'vitest'
import { formatPaise, formatRupees } from './money'

const intl = {
  whole: new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    maximumFractionDigits: 0,
  }),
  withPaise: new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }),
}
const byIntl = (rupees: number) =>
  Number.isInteger(rupees) ? intl.whole.format(rupees) : intl.withPaise.format(rupees)

describe('formatRupees', () => {
  it('groups digits the Indian way', () => {
    expect(formatRupees(0)).toBe('₹0')
    expect(formatRupees(999)).toBe('₹999')
    expect(formatRupees(1000)).toBe('₹1,000')
    expect(formatRupees(123456)).toBe('₹1,23,456')
    expect(formatRupees(123456789)).toBe('₹12,34,56,789')
    expect(formatRupees(1234.5)).toBe('₹1,234.50')
    expect(formatRupees(0.05)).toBe('₹0.05')
    expect(formatRupees(-1499)).toBe('-₹1,499')
  })

  it('prints paise as rupees through formatPaise, the one way money is written out', () => {
    expect(formatPaise(2_329_800)).toBe('₹23,298')
    expect(formatPaise(123_450)).toBe('₹1,234.50')
    expect(formatPaise(5)).toBe('₹0.05')
  })

  it('writes what Intl.NumberFormat en-IN writes, for whole rupees and for paise', () => {
    let seed = 7
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647
    for (let i = 0; i < 5000; i++) {
      const digits = 1 + Math.floor(random() * 12)
      const whole = Math.floor(random() * 10 ** digits)
      const paise = Math.floor(random() * 100)
      const values = [whole, -whole, whole + paise / 100, -(whole + paise / 100)]
      // Intl writes -0 as "-₹0"; we write "₹0" (no price is ever -0).
      for (const value of values.filter((v) => !Object.is(v, -0))) {
        expect(formatRupees(value), String(value)).toBe(byIntl(value))
      }
    }
  })
})
