import { BULK_CSV_MAX_ROWS, BULK_ERROR_COLUMN, type BulkRowError } from '@techbazaar/shared'
import { badRequest } from '../../lib/errors'
import { parseCsv, toCsv } from '../../lib/csv'

/** A column of a bulk file: its name, and whether a file must have it. */
export interface BulkColumn {
  readonly name: string
  readonly required: boolean
}

/** One data row of a bulk file: its number as a spreadsheet shows it, its cells by column. */
export interface BulkRow {
  row: number
  /** The cells as sent, in the file's order (for the error report). */
  cells: string[]
  /** The cells by known column name, trimmed; a column the file lacks reads ''. */
  get(column: string): string
  /** Refused as a whole already (its problem is in the file's `errors`): not to be read. */
  refused: boolean
}

export interface BulkFile {
  header: string[]
  rows: BulkRow[]
  /** Rows refused before their fields are read (more cells than the header has). */
  errors: BulkRowError[]
}

/** The apostrophe `toCsv` puts before a cell a spreadsheet would run as a formula. */
const FORMULA_GUARD = /^'(?=[=+\-@\t\r])/

/**
 * Reads a bulk file: RFC 4180 (quotes, commas and line breaks in quotes, a BOM, CRLF or LF),
 * header first. Refuses with a 400 what cannot be a file of these `columns`: no header, a
 * required column missing, a column it does not know (a typo would silently lose a field), two
 * columns of one name, an unclosed quote, more rows than allowed. Column names are matched
 * without regard to case or surrounding spaces. The error report's own `error` column is
 * ignored, so a fixed report goes back as it is.
 */
export function readBulkFile(text: string, columns: readonly BulkColumn[]): BulkFile {
  const { records, unclosedQuoteAt } = parseCsv(text)
  if (unclosedQuoteAt !== undefined) {
    throw badRequest(`A quote opened on line ${unclosedQuoteAt} is never closed`)
  }
  const [head, ...body] = records
  if (!head) throw badRequest('The file is empty: it needs a header row and at least one product')
  if (body.length === 0) throw badRequest('The file has a header but no rows')
  if (body.length > BULK_CSV_MAX_ROWS) {
    throw badRequest(
      `The file has ${body.length} rows; at most ${BULK_CSV_MAX_ROWS} can be sent at once`,
    )
  }
  const header = head.cells.map((cell) => cell.trim())
  const known = new Map(columns.map((c) => [c.name.toLowerCase(), c.name]))
  const index = new Map<string, number>()
  const problems: { path: string; message: string }[] = []
  header.forEach((cell, i) => {
    const key = cell.toLowerCase()
    if (key === BULK_ERROR_COLUMN || (cell === '' && i === header.length - 1)) return
    const name = known.get(key)
    if (!name) problems.push({ path: cell, message: `Unknown column “${cell}”` })
    else if (index.has(name)) problems.push({ path: name, message: `Column “${name}” is twice` })
    else index.set(name, i)
  })
  for (const column of columns) {
    if (column.required && !index.has(column.name))
      problems.push({ path: column.name, message: `Column “${column.name}” is missing` })
  }
  const first = problems[0]
  if (first) {
    throw badRequest(
      problems.length > 1 ? `${first.message} (and ${problems.length - 1} more)` : first.message,
      problems,
    )
  }

  const rows: BulkRow[] = []
  const errors: BulkRowError[] = []
  // A line break inside quotes starts a new line but no new spreadsheet row: count them off.
  let extraLines = countBreaks(head.cells)
  for (const record of body) {
    const row = record.row - extraLines
    extraLines += countBreaks(record.cells)
    const cells = record.cells.map((cell) => cell.replace(FORMULA_GUARD, ''))
    if (cells.slice(header.length).some((cell) => cell.trim() !== '')) {
      errors.push({
        row,
        column: null,
        message: `The row has ${cells.length} cells; the header has ${header.length}`,
      })
      rows.push({ row, cells, get: () => '', refused: true })
      continue
    }
    rows.push({
      row,
      cells,
      refused: false,
      get: (column) => {
        const i = index.get(column)
        return i === undefined ? '' : (cells[i] ?? '').trim()
      },
    })
  }
  return { header, rows, errors }
}

function countBreaks(cells: readonly string[]): number {
  let n = 0
  for (const cell of cells) n += cell.split('\n').length - 1
  return n
}

/**
 * The refused rows as they were sent, each with its problems in an `error` column (an `error`
 * column already there, from an earlier report, is replaced); null when none was refused.
 */
export function errorReport(file: BulkFile, errors: readonly BulkRowError[]): string | null {
  if (errors.length === 0) return null
  const byRow = new Map<number, string[]>()
  for (const e of errors) {
    const said = e.column ? `${e.column}: ${e.message}` : e.message
    byRow.set(e.row, [...(byRow.get(e.row) ?? []), said])
  }
  const old = file.header.findIndex((cell) => cell.toLowerCase() === BULK_ERROR_COLUMN)
  const keep = (cells: readonly string[]) =>
    file.header.map((_, i) => cells[i] ?? '').filter((_, i) => i !== old)
  const rows = file.rows
    .filter((r) => byRow.has(r.row))
    .map((r) => [...keep(r.cells), byRow.get(r.row)!.join('; ')])
  return toCsv([...keep(file.header), BULK_ERROR_COLUMN], rows)
}
