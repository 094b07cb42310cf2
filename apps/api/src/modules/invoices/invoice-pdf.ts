import { createRequire } from 'node:module'
import { formatGstRate, formatShopDate, paiseToRupees } from '@techbazaar/shared'
import PDFDocument from 'pdfkit'
import { amountInWords } from './amount-in-words'
import type { InvoiceDocument, InvoiceDocumentLine } from '../../db/schema/invoice-document'

// DejaVu Sans has the ₹ glyph (U+20B9); pdfkit's built-in Helvetica does not.
const require = createRequire(import.meta.url)
const FONT_REGULAR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')

const PRIMARY = '#3538CD'
const INK = '#1F2937'
const MUTED = '#6B7280'
const RULE = '#E5E7EB'
const HEAD_BG = '#F3F4F6'
const MARGIN = 40
const PAGE = { width: 595.28, height: 841.89 }
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN
/** Keep this much room under the table for totals, words and the signature. */
const FOOTER_SPACE = 70

/** How the document is authenticated: signed by this signatory (PAdES), or issued unsigned. */
export type Authentication = { signedBy: string } | null

/**
 * Rule 46(q) asks for the supplier's signature or digital signature; its proviso waives it for
 * an invoice issued electronically under the Information Technology Act, 2000.
 */
const UNSIGNED_TEXT =
  'Issued electronically under the Information Technology Act, 2000: no signature is required (proviso to rule 46(q), CGST Rules, 2017).'

const amount = new Intl.NumberFormat('en-IN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
})
const money = (paise: number) => amount.format(paiseToRupees(paise))
const rupees = (paise: number) => `₹${money(paise)}`

interface Column {
  label: string
  width: number
  align: 'left' | 'right'
  value: (line: InvoiceDocumentLine, index: number) => string
}

/** "SGST" or "UTGST": the state or union-territory half of an intra-state supply's tax. */
const stateTaxName = (doc: InvoiceDocument) => (doc.taxKind === 'CGST+UTGST' ? 'UTGST' : 'SGST')

function columns(invoice: InvoiceDocument): Column[] {
  const taxColumns: Column[] =
    invoice.taxKind === 'IGST'
      ? [{ label: 'IGST', width: 100, align: 'right', value: (l) => money(l.igstPaise) }]
      : [
          { label: 'CGST', width: 50, align: 'right', value: (l) => money(l.cgstPaise) },
          {
            label: stateTaxName(invoice),
            width: 50,
            align: 'right',
            value: (l) => money(l.sgstPaise),
          },
        ]
  const fixed: Column[] = [
    { label: '#', width: 16, align: 'left', value: (_l, i) => String(i + 1) },
    { label: 'Description', width: 0, align: 'left', value: (l) => l.description },
    { label: 'HSN', width: 44, align: 'left', value: (l) => l.hsn },
    { label: 'Qty', width: 40, align: 'right', value: (l) => `${l.quantity} Nos` },
    {
      label: 'Unit price\n(incl. GST)',
      width: 60,
      align: 'right',
      value: (l) => money(l.unitPricePaise),
    },
    { label: 'Taxable\nvalue', width: 58, align: 'right', value: (l) => money(l.taxablePaise) },
    { label: 'GST\nrate', width: 30, align: 'right', value: (l) => formatGstRate(l.rateBp) },
    ...taxColumns,
    { label: 'Total', width: 66, align: 'right', value: (l) => money(l.totalPaise) },
  ]
  const used = fixed.reduce((sum, c) => sum + c.width, 0)
  return fixed.map((c) => (c.label === 'Description' ? { ...c, width: CONTENT_WIDTH - used } : c))
}

const PAD = 4

