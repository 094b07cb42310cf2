import {
  formatShopDate,
  paiseToRupees,
  PAYOUT_STATUS_LABELS,
  rupeesToPaise,
  type SellerStatementResponse,
} from '@techbazaar/shared'
import {
  a4Document,
  block,
  CONTENT_WIDTH,
  HEAD_BG,
  headerBand,
  INK,
  MARGIN,
  MUTED,
  PAGE,
  PRIMARY,
  rule,
  RULE,
} from '../../../lib/pdf-layout'
import { monthName } from './period'

/*
 * A seller's monthly statement printed (issue 28): the statement the JSON route answers, laid
 * out on A4 in the GST invoice's look (lib/pdf-layout.ts). Pure: the statement in, the PDF's bytes out, so it
 * runs in a worker thread (settlement-pdf-worker.ts).
 */

type Statement = SellerStatementResponse['data']
type Entry = Statement['parts'][number]['entries'][number]

/** The seller's details its heading prints beside the name; the JSON statement carries only the name. */
export interface StatementSeller {
  address: string[]
  gstin: string | null
  pan: string | null
}

/** Where a page's content starts, under the band. */
const TOP = 96
/** The footer's line; content stops above its rule. */
const FOOTER_Y = PAGE.height - 30
const BOTTOM = FOOTER_Y - 14
const PAD = 4
const HEADER_HEIGHT = 20
/** The totals box sits on the right, where the invoice's does. */
const BOX_X = 335
const BOX_WIDTH = MARGIN + CONTENT_WIDTH - BOX_X

export const STATEMENT_FOOTER_NOTE = 'Amounts in rupees; months in India time'

const amount = new Intl.NumberFormat('en-IN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
})
/**
 * The statement's rupees (to the paisa, the API's edge) printed from integer paise, as the
 * invoice does: the sign and zero are decided on integers, so no -0.00 from a float.
 */
function rupees(value: number): string {
  const paise = rupeesToPaise(value)
  return `${paise < 0 ? '−' : ''}₹${amount.format(paiseToRupees(Math.abs(paise)))}`
}

const day = (iso: string) => formatShopDate(iso, 'medium')

/** What an entry was worked out from ('6% of ₹3,998.00', '2 units'), as the web page says it. */
function basisOf(entry: Entry): string | null {
  if (entry.rate !== null && entry.base !== null) {
    return `${entry.rate}% of ${rupees(Math.abs(entry.base))}`
  }
  if (entry.quantity !== null) return `${entry.quantity} ${entry.quantity === 1 ? 'unit' : 'units'}`
  return null
}

interface Column {
  label: string
  width: number
  align: 'left' | 'right'
}

interface Row {
  cells: string[]
  /** The cells when the row opens a page: a part's order number is said again there. */
  atPageTop?: string[]
  strong?: boolean
  /** Goes over to a new page with the row after it (a part's last entry with its total). */
  keepWithNext?: boolean
}

/** Fixed widths; the column of width 0 takes what is left. */
function fit(columns: Column[]): Column[] {
  const used = columns.reduce((sum, c) => sum + c.width, 0)
  return columns.map((c) => (c.width === 0 ? { ...c, width: CONTENT_WIDTH - used } : c))
}

const ENTRY_COLUMNS = fit([
  { label: 'Date', width: 66, align: 'left' },
  { label: 'Order', width: 86, align: 'left' },
  { label: 'Entry', width: 0, align: 'left' },
  { label: 'Amount', width: 90, align: 'right' },
])

const PAYOUT_COLUMNS = fit([
  { label: 'Date', width: 66, align: 'left' },
  { label: 'Entry', width: 104, align: 'left' },
  { label: 'Status', width: 80, align: 'left' },
  { label: 'UTR', width: 0, align: 'left' },
  { label: 'Amount', width: 90, align: 'right' },
])

/** The document and where the next thing goes on its current page. */
class Pages {
  y = TOP

  constructor(
    readonly doc: PDFKit.PDFDocument,
    private readonly band: () => void,
  ) {}

  add() {
    this.doc.addPage()
    this.band()
    this.y = TOP
  }

  /** Starts a new page unless `height` fits under the current one's content; true if it did. */
  room(height: number): boolean {
    if (this.y + height <= BOTTOM) return false
    this.add()
    return true
  }
}

function drawBand(doc: PDFKit.PDFDocument, shopName: string, month: string) {
  headerBand(doc, shopName, 'SELLER STATEMENT', month)
}

function drawFooter(doc: PDFKit.PDFDocument, page: number, pages: number) {
  doc
    .moveTo(MARGIN, FOOTER_Y - 6)
    .lineTo(MARGIN + CONTENT_WIDTH, FOOTER_Y - 6)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke()
  doc.font('regular').fontSize(7.5).fillColor(MUTED)
  doc.text(STATEMENT_FOOTER_NOTE, MARGIN, FOOTER_Y, { lineBreak: false })
  doc.text(`Page ${page} of ${pages}`, MARGIN, FOOTER_Y, {
    width: CONTENT_WIDTH,
    align: 'right',
    lineBreak: false,
  })
}

