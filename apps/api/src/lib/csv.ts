/**
 * CSV downloads as spreadsheets and filing utilities read them (RFC 4180: commas, a cell holding
 * a comma, quote or line break in double quotes with quotes doubled, CRLF after every record).
 *
 * Text and numbers are told apart on purpose: a text cell that a spreadsheet would run as a
 * formula (it starts with = + - @, a tab or a CR: OWASP's CSV injection) gets a leading
 * apostrophe, but a number is written as a number, so a debit stays -12.50 and sums in a sheet.
 */

/** A value written as a number, never guarded: made by `csvNumber` or `csvRupees` only. */
export interface CsvNumber {
  readonly csvNumber: string
}

export type CsvValue = string | number | CsvNumber | null | undefined

/** Characters a spreadsheet takes as the start of a formula. */
const FORMULA_START = /^[=+\-@\t\r]/

export function csvNumber(value: number): CsvNumber {
  if (!Number.isFinite(value)) throw new Error(`not a number for a CSV cell: ${value}`)
  return { csvNumber: String(value) }
}

/** Paise as rupees with two decimals, from the integer (no floating point on the way). */
export function csvRupees(paise: number): CsvNumber {
  if (!Number.isSafeInteger(paise)) throw new Error(`paise must be an integer: ${paise}`)
  const abs = Math.abs(paise)
  const rupees = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
  return { csvNumber: paise < 0 ? `-${rupees}` : rupees }
}

function isNumber(value: CsvValue): value is CsvNumber | number {
  return typeof value === 'number' || (typeof value === 'object' && value !== null)
}

/** One cell: numbers as they are, text guarded against formulas and quoted when it must be. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return ''
  if (isNumber(value))
    return typeof value === 'number' ? csvNumber(value).csvNumber : value.csvNumber
  const safe = FORMULA_START.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

/** A whole file: the header, then each row, every record ended by CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((cells) => `${cells.map(csvCell).join(',')}\r\n`).join('')
}
