import { describe, expect, it } from 'vitest'
import { csvCell, csvNumber, csvRupees, toCsv } from './csv'

describe('the CSV writer', () => {
  it('guards text a spreadsheet would run as a formula, and only text', () => {
    expect(csvCell('=SUM(A1:A9)')).toBe("'=SUM(A1:A9)")
    expect(csvCell('+91 98765')).toBe("'+91 98765")
    expect(csvCell('-12.50')).toBe("'-12.50")
    expect(csvCell('@cmd')).toBe("'@cmd")
    expect(csvCell('\tx')).toBe("'\tx")
    expect(csvCell('Asha Traders')).toBe('Asha Traders')
    // Numbers are numbers: a debit stays a negative number.
    expect(csvCell(-12.5)).toBe('-12.5')
    expect(csvCell(csvRupees(-1250))).toBe('-12.50')
    expect(csvCell(csvNumber(0.1))).toBe('0.1')
    expect(csvCell(null)).toBe('')
    expect(csvCell(undefined)).toBe('')
  })

  it('quotes cells with commas, quotes or line breaks, after the guard', () => {
    expect(csvCell('Asha, "Best"')).toBe('"Asha, ""Best"""')
    expect(csvCell('=a,b')).toBe(`"'=a,b"`)
    expect(csvCell('two\nlines')).toBe('"two\nlines"')
  })

  it('writes rupees from integer paise exactly', () => {
    expect(csvRupees(0).csvNumber).toBe('0.00')
    expect(csvRupees(5).csvNumber).toBe('0.05')
    expect(csvRupees(-5).csvNumber).toBe('-0.05')
    expect(csvRupees(123_456_789).csvNumber).toBe('1234567.89')
    expect(() => csvRupees(1.5)).toThrow()
    expect(() => csvNumber(Number.NaN)).toThrow()
  })

  it('ends every record, the header too, with CRLF', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x', csvRupees(-100)],
          [null, 2],
        ],
      ),
    ).toBe('a,b\r\nx,-1.00\r\n,2\r\n')
  })
})
