import { describe, expect, it } from 'vitest'
import { couponAmountPaise, spreadPaise } from './spread'

describe('spreadPaise', () => {
  it('sums exactly to the total, pro rata, the odd paise to the largest remainders', () => {
    // 1000 over 1:1:1 → 333.33 each: one line takes the extra paisa.
    expect(spreadPaise(1000, [3000, 3000, 3000])).toEqual([334, 333, 333])
    const shares = spreadPaise(50_000, [129_900, 4_99_900, 1_999])
    expect(shares.reduce((s, v) => s + v, 0)).toBe(50_000)
    expect(shares).toEqual([10_280, 39_562, 158])
  })

  it('never gives a line more than its value, nor more than all of them', () => {
    expect(spreadPaise(10_000, [100, 200])).toEqual([100, 200])
    expect(spreadPaise(0, [100])).toEqual([0])
  })

  it('holds for many random splits', () => {
    for (let n = 0; n < 200; n++) {
      const values = Array.from(
        { length: 1 + (n % 7) },
        (_, i) => 1 + ((n * 7919 + i * 104729) % 900_000),
      )
      const sum = values.reduce((s, v) => s + v, 0)
      const total = (n * 37) % sum
      const shares = spreadPaise(total, values)
      expect(shares.reduce((s, v) => s + v, 0)).toBe(total)
      shares.forEach((s, i) => expect(s).toBeLessThanOrEqual(values[i]!))
    }
  })
})

describe('couponAmountPaise', () => {
  it('takes a percentage, capped by the maximum discount', () => {
    expect(
      couponAmountPaise({ kind: 'percent', value: 1000, maxDiscountPaise: 50_000 }, 2_00_000),
    ).toBe(20_000)
    expect(
      couponAmountPaise({ kind: 'percent', value: 1000, maxDiscountPaise: 50_000 }, 90_00_000),
    ).toBe(50_000)
  })

  it('takes a fixed sum, never more than the eligible value', () => {
    expect(
      couponAmountPaise({ kind: 'fixed', value: 50_000, maxDiscountPaise: null }, 3_00_000),
    ).toBe(50_000)
    expect(
      couponAmountPaise({ kind: 'fixed', value: 50_000, maxDiscountPaise: null }, 30_000),
    ).toBe(30_000)
  })
})
