import { describe, expect, it } from 'vitest'
import { amountInWords, integerInWords } from '../../lib/amount-in-words'
import { taxKindFor, taxLine } from './gst'
import { documentNumber, financialYear } from './issue'

describe('amountInWords', () => {
  it.each([
    [129900, 'Rupees One Thousand Two Hundred Ninety-Nine Only'],
    [100, 'Rupees One Only'],
    [0, 'Rupees Zero Only'],
    [1100000, 'Rupees Eleven Thousand Only'],
    [10000000, 'Rupees One Lakh Only'],
    [
      1234567890,
      'Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight and Ninety Paise Only',
    ],
    [
      99999999900,
      'Rupees Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine Only',
    ],
    [1005, 'Rupees Ten and Five Paise Only'],
  ])('%i paise → %s', (paise, words) => {
    expect(amountInWords(paise)).toBe(words)
  })

  it('reads crores above 99 in the Indian system', () => {
    expect(integerInWords(10_000_000_000)).toBe('One Thousand Crore')
  })

  it('rejects negative and fractional amounts', () => {
    expect(() => amountInWords(-1)).toThrow(RangeError)
    expect(() => amountInWords(1.5)).toThrow(RangeError)
  })
})

describe('taxLine', () => {
  it('taxes each component as rate × taxable value, rounded on its own, and rounds off the rest', () => {
    // ₹999 within a state: 9% of ₹846.61 is ₹76.19 each, and 1 paisa rounds off to the price.
    expect(taxLine(99900, 1800, 'CGST+SGST')).toEqual({
      taxablePaise: 84661,
      cgstPaise: 7619,
      sgstPaise: 7619,
      igstPaise: 0,
      roundOffPaise: 1,
    })
    expect(taxLine(99900, 1800, 'IGST')).toEqual({
      taxablePaise: 84661,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 15239,
      roundOffPaise: 0,
    })
  })

  it('never differs from rate × taxable by a paisa, and rounds off at most two paise', () => {
    for (let total = 1; total < 400_000; total += 97) {
      for (const kind of ['CGST+SGST', 'CGST+UTGST', 'IGST'] as const) {
        const line = taxLine(total, 1800, kind)
        expect(Math.abs(line.taxablePaise - (total * 100) / 118)).toBeLessThanOrEqual(0.5)
        if (kind === 'IGST') {
          expect(Math.abs(line.igstPaise - line.taxablePaise * 0.18)).toBeLessThanOrEqual(0.5)
        } else {
          expect(line.cgstPaise).toBe(line.sgstPaise)
          expect(Math.abs(line.cgstPaise - line.taxablePaise * 0.09)).toBeLessThanOrEqual(0.5)
        }
        const parts = line.taxablePaise + line.cgstPaise + line.sgstPaise + line.igstPaise
        expect(parts + line.roundOffPaise).toBe(total)
        expect(Math.abs(line.roundOffPaise)).toBeLessThanOrEqual(2)
      }
    }
  })
})

describe('taxKindFor', () => {
  it('charges IGST across states, SGST within a state and UTGST within the five UTs', () => {
    expect(taxKindFor('29', '27')).toBe('IGST')
    expect(taxKindFor('29', '29')).toBe('CGST+SGST')
    expect(taxKindFor('07', '07')).toBe('CGST+SGST') // Delhi has a legislature
    expect(taxKindFor('34', '34')).toBe('CGST+SGST') // so has Puducherry
    for (const ut of ['04', '26', '31', '35', '38']) expect(taxKindFor(ut, ut)).toBe('CGST+UTGST')
  })
})

describe('document numbers', () => {
  it('follow the Indian financial year in IST', () => {
    expect(financialYear(new Date('2027-03-31T18:29:59Z'))).toBe(2026) // 23:59 IST, 31 March
    expect(financialYear(new Date('2027-03-31T18:30:00Z'))).toBe(2027) // 00:00 IST, 1 April
    expect(documentNumber('invoice', 2026, 123)).toBe('TB/2627/000123')
    expect(documentNumber('credit', 2026, 7)).toBe('CN/2627/000007')
    expect(documentNumber('invoice', 2099, 1)).toBe('TB/9900/000001')
    expect(documentNumber('invoice', 2026, 12_345_678).length).toBeLessThanOrEqual(16)
  })
})