function drawTableHeader(doc: PDFKit.PDFDocument, cols: Column[], y: number): number {
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

function drawHeaderBand(doc: PDFKit.PDFDocument, shopName: string, invoice: InvoiceDocument) {
  doc.rect(0, 0, PAGE.width, 76).fill(PRIMARY)
  doc
    .font('bold')
    .fontSize(22)
    .fillColor('#FFFFFF')
    .text(shopName, MARGIN, 20, { lineBreak: false })
  doc.font('regular').fontSize(8.5).text('Electronics marketplace · techbazaar.in', MARGIN, 50)
  doc
    .font('bold')
    .fontSize(15)
    .text(invoice.kind === 'credit' ? 'CREDIT NOTE' : 'TAX INVOICE', MARGIN, 22, {
      width: CONTENT_WIDTH,
      align: 'right',
    })
  doc.font('regular').fontSize(8).text('Original for recipient', MARGIN, 44, {
    width: CONTENT_WIDTH,
    align: 'right',
  })
}

/** A small grey caption over a block of text; answers the y under the block. */
function block(
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

function keyValues(
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

/** The party blocks: supplier beside the document's numbers, then recipient beside ship-to. */
function drawParties(doc: PDFKit.PDFDocument, invoice: InvoiceDocument): number {
  const { supplier, recipient, shipTo } = invoice
  const left = block(doc, MARGIN, 96, 270, 'Sold by (supplier)', [
    [supplier.name, true],
    ...supplier.address.map((line): [string, boolean] => [line, false]),
    [`State: ${supplier.stateName} (${supplier.stateCode})`, false],
    [`GSTIN: ${supplier.gstin ?? ''}`, false],
  ])
  const issuedAt = formatShopDate(invoice.issuedAt, 'medium')
  const numbers: [string, string][] =
    invoice.kind === 'credit' && invoice.against
      ? [
          ['Credit note No.', invoice.number],
          ['Date', issuedAt],
          ['Against invoice', invoice.against.number],
          ['Invoice date', formatShopDate(invoice.against.issuedAt, 'medium')],
        ]
      : [
          ['Invoice No.', invoice.number],
          ['Invoice date', issuedAt],
        ]
  const right = keyValues(doc, 335, 96, CONTENT_WIDTH - 295, [
    ...numbers,
    ['Order No.', invoice.orderNumber],
    ['Place of supply', `${invoice.placeOfSupply.name} (${invoice.placeOfSupply.code})`],
    ['Supply type', invoice.taxKind === 'IGST' ? 'Inter-state' : 'Intra-state'],
    ['Reverse charge', 'No'],
  ])
  let y = Math.max(left, right) + 8
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + CONTENT_WIDTH, y)
    .lineWidth(0.7)
    .strokeColor(RULE)
    .stroke()
  y += 10
  const billed = block(doc, MARGIN, y, 240, 'Billed to (recipient)', [
    [recipient.name, true],
    ...(recipient.gstin
      ? [[`GSTIN: ${recipient.gstin}`, false] as [string, boolean]]
      : recipient.address.map((line): [string, boolean] => [line, false])),
    [`State: ${recipient.stateName} (${recipient.stateCode})`, false],
  ])
  const shipped = block(doc, 300, y, CONTENT_WIDTH - 260, 'Shipped to (delivery address)', [
    [shipTo.name, true],
    ...shipTo.address.map((line): [string, boolean] => [line, false]),
    [`State: ${shipTo.stateName}`, false],
    [`Phone: ${shipTo.phone}`, false],
  ])
  if (invoice.reason) {
    const reasonY = Math.max(billed, shipped) + 4
    doc.font('regular').fontSize(8.5).fillColor(INK)
    doc.text(`Reason: ${invoice.reason}`, MARGIN, reasonY, { width: CONTENT_WIDTH })
    return doc.y
  }
  return Math.max(billed, shipped)
}

function drawTotals(doc: PDFKit.PDFDocument, invoice: InvoiceDocument, y: number): number {
  const t = invoice.totals
  const taxRows: [string, string][] =
    invoice.taxKind === 'IGST'
      ? [['IGST', rupees(t.igstPaise)]]
      : [
          ['CGST', rupees(t.cgstPaise)],
          [stateTaxName(invoice), rupees(t.sgstPaise)],
        ]
  const boxX = 335
  const boxW = MARGIN + CONTENT_WIDTH - boxX
  let ty = keyValues(doc, boxX, y + 12, boxW, [
    ['Taxable value', rupees(t.taxablePaise)],
    ...taxRows,
    // What the rounded parts and the GST-inclusive price differ by (a paisa or two).
    ...(t.roundOffPaise === 0
      ? []
      : [['Round off', `${t.roundOffPaise > 0 ? '' : '−'}${rupees(Math.abs(t.roundOffPaise))}`]]),
  ] as [string, string][])
  doc.rect(boxX, ty + 2, boxW, 24).fill(PRIMARY)
  doc
    .font('bold')
    .fontSize(10)
    .fillColor('#FFFFFF')
    .text(invoice.kind === 'credit' ? 'Credit total' : 'Invoice total', boxX + 8, ty + 9)
  doc.text(rupees(t.totalPaise), boxX, ty + 9, { width: boxW - 8, align: 'right' })
  ty += 30
  return ty
}

function drawInvoice(
  doc: PDFKit.PDFDocument,
  invoice: InvoiceDocument,
  shopName: string,
  authentication: Authentication,
) {
  drawHeaderBand(doc, shopName, invoice)
  let y = drawParties(doc, invoice)

  const cols = columns(invoice)
  y = drawTableHeader(doc, cols, y + 10)
  invoice.lines.forEach((line, index) => {
    doc.font('regular').fontSize(8)
    const descWidth = (cols[1]?.width ?? 100) - 2 * PAD
    const height = Math.max(doc.heightOfString(line.description, { width: descWidth }), 10) + 10
    if (y + height > PAGE.height - MARGIN - FOOTER_SPACE) {
      doc.addPage()
      drawHeaderBand(doc, shopName, invoice)
      y = drawTableHeader(doc, cols, 96)
    }
    let x = MARGIN
    doc.font('regular').fontSize(8).fillColor(INK)
    for (const c of cols) {
      doc.text(c.value(line, index), x + PAD, y + 5, { width: c.width - 2 * PAD, align: c.align })
      x += c.width
    }
    y += height
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + CONTENT_WIDTH, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke()
  })

  // Totals, amount in words and signature need ~260pt; start a page if they would not fit.
  if (y + 260 > PAGE.height - MARGIN) {
    doc.addPage()
    drawHeaderBand(doc, shopName, invoice)
    y = 86
  }
  const ty = drawTotals(doc, invoice, y)
  const boxX = 335
  const boxW = MARGIN + CONTENT_WIDTH - boxX

  block(doc, MARGIN, y + 12, 270, 'Amount in words', [
    [amountInWords(invoice.totals.totalPaise), false],
  ])
  doc.font('regular').fontSize(7.5).fillColor(MUTED)
  doc.text(
    'Prices include GST. Each tax is its rate × the taxable value, rounded to the paisa; Round off makes the total the price paid.',
    MARGIN,
    doc.y + 8,
    { width: 270 },
  )
  if (invoice.soldVia) {
    doc.text(
      `Sold via ${invoice.operator.name}, e-commerce operator GSTIN ${invoice.operator.gstin}.`,
      MARGIN,
      doc.y + 4,
      { width: 270 },
    )
  }

  const signY = Math.max(ty, doc.y) + 22
  doc
    .font('bold')
    .fontSize(8.5)
    .fillColor(INK)
    .text(`For ${invoice.supplier.name}`, boxX, signY, { width: boxW, align: 'right' })
  doc
    .font('regular')
    .fontSize(8)
    .fillColor(MUTED)
    .text(
      authentication
        ? `Digitally signed by ${authentication.signedBy}, authorised signatory`
        : UNSIGNED_TEXT,
      boxX,
      signY + 16,
      { width: boxW, align: 'right' },
    )
}

/** One A4 page (or more) per document, in one PDF. */
export function renderInvoicesPdf(
  documents: readonly InvoiceDocument[],
  shopName: string,
  authentication: Authentication = null,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: 10, left: MARGIN, right: MARGIN },
    autoFirstPage: false,
    info: {
      Title: `${documents.some((d) => d.kind === 'credit') ? 'Tax invoice and credit note' : 'Tax invoice'} ${documents.map((i) => i.number).join(', ')}`,
      Author: shopName,
    },
  })
  doc.registerFont('regular', FONT_REGULAR)
  doc.registerFont('bold', FONT_BOLD)
  const chunks: Buffer[] = []
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  for (const document of documents) {
    doc.addPage()
    drawInvoice(doc, document, shopName, authentication)
  }
  doc.end()
  return done
}
