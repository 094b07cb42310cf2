import { createRequire } from 'node:module'
import { paiseToRupees } from '@techbazaar/shared'
import PDFDocument from 'pdfkit'
import type { TaxKind } from '../db/schema/invoice-document'

/*
 * The look every PDF the shop issues shares (GST invoices, the marketplace's fee invoices,
 * sellers' statements): A4, DejaVu Sans, the primary band across the top, grey captions over
 * blocks of text, key–value columns and rupee amounts to the paisa.
 */

// DejaVu Sans has the ₹ glyph (U+20B9); pdfkit's built-in Helvetica does not.
const require = createRequire(import.meta.url)
const FONT_REGULAR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')

export const PRIMARY = '#3538CD'
export const INK = '#1F2937'
export const MUTED = '#6B7280'
export const RULE = '#E5E7EB'
export const HEAD_BG = '#F3F4F6'
export const MARGIN = 40
export const PAGE = { width: 595.28, height: 841.89 }
export const CONTENT_WIDTH = PAGE.width - 2 * MARGIN

/**
 * Rule 46(q) asks for the supplier's signature or digital signature; its proviso waives it for
 * an invoice issued electronically under the Information Technology Act, 2000.
 */
export const UNSIGNED_TEXT =
  'Issued electronically under the Information Technology Act, 2000: no signature is required (proviso to rule 46(q), CGST Rules, 2017).'

const amount = new Intl.NumberFormat('en-IN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
})
/** '1,23,456.70' */
export const money = (paise: number) => amount.format(paiseToRupees(paise))
/** '₹1,23,456.70' */
export const rupees = (paise: number) => `₹${money(paise)}`

/**
 * An A4 document with the fonts registered as 'regular' and 'bold', and its bytes when done.
 * `bufferPages` keeps the pages until the end, for a footer that counts them ("Page n of m").
 */
export function a4Document(info: { Title: string; Author: string }, bufferPages = false) {
  const doc = new PDFDocument({
    size: 'A4',
    // A small bottom margin keeps pdfkit from breaking a footer drawn low on the page.
    margins: { top: MARGIN, bottom: 10, left: MARGIN, right: MARGIN },
    autoFirstPage: false,
    bufferPages,
    info,
  })
  doc.registerFont('regular', FONT_REGULAR)
  doc.registerFont('bold', FONT_BOLD)
  const chunks: Buffer[] = []
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  return { doc, bytes }
}

/** The band across the top: the shop's name on the left, the document's title on the right. */
export function headerBand(
  doc: PDFKit.PDFDocument,
  shopName: string,
  title: string,
  subtitle: string,
) {
  doc.rect(0, 0, PAGE.width, 76).fill(PRIMARY)
  doc
    .font('bold')
    .fontSize(22)
    .fillColor('#FFFFFF')
    .text(shopName, MARGIN, 20, { lineBreak: false })
  doc.font('regular').fontSize(8.5).text('Electronics marketplace · techbazaar.in', MARGIN, 50)
  doc.font('bold').fontSize(15).text(title, MARGIN, 22, { width: CONTENT_WIDTH, align: 'right' })
  doc.font('regular').fontSize(8).text(subtitle, MARGIN, 44, {
    width: CONTENT_WIDTH,
    align: 'right',
  })
}

/** A small grey caption over a block of text (strong lines in bold); answers the y under it. */
export function block(
  doc: PDFKit.PDFDocument,
  x: number,
  y: number,
  width: number,
  title: string,
  lines: [string, boolean][],
) {
  doc
    .font('bold')
    .fontSize(7.5)
    .fillColor(MUTED)
    .text(title.toUpperCase(), x, y, { width, characterSpacing: 0.6 })
  let at = y + 13
  for (const [text, strong] of lines) {
    doc
      .font(strong ? 'bold' : 'regular')
      .fontSize(strong ? 10 : 8.5)
      .fillColor(INK)
    doc.text(text, x, at, { width })
    at = doc.y + 1.5
  }
  return at
}

/** Keys in grey on the left, values in bold on the right; answers the y under the last row. */
export function keyValues(
  doc: PDFKit.PDFDocument,
  x: number,
  y: number,
  width: number,
  rows: [string, string][],
) {
  let at = y
  for (const [key, value] of rows) {
    doc.font('regular').fontSize(8.5).fillColor(MUTED).text(key, x, at, { width: 90 })
    doc
      .font('bold')
      .fillColor(INK)
      .text(value, x + 90, at, { width: width - 90, align: 'right' })
    at = Math.max(doc.y, at + 12) + 2
  }
  return at
}

