import { createRequire } from 'node:module'
import { formatShopDate } from '@techbazaar/shared'
import PDFDocument from 'pdfkit'
import { amountInWords } from './amount-in-words'
import type { InvoiceData, InvoiceLine } from './invoices.service'

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

const amount = new Intl.NumberFormat('en-IN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
})
const money = (paise: number) => amount.format(paise / 100)
const rupees = (paise: number) => `₹${money(paise)}`

interface Column {
  label: string
  width: number
  align: 'left' | 'right'
  value: (line: InvoiceLine, index: number) => string
}

function columns(invoice: InvoiceData): Column[] {
  const half = invoice.ratePercent / 2
  const taxColumns: Column[] = invoice.intraState
    ? [
        { label: `CGST\n${half}%`, width: 56, align: 'right', value: (l) => money(l.cgstPaise) },
        { label: `SGST\n${half}%`, width: 56, align: 'right', value: (l) => money(l.sgstPaise) },
      ]
    : [
        {
          label: `IGST\n${invoice.ratePercent}%`,
          width: 112,
          align: 'right',
          value: (l) => money(l.igstPaise),
        },
      ]
  const fixed: Column[] = [
    { label: '#', width: 16, align: 'left', value: (_l, i) => String(i + 1) },
    { label: 'Description', width: 0, align: 'left', value: (l) => l.description },
    { label: 'HSN', width: 34, align: 'left', value: (l) => l.hsn },
    { label: 'Qty', width: 40, align: 'right', value: (l) => `${l.quantity} Nos` },
    {
      label: 'Unit price\n(incl. GST)',
      width: 60,
      align: 'right',
      value: (l) => money(l.unitPricePaise),
    },
    { label: 'Taxable\nvalue', width: 62, align: 'right', value: (l) => money(l.taxablePaise) },
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

function drawHeaderBand(doc: PDFKit.PDFDocument, shopName: string) {
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
    .text('TAX INVOICE', MARGIN, 22, { width: CONTENT_WIDTH, align: 'right' })
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

function drawInvoice(doc: PDFKit.PDFDocument, invoice: InvoiceData, shopName: string) {
  drawHeaderBand(doc, shopName)
  const { supplier, recipient } = invoice
  const left = block(doc, MARGIN, 96, 270, 'Sold by (supplier)', [
    [supplier.name, true],
    ...supplier.address.map((line): [string, boolean] => [line, false]),
    [`State: ${supplier.stateName} (${supplier.stateCode})`, false],
    [`GSTIN: ${supplier.gstin ?? 'Not registered'}`, false],
  ])
  const right = keyValues(doc, 335, 96, CONTENT_WIDTH - 295, [
    ['Invoice No.', invoice.number],
    ['Invoice date', formatShopDate(invoice.issuedAt, 'medium')],
    ['Order No.', invoice.orderNumber],
    ['Place of supply', `${invoice.placeOfSupply.name} (${invoice.placeOfSupply.code})`],
    ['Supply type', invoice.intraState ? 'Intra-state' : 'Inter-state'],
    ['Reverse charge', 'No'],
  ])
  let y = Math.max(left, right) + 8
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + CONTENT_WIDTH, y)
    .lineWidth(0.7)
    .strokeColor(RULE)
    .stroke()
  y = block(doc, MARGIN, y + 10, 300, 'Billed and shipped to (recipient)', [
    [recipient.name, true],
    ...recipient.address.map((line): [string, boolean] => [line, false]),
    [`State: ${recipient.stateName} (${recipient.stateCode})`, false],
    [`Phone: ${recipient.phone}`, false],
  ])

  const cols = columns(invoice)
  y = drawTableHeader(doc, cols, y + 10)
  invoice.lines.forEach((line, index) => {
    doc.font('regular').fontSize(8)
    const descWidth = (cols[1]?.width ?? 100) - 2 * PAD
    const height = Math.max(doc.heightOfString(line.description, { width: descWidth }), 10) + 10
    if (y + height > PAGE.height - MARGIN - FOOTER_SPACE) {
      doc.addPage()
      drawHeaderBand(doc, shopName)
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

  // Totals, amount in words and signature need ~230pt; start a page if they would not fit.
  if (y + 230 > PAGE.height - MARGIN) {
    doc.addPage()
    drawHeaderBand(doc, shopName)
    y = 86
  }
  const t = invoice.totals
  const taxRows: [string, string][] = invoice.intraState
    ? [
        [`CGST @ ${invoice.ratePercent / 2}%`, rupees(t.cgstPaise)],
        [`SGST @ ${invoice.ratePercent / 2}%`, rupees(t.sgstPaise)],
      ]
    : [[`IGST @ ${invoice.ratePercent}%`, rupees(t.igstPaise)]]
  const boxX = 335
  const boxW = MARGIN + CONTENT_WIDTH - boxX
  let ty = keyValues(doc, boxX, y + 12, boxW, [
    ['Taxable value', rupees(t.taxablePaise)],
    ...taxRows,
  ])
  doc.rect(boxX, ty + 2, boxW, 24).fill(PRIMARY)
  doc
    .font('bold')
    .fontSize(10)
    .fillColor('#FFFFFF')
    .text('Invoice total', boxX + 8, ty + 9)
  doc.text(rupees(t.totalPaise), boxX, ty + 9, { width: boxW - 8, align: 'right' })
  ty += 30

  block(doc, MARGIN, y + 12, 270, 'Amount in words', [[amountInWords(t.totalPaise), false]])
  doc.font('regular').fontSize(7.5).fillColor(MUTED)
  doc.text(
    'Prices are inclusive of GST. Taxable value = line total ÷ 1.18, rounded to the paisa.',
    MARGIN,
    doc.y + 8,
    { width: 270 },
  )

  const signY = Math.max(ty, doc.y) + 26
  doc
    .font('bold')
    .fontSize(8.5)
    .fillColor(INK)
    .text(`For ${supplier.name}`, boxX, signY, { width: boxW, align: 'right' })
  doc
    .moveTo(boxX + 60, signY + 48)
    .lineTo(boxX + boxW, signY + 48)
    .lineWidth(0.7)
    .strokeColor(MUTED)
    .stroke()
  doc
    .font('regular')
    .fontSize(8)
    .fillColor(MUTED)
    .text('Authorised Signatory', boxX, signY + 52, {
      width: boxW,
      align: 'right',
    })

  doc
    .font('regular')
    .fontSize(7.5)
    .fillColor(MUTED)
    .text(
      'This is a computer-generated invoice and does not need a physical signature.',
      MARGIN,
      PAGE.height - MARGIN - 10,
      { width: CONTENT_WIDTH, align: 'center', lineBreak: false },
    )
}

/** One A4 page (or more) per invoice, in one PDF. */
export function renderInvoicesPdf(
  invoicesToRender: readonly InvoiceData[],
  shopName: string,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: 10, left: MARGIN, right: MARGIN },
    autoFirstPage: false,
    info: {
      Title: `Tax invoice ${invoicesToRender.map((i) => i.number).join(', ')}`,
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
  for (const invoice of invoicesToRender) {
    doc.addPage()
    drawInvoice(doc, invoice, shopName)
  }
  doc.end()
  return done
}
