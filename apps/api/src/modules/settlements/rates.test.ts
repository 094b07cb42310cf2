import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  applyRate,
  type CommissionRule,
  financialYearOf,
  pickCommissionRule,
  shareOf,
  splitTax,
  taxPeriodOf,
  taxTotal,
} from './rates'

const FROM = new Date('2024-09-30T18:30:00Z')
const rule = (over: Partial<CommissionRule>): CommissionRule => ({
  id: 'r',
  category: null,
  minUnitPaise: 0,
  maxUnitPaise: null,
  percentBp: 800,
  closingFeePaise: 2000,
  commissionReversedOnReturn: true,
  effectiveFrom: FROM,
  effectiveTo: null,
  ...over,
})

describe('pickCommissionRule', () => {
  const schedule = [
    rule({ id: 'any-low', maxUnitPaise: 30_000, percentBp: 0 }),
    rule({ id: 'any', minUnitPaise: 30_000 }),
    rule({ id: 'el-low', category: 'electronics', maxUnitPaise: 1_200_000, percentBp: 600 }),
    rule({ id: 'el-high', category: 'electronics', minUnitPaise: 1_200_000, percentBp: 1000 }),
    // A raise from 2027, ending the old electronics row then.
    rule({
      id: 'el-2027',
      category: 'electronics',
      maxUnitPaise: 1_200_000,
      percentBp: 700,
      effectiveFrom: new Date('2027-01-01T00:00:00Z'),
    }),
  ]
  const at = new Date('2026-11-22T10:00:00Z')

  it("takes the category's own band before the catch-all", () => {
    expect(
      pickCommissionRule(schedule, { category: 'electronics', unitPricePaise: 199_900 }, at)?.id,
    ).toBe('el-low')
    expect(
      pickCommissionRule(schedule, { category: 'electronics', unitPricePaise: 1_200_000 }, at)?.id,
    ).toBe('el-high')
  })

  it('falls back to the catch-all rows, band edges included below and excluded above', () => {
    expect(
      pickCommissionRule(schedule, { category: 'cables', unitPricePaise: 29_999 }, at)?.id,
    ).toBe('any-low')
    expect(pickCommissionRule(schedule, { category: null, unitPricePaise: 30_000 }, at)?.id).toBe(
      'any',
    )
  })

  it('answers the rule in force at the moment: the later one once it takes effect', () => {
    const later = new Date('2027-02-01T00:00:00Z')
    expect(
      pickCommissionRule(schedule, { category: 'electronics', unitPricePaise: 199_900 }, later)?.id,
    ).toBe('el-2027')
    const ended = schedule.map((r) => (r.id === 'any' ? { ...r, effectiveTo: at } : r))
    expect(pickCommissionRule(ended, { category: null, unitPricePaise: 50_000 }, at)).toBeNull()
    expect(
      pickCommissionRule(
        schedule,
        { category: null, unitPricePaise: 50_000 },
        new Date('2024-01-01'),
      ),
    ).toBeNull()
  })
})

describe('money arithmetic', () => {
  it('rounds a rate half up to the paisa, on each tax component', () => {
    expect(applyRate(399_800, 600)).toBe(23_988)
    expect(applyRate(1_000, 50)).toBe(5)
    expect(applyRate(100, 50)).toBe(1) // 0.5 paise rounds up
    expect(applyRate(99, 50)).toBe(0) // 0.495 rounds down
    expect(applyRate(-100, 50)).toBe(-1)
    // CGST and SGST each at 0.25% of ₹3,388.14: 847.035 → 847 each; IGST 1694.07 → 1694.
    expect(splitTax(338_814, 50, 'CGST+SGST')).toEqual({
      cgstPaise: 847,
      sgstPaise: 847,
      igstPaise: 0,
    })
    expect(splitTax(338_814, 50, 'IGST')).toEqual({ cgstPaise: 0, sgstPaise: 0, igstPaise: 1694 })
    expect(taxTotal(splitTax(23_988, 1800, 'CGST+UTGST'))).toBe(2 * 2159)
  })

  it('gives back shares that add up to the entry, the last units taking what is left', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5_000_000, max: 5_000_000 }),
        fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 6 }),
        (amount, steps) => {
          const units = steps.reduce((a, b) => a + b, 0)
          let already = { units: 0, paise: 0 }
          for (const step of steps) {
            const share = shareOf(amount, units, step, already)
            // Each share is the proportional one within a paisa, and has the entry's sign.
            expect(Math.abs(share - (amount * step) / units)).toBeLessThanOrEqual(
              already.units + step === units ? steps.length : 0.5,
            )
            already = { units: already.units + step, paise: already.paise + share }
          }
          expect(already.paise).toBe(amount)
        },
      ),
    )
  })

  it("dates TCS by India's month and TDS by India's financial year", () => {
    expect(taxPeriodOf(new Date('2026-11-30T18:29:59Z'))).toBe('2026-11')
    expect(taxPeriodOf(new Date('2026-11-30T18:30:00Z'))).toBe('2026-12')
    expect(financialYearOf(new Date('2027-03-31T18:29:59Z'))).toBe(2026)
    expect(financialYearOf(new Date('2027-03-31T18:30:00Z'))).toBe(2027)
  })
})
