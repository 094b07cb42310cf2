/**
 * CSV as bank portals and spreadsheets read and write it (RFC 4180: commas, double quotes around
 * a cell holding a comma, quote or line break, quotes doubled inside; CRLF between records).
 */

/** Characters a spreadsheet takes as the start of a formula (CSV injection, OWASP). */
const FORMULA_START = /^[=+\-@\t\r]/

/**
 * One cell: a value a spreadsheet would run as a formula gets a leading apostrophe (shown as
 * text, never evaluated), then the cell is quoted when it must be.
 */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

export function csvLine(cells: readonly string[]): string {
  return cells.map(csvCell).join(',')
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