/** Label and value pairs, the value to the right; answers the y under them. */
function keyValues(
  doc: PDFKit.PDFDocument,
  x: number,
  y: number,
  width: number,
  rows: [string, string, boolean?][],
  keyWidth = 110,
): number {
  let at = y
  for (const [key, value, strong] of rows) {
    doc
      .font(strong ? 'bold' : 'regular')
      .fontSize(8.5)
      .fillColor(strong ? INK : MUTED)
      .text(key, x, at, { width: keyWidth })
    const keyBottom = doc.y
    doc
      .font('bold')
      .fillColor(INK)
      .text(value, x + keyWidth, at, { width: width - keyWidth, align: 'right' })
    at = Math.max(doc.y, keyBottom, at + 12) + 2
  }
  return at
}

/** The seller beside the month's facts and balances; answers the y under them. */
function drawHeading(doc: PDFKit.PDFDocument, statement: Statement, seller: StatementSeller) {
  // The seller's lines stop short of the figures beside them (which start at BOX_X - 40).
  const left = block(doc, MARGIN, TOP, BOX_X - 40 - MARGIN - 16, 'Seller', [
    [statement.sellerName, true],
    ...seller.address.map((line): [string, boolean] => [line, false]),
    ...(seller.gstin ? [[`GSTIN: ${seller.gstin}`, false] as [string, boolean]] : []),
    ...(seller.pan ? [[`PAN: ${seller.pan}`, false] as [string, boolean]] : []),
  ])
  // `to` is the next month's first instant: the month's last day is the instant before it.
  const lastDay = new Date(Date.parse(statement.to) - 1).toISOString()
  const right = keyValues(doc, BOX_X - 40, TOP, BOX_WIDTH + 40, [
    ['Statement month', monthName(statement.month)],
    ['Period', `${day(statement.from)} to ${day(lastDay)}`],
    ['Opening balance', rupees(statement.openingBalance)],
    ['Entries this month', rupees(statement.totals.net)],
    ['Closing balance', rupees(statement.closingBalance), true],
  ])
  const y = Math.max(left, right) + 8
  rule(doc, y, 0.5)
  return y + 14
}

/** A section's title and a line on how to read it, kept on one page with `keepWith` under it. */
function heading(pages: Pages, title: string, note: string | null, keepWith: number) {
  const { doc } = pages
  pages.room(34 + keepWith)
  doc.font('bold').fontSize(10.5).fillColor(INK).text(title, MARGIN, pages.y)
  pages.y = doc.y + 2
  if (note) {
    doc.font('regular').fontSize(7.5).fillColor(MUTED).text(note, MARGIN, pages.y, {
      width: CONTENT_WIDTH,
    })
    pages.y = doc.y
  }
  pages.y += 6
}

/** A line saying a section has nothing this month. */
function nothing(pages: Pages, text: string) {
  const { doc } = pages
  doc.font('regular').fontSize(8.5)
  const height = doc.heightOfString(text, { width: CONTENT_WIDTH - 16 }) + 16
  pages.room(height)
  doc.rect(MARGIN, pages.y, CONTENT_WIDTH, height).fill(HEAD_BG)
  doc.fillColor(INK).text(text, MARGIN + 8, pages.y + 8, { width: CONTENT_WIDTH - 16 })
  pages.y += height + 14
}

function drawTableHeader(pages: Pages, columns: Column[]) {
  const { doc } = pages
  doc.rect(MARGIN, pages.y, CONTENT_WIDTH, HEADER_HEIGHT).fill(HEAD_BG)
  doc.font('bold').fontSize(7.5).fillColor(INK)
  let x = MARGIN
  for (const c of columns) {
    doc.text(c.label, x + PAD, pages.y + 6, { width: c.width - 2 * PAD, align: c.align })
    x += c.width
  }
  pages.y += HEADER_HEIGHT
}

function rowHeight(doc: PDFKit.PDFDocument, columns: Column[], cells: string[], strong?: boolean) {
  doc.font(strong ? 'bold' : 'regular').fontSize(8)
  const heights = columns.map((c, i) =>
    doc.heightOfString(cells[i] ?? '', { width: c.width - 2 * PAD }),
  )
  return Math.max(10, ...heights) + 8
}

/** Rows under their header, flowing over as many pages as they need, the header on each. */
function drawTable(pages: Pages, columns: Column[], rows: Row[]) {
  const { doc } = pages
  const [first] = rows
  // Never a header alone at a page's foot: it goes over with its first row.
  pages.room(HEADER_HEIGHT + (first ? rowHeight(doc, columns, first.cells) : 0))
  drawTableHeader(pages, columns)
  rows.forEach((row, index) => {
    let cells = row.cells
    const next = row.keepWithNext ? rows[index + 1] : undefined
    const needed =
      rowHeight(doc, columns, cells, row.strong) +
      (next ? rowHeight(doc, columns, next.cells, next.strong) : 0)
    if (pages.room(needed)) {
      drawTableHeader(pages, columns)
      cells = row.atPageTop ?? row.cells
    }
    const height = rowHeight(doc, columns, cells, row.strong)
    doc
      .font(row.strong ? 'bold' : 'regular')
      .fontSize(8)
      .fillColor(INK)
    let x = MARGIN
    columns.forEach((c, i) => {
      doc.text(cells[i] ?? '', x + PAD, pages.y + 4, { width: c.width - 2 * PAD, align: c.align })
      x += c.width
    })
    pages.y += height
    rule(doc, pages.y, 0.5)
  })
  pages.y += 14
}

