import { describe, expect, it } from 'vitest'
import { amountInWords, integerInWords } from './amount-in-words'
import { hsnFor, splitInclusive } from './gst'
import { financialYear, invoiceNumber } from './invoices.service'

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

describe('splitInclusive', () => {
  it('backs the taxable value out of a GST-inclusive total, exact to the paisa', () => {
    for (let total = 1; total < 20000; total += 37) {
      const intra = splitInclusive(total, true)
      expect(intra.taxablePaise + intra.cgstPaise + intra.sgstPaise).toBe(total)
      expect(Math.abs(intra.cgstPaise - intra.sgstPaise)).toBeLessThanOrEqual(1)
      expect(Math.abs(intra.taxablePaise - (total * 100) / 118)).toBeLessThanOrEqual(0.5)
      const inter = splitInclusive(total, false)
      expect(inter.taxablePaise + inter.igstPaise).toBe(total)
      expect(inter.cgstPaise + inter.sgstPaise).toBe(0)
    }
  })

  it('gives the odd paisa to CGST', () => {
    expect(splitInclusive(119700, true)).toEqual({
      taxablePaise: 101441,
      taxPaise: 18259,
      cgstPaise: 9130,
      sgstPaise: 9129,
      igstPaise: 0,
    })
  })
})

describe('hsnFor', () => {
  it.each([
    ['Samsung Galaxy S24 FE 5G (8GB/128GB) - Blue', '8517'],
    ['Apple iPhone 16 (128GB) - Ultramarine', '8517'],
    ['Apple Watch SE (2nd Gen, GPS, 40mm) - Midnight', '8517'],
    ['boAt Wave Call 2 Smartwatch - Active Black', '8517'],
    ['Apple AirPods Pro (2nd generation) with MagSafe Case (USB-C)', '8518'],
    ['Nothing Ear (a) - Yellow', '8518'],
    ['boAt Stone 1200 14W Bluetooth Speaker - Black', '8518'],
    ['Apple 20W USB-C Power Adapter', '8504'],
    ['Xiaomi Redmi 20000mAh Power Bank (18W Fast Charging) - Black', '8504'],
    ['Samsung 10000mAh 25W Battery Pack - Beige', '8504'],
    ['realme 45W SUPERVOOC Charger with Type-C Cable', '8504'],
    ['Samsung USB-C to USB-C Cable (1 m, 3A) - White', '8544'],
    ['Samsung Galaxy S24 FE Clear Case', '3926'],
    ['Xiaomi Pad 6 (8GB/256GB) - Graphite Gray', '8471'],
    ['Something else', '8543'],
  ])('%s → %s', (title, hsn) => {
    expect(hsnFor(title)).toBe(hsn)
  })
})

describe('invoice numbers', () => {
  it('follow the Indian financial year in IST', () => {
    expect(financialYear(new Date('2027-03-31T18:29:59Z'))).toBe(2026) // 23:59 IST, 31 March
    expect(financialYear(new Date('2027-03-31T18:30:00Z'))).toBe(2027) // 00:00 IST, 1 April
    expect(invoiceNumber(2026, 123)).toBe('TB/2627/000123')
    expect(invoiceNumber(2099, 1)).toBe('TB/9900/000001')
    expect(invoiceNumber(2026, 12_345_678).length).toBeLessThanOrEqual(16)
  })
})
