import { describe, expect, it } from 'vitest'
import { paiseOfRupees, providerRefundKey, rupeesText } from './refund-support'

describe('refund money and ids', () => {
  it('writes paise as exact two-decimal rupee text, and reads it back to the paisa', () => {
    for (const paise of [0, 1, 10, 99, 100, 199_999, 100_001, 12_345_678_901]) {
      const text = rupeesText(paise)
      expect(text).toMatch(/^\d+\.\d{2}$/)
      expect(paiseOfRupees(text)).toBe(paise)
    }
    expect(rupeesText(199_950)).toBe('1999.50')
    // Values that float arithmetic gets wrong (0.29 * 100 = 28.999999999999996).
    expect(paiseOfRupees('0.29')).toBe(29)
    expect(paiseOfRupees(1999.5)).toBe(199_950)
    expect(paiseOfRupees('1,999.5')).toBe(199_950)
    expect(paiseOfRupees('abc')).toBeNaN()
    expect(() => rupeesText(10.5)).toThrow(RangeError)
    expect(() => rupeesText(-1)).toThrow(RangeError)
  })

  it('keeps an id that fits, and shortens a longer one the same way every time', () => {
    expect(providerRefundKey('R123', 23)).toBe('R123')
    const long = `R${'a'.repeat(32)}1`
    const key = providerRefundKey(long, 23)
    expect(key).toHaveLength(23)
    expect(providerRefundKey(long, 23)).toBe(key)
    expect(providerRefundKey(`R${'a'.repeat(32)}2`, 23)).not.toBe(key)
  })
})