/** A thin rule across the content at `y`. */
export function rule(doc: PDFKit.PDFDocument, y: number, width = 0.7) {
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + CONTENT_WIDTH, y)
    .lineWidth(width)
    .strokeColor(RULE)
    .stroke()
}

/** A table column: its header, width (0: the rest of the row), alignment and cell text. */
export interface TableColumn<T> {
  label: string
  width: number
  align: 'left' | 'right'
  value: (row: T, index: number) => string
}

const PAD = 4

/** Gives the one column of width 0 what the others leave of the content width. */
export function fitColumns<T>(columns: TableColumn<T>[]): TableColumn<T>[] {
  const used = columns.reduce((sum, c) => sum + c.width, 0)
  return columns.map((c) => (c.width === 0 ? { ...c, width: CONTENT_WIDTH - used } : c))
}

/** The grey header row of a table; answers the y under it. */
export function tableHeader<T>(doc: PDFKit.PDFDocument, cols: TableColumn<T>[], y: number) {
  const height = 26
  doc.rect(MARGIN, y, CONTENT_WIDTH, height).fill(HEAD_BG)
  doc.font('bold').fontSize(7.5).fillColor(INK)
  let x = MARGIN
  for (const c of cols) {
    doc.text(c.label, x + PAD, y + 4, { width: c.width - 2 * PAD, align: c.align })
    x += c.width
  }
  return y + height
}

/** The height a row needs: its tallest cell (wrapped text) and padding. */
export function rowHeight<T>(
  doc: PDFKit.PDFDocument,
  cols: TableColumn<T>[],
  row: T,
  index: number,
) {
  doc.font('regular').fontSize(8)
  const tallest = Math.max(
    ...cols.map((c) => doc.heightOfString(c.value(row, index), { width: c.width - 2 * PAD })),
  )
  return Math.max(tallest, 10) + 10
}

/** One table row at `y`, ruled under; answers the y under it. */
export function tableRow<T>(
  doc: PDFKit.PDFDocument,
  cols: TableColumn<T>[],
  row: T,
  index: number,
  y: number,
) {
  const height = rowHeight(doc, cols, row, index)
  let x = MARGIN
  doc.font('regular').fontSize(8).fillColor(INK)
  for (const c of cols) {
    doc.text(c.value(row, index), x + PAD, y + 5, { width: c.width - 2 * PAD, align: c.align })
    x += c.width
  }
  rule(doc, y + height, 0.5)
  return y + height
}

/** Where a document's totals and signature sit: the right-hand column under its table. */
export const TOTALS_X = 335
const TOTALS_WIDTH = MARGIN + CONTENT_WIDTH - TOTALS_X

/** The totals on the right: key–value rows, then the total on the primary band; answers the y under it. */
export function totalsBox(
  doc: PDFKit.PDFDocument,
  y: number,
  rows: [string, string][],
  label: string,
  total: string,
): number {
  const ty = keyValues(doc, TOTALS_X, y + 12, TOTALS_WIDTH, rows)
  doc.rect(TOTALS_X, ty + 2, TOTALS_WIDTH, 24).fill(PRIMARY)
  doc
    .font('bold')
    .fontSize(10)
    .fillColor('#FFFFFF')
    .text(label, TOTALS_X + 8, ty + 9)
  doc.text(total, TOTALS_X, ty + 9, { width: TOTALS_WIDTH - 8, align: 'right' })
  return ty + 30
}

/** "For {supplier}" and how the document is authenticated, on the right at `y`. */
export function signatureBlock(
  doc: PDFKit.PDFDocument,
  y: number,
  supplierName: string,
  authentication: string,
) {
  doc
    .font('bold')
    .fontSize(8.5)
    .fillColor(INK)
    .text(`For ${supplierName}`, TOTALS_X, y, { width: TOTALS_WIDTH, align: 'right' })
  doc
    .font('regular')
    .fontSize(8)
    .fillColor(MUTED)
    .text(authentication, TOTALS_X, y + 16, { width: TOTALS_WIDTH, align: 'right' })
}

/** "SGST" or "UTGST": the state or union-territory half of an intra-state supply's tax. */
export const stateTaxName = (taxKind: TaxKind) => (taxKind === 'CGST+UTGST' ? 'UTGST' : 'SGST')

/** The tax rows of a document's totals: IGST, or CGST and SGST/UTGST. */
export function gstRows(
  taxKind: TaxKind,
  t: { cgstPaise: number; sgstPaise: number; igstPaise: number },
): [string, string][] {
  return taxKind === 'IGST'
    ? [['IGST', rupees(t.igstPaise)]]
    : [
        ['CGST', rupees(t.cgstPaise)],
        [stateTaxName(taxKind), rupees(t.sgstPaise)],
      ]
}