/** Each part's entries, then its total; the order number on its first row and atop a page. */
function entryRows(statement: Statement): Row[] {
  return statement.parts.flatMap((part) => {
    const rows = part.entries.map((entry, index): Row => {
      const basis = basisOf(entry)
      const cells = (order: string) => [
        day(entry.at),
        order,
        basis ? `${entry.label} · ${basis}` : entry.label,
        rupees(entry.amount),
      ]
      return {
        cells: cells(index === 0 ? part.orderNumber : ''),
        atPageTop: cells(part.orderNumber),
        // A part's total never opens a page alone, away from its entries.
        keepWithNext: index === part.entries.length - 1,
      }
    })
    rows.push({
      cells: ['', '', `Total for ${part.orderNumber}`, rupees(part.total)],
      strong: true,
    })
    return rows
  })
}

function payoutRows(statement: Statement): Row[] {
  return statement.payouts.map((payout) => ({
    cells: [
      day(payout.at),
      payout.label,
      PAYOUT_STATUS_LABELS[payout.status],
      payout.utr ?? '—',
      rupees(payout.amount),
    ],
  }))
}

/** The month's sum per kind and the balances, ending on the closing balance in the band colour. */
function drawTotals(pages: Pages, statement: Statement) {
  const { doc } = pages
  const rows: [string, string, boolean?][] = [
    ['Opening balance', rupees(statement.openingBalance)],
    ...statement.totals.byKind.map((k): [string, string] => [k.label, rupees(k.amount)]),
    ['Net for the month', rupees(statement.totals.net), true],
  ]
  heading(pages, 'Totals and balances', null, rows.length * 15 + 34)
  const top = pages.y
  doc
    .font('regular')
    .fontSize(7.5)
    .fillColor(MUTED)
    .text(
      "The closing balance is the opening balance plus the month's entries; next month's statement opens with it. A payout takes from the balance; a payout that comes back adds to it again.",
      MARGIN,
      top,
      { width: BOX_X - 40 - MARGIN - 24 },
    )
  const y = keyValues(doc, BOX_X - 40, top, BOX_WIDTH + 40, rows, 130)
  doc.rect(BOX_X - 40, y + 2, BOX_WIDTH + 40, 24).fill(PRIMARY)
  doc
    .font('bold')
    .fontSize(10)
    .fillColor('#FFFFFF')
    .text('Closing balance', BOX_X - 32, y + 9, { lineBreak: false })
  doc.text(rupees(statement.closingBalance), BOX_X - 40, y + 9, {
    width: BOX_WIDTH + 40 - 8,
    align: 'right',
    lineBreak: false,
  })
  pages.y = y + 30
}

function drawStatement(pages: Pages, statement: Statement, seller: StatementSeller) {
  const month = monthName(statement.month)
  pages.y = drawHeading(pages.doc, statement, seller)
  if (statement.parts.length === 0 && statement.payouts.length === 0) {
    heading(pages, 'Entries', null, 30)
    nothing(
      pages,
      `No entries in ${month}: entries are written when a part is delivered or returned and when a payout is made, so the closing balance is the opening balance.`,
    )
  } else {
    heading(
      pages,
      'Entries by order',
      "Signed from the seller's side: an amount adds to the balance, one with a minus (−) takes from it.",
      40,
    )
    if (statement.parts.length > 0) drawTable(pages, ENTRY_COLUMNS, entryRows(statement))
    else nothing(pages, `No order entries in ${month}.`)
    heading(
      pages,
      'Payouts',
      'Sent to the bank account on file (one that comes back adds to the balance again); the UTR is the bank’s reference.',
      40,
    )
    if (statement.payouts.length > 0) drawTable(pages, PAYOUT_COLUMNS, payoutRows(statement))
    else nothing(pages, `No payouts in ${month}.`)
  }
  drawTotals(pages, statement)
}

/** The statement as an A4 PDF: heading, entries by order, payouts, totals; a footer on each page. */
export function renderStatementPdf(
  statement: Statement,
  seller: StatementSeller,
  shopName: string,
): Promise<Buffer> {
  const month = monthName(statement.month)
  const { doc, bytes } = a4Document(
    { Title: `Seller statement, ${month}: ${statement.sellerName}`, Author: shopName },
    true,
  )
  const pages = new Pages(doc, () => drawBand(doc, shopName, month))
  pages.add()
  drawStatement(pages, statement, seller)
  const range = doc.bufferedPageRange()
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i)
    drawFooter(doc, i + 1, range.count)
  }
  doc.end()
  return bytes
}
