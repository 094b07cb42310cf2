/**
 * CSV as spreadsheets, filing utilities and bank portals read and write it (RFC 4180: commas, a
 * cell holding a comma, quote or line break in double quotes with quotes doubled, CRLF after
 * every record): the downloads the shop writes and the bank status files it reads back.
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

export interface CsvRecord {
  /** The line the record starts on, 1 for the first line (the header), as a spreadsheet counts. */
  row: number
  cells: string[]
}

/**
 * The records of a CSV text, blank lines left out. The delimiter is the one the first line uses
 * (comma, semicolon, tab or pipe: bank exports differ). Never throws: an unclosed quote ends the
 * records with `unclosedQuoteAt` (the row it opened on).
 */
export function parseCsv(input: string): { records: CsvRecord[]; unclosedQuoteAt?: number } {
  const text = input.replace(/^\uFEFF/, '')
  const firstLine = text.split(/\r?\n/, 1)[0] ?? ''
  const delimiter = [',', ';', '\t', '|'].find((d) => firstLine.includes(d)) ?? ','
  const records: CsvRecord[] = []
  let cells: string[] = []
  let cell = ''
  let quoted = false
  let line = 1
  let start = 1
  const endRecord = () => {
    cells.push(cell)
    if (cells.some((c) => c.trim() !== '')) records.push({ row: start, cells })
    cells = []
    cell = ''
  }
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (ch === '"') {
        quoted = false
      } else {
        if (ch === '\n') line++
        cell += ch
      }
      continue
    }
    if (ch === '"' && cell.trim() === '') {
      quoted = true
      cell = ''
    } else if (ch === delimiter) {
      cells.push(cell)
      cell = ''
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++
      endRecord()
      line++
      start = line
    } else {
      cell += ch
    }
  }
  if (quoted) return { records, unclosedQuoteAt: start }
  if (cell !== '' || cells.length > 0) endRecord()
  return { records }
}
