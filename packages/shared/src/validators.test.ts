import { describe, expect, it } from 'vitest'
import { formatRupees, rupeesToPaise, paiseToRupees, effectivePrice } from './money'
import { gstinCheckChar, gstinProblem, normalizeIndianMobile } from './validators'

describe('GSTIN', () => {
  it('computes the check character from the reference examples', () => {
    expect(gstinCheckChar('27AAPFU0939F1Z')).toBe('V')
    expect(gstinProblem('27AAPFU0939F1ZV')).toBeNull()
    expect(gstinProblem('29AAGCB7383J1Z4')).toBeNull()
  })
  it('refuses a wrong check digit, a bad state code and a bad shape', () => {
    expect(gstinProblem('07AAAAA0000A1Z8')).toMatch(/check digit/)
    expect(gstinProblem('45AAPFU0939F1ZV')).toMatch(/state code/)
    expect(gstinProblem('27AAPFU0939F1Z')).toMatch(/15 characters/)
  })
})

describe('Indian mobile', () => {
  it('accepts 10 digits starting 6-9, with or without +91', () => {
    expect(normalizeIndianMobile('9876543210')).toBe('9876543210')
    expect(normalizeIndianMobile('+91 98765 43210')).toBe('9876543210')
    expect(normalizeIndianMobile('09876543210')).toBe('9876543210')
  })
  it('refuses numbers that cannot be Indian mobiles', () => {
    expect(normalizeIndianMobile('5876543210')).toBeNull()
    expect(normalizeIndianMobile('98765')).toBeNull()
  })
})

describe('money', () => {
  it('converts rupees and paise without float drift', () => {
    expect(rupeesToPaise(1299.99)).toBe(129999)
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30)
    expect(paiseToRupees(129999)).toBe(1299.99)
  })
  it('formats with Indian grouping', () => {
    expect(formatRupees(123456)).toBe('₹1,23,456')
    expect(formatRupees(1234.5)).toBe('₹1,234.50')
  })
  it('uses the sale price only when above 0', () => {
    expect(effectivePrice(100, 80)).toBe(80)
    expect(effectivePrice(100, 0)).toBe(100)
    expect(effectivePrice(100, null)).toBe(100)
  })
})
