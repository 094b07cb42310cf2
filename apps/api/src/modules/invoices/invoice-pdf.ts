import { formatGstRate, formatShopDate } from '@techbazaar/shared'
import {
  a4Document,
  block,
  CONTENT_WIDTH,
  fitColumns,
  headerBand,
  keyValues,
  MARGIN,
  money,
  PAGE,
  MUTED,
  INK,
  rowHeight,
  rule,
  rupees,
  gstRows,
  signatureBlock,
  stateTaxName,
  totalsBox,
  tableHeader,
  tableRow,
  UNSIGNED_TEXT,
  type TableColumn,
} from '../../lib/pdf-layout'
import { amountInWords } from '../../lib/amount-in-words'
import type { InvoiceDocument, InvoiceDocumentLine } from '../../db/schema/invoice-document'
import { drawEDocuments } from './invoice-pdf-edocs'

/** Keep this much room under the table for totals, words and the signature. */
const FOOTER_SPACE = 70

/** How the document is authenticated: signed by this signatory (PAdES), or issued unsigned. */
export type Authentication = { signedBy: string } | null

type Column = TableColumn<InvoiceDocumentLine>

/** Printed on a composition dealer's bill of supply (CGST s.10(4), Rule 49). */
export const COMPOSITION_DECLARATION =
  'composition taxable person, not eligible to collect tax on supplies'

/**
 * The coupon's share per line, before tax (CGST s.15(3)(a), decision 092): a column only on
 * documents with a discount, so the others print as they always did.
 */
function discountColumns(invoice: InvoiceDocument): Column[] {
  if (!invoice.lines.some((l) => (l.discountPaise ?? 0) > 0)) return []
  return [
    {
      label: 'Discount',
      width: 52,
      align: 'right',
      value: (l) => ((l.discountPaise ?? 0) > 0 ? `−${money(l.discountPaise ?? 0)}` : '—'),
    },
  ]
}

/** A bill of supply: description, HSN, quantity, price and total, no GST (issue 30.10). */
function billOfSupplyColumns(invoice: InvoiceDocument): Column[] {
  return fitColumns([
    { label: '#', width: 16, align: 'left', value: (_l, i) => String(i + 1) },
    { label: 'Description', width: 0, align: 'left', value: (l) => l.description },
    { label: 'HSN', width: 44, align: 'left', value: (l) => l.hsn },
    { label: 'Qty', width: 40, align: 'right', value: (l) => `${l.quantity} Nos` },
    { label: 'Unit price', width: 70, align: 'right', value: (l) => money(l.unitPricePaise) },
    ...discountColumns(invoice),
    { label: 'Total', width: 76, align: 'right', value: (l) => money(l.totalPaise) },
  ])
}

function columns(invoice: InvoiceDocument): Column[] {
  if (invoice.billOfSupply) return billOfSupplyColumns(invoice)
  const taxColumns: Column[] =
    invoice.taxKind === 'IGST'
      ? [{ label: 'IGST', width: 100, align: 'right', value: (l) => money(l.igstPaise) }]
      : [
          { label: 'CGST', width: 50, align: 'right', value: (l) => money(l.cgstPaise) },
          {
            label: stateTaxName(invoice.taxKind),
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
    ...discountColumns(invoice),
    { label: 'Taxable\nvalue', width: 58, align: 'right', value: (l) => money(l.taxablePaise) },
    { label: 'GST\nrate', width: 30, align: 'right', value: (l) => formatGstRate(l.rateBp) },
    ...taxColumns,
    { label: 'Total', width: 66, align: 'right', value: (l) => money(l.totalPaise) },
  ]
  return fitColumns(fixed)
}

function drawHeaderBand(doc: PDFKit.PDFDocument, shopName: string, invoice: InvoiceDocument) {
  headerBand(
    doc,
    shopName,
    invoice.kind === 'credit'
      ? 'CREDIT NOTE'
      : invoice.billOfSupply
        ? 'BILL OF SUPPLY'
        : 'TAX INVOICE',
    'Original for recipient',
  )
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
      : invoice.billOfSupply
        ? [
            // A composition dealer's document is a bill of supply (rule 49), not an invoice.
            ['Bill of supply No.', invoice.number],
            ['Date', issuedAt],
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
  rule(doc, y)
  y += 10
  const billed = block(doc, MARGIN, y, 240, 'Billed to (recipient)', [
    [recipient.name, true],
    // A business's GSTIN and its billing address (rule 46(1)(e)); a consumer's address.
    ...(recipient.gstin ? [[`GSTIN: ${recipient.gstin}`, false] as [string, boolean]] : []),
    ...recipient.address.map((line): [string, boolean] => [line, false]),
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
  return totalsBox(
    doc,
    y,
    invoice.billOfSupply
      ? []
      : [
          ['Taxable value', rupees(t.taxablePaise)],
          ...gstRows(invoice.taxKind, t),
          // What the rounded parts and the GST-inclusive price differ by (a paisa or two).
          ...(t.roundOffPaise === 0
            ? []
            : [
                [
                  'Round off',
                  `${t.roundOffPaise > 0 ? '' : '−'}${rupees(Math.abs(t.roundOffPaise))}`,
                ] as [string, string],
              ]),
        ],
    invoice.kind === 'credit' ? 'Credit total' : invoice.billOfSupply ? 'Total' : 'Invoice total',
    rupees(t.totalPaise),
  )
}

function drawInvoice(
  doc: PDFKit.PDFDocument,
  invoice: InvoiceDocument,
  shopName: string,
  authentication: Authentication,
) {
  drawHeaderBand(doc, shopName, invoice)
  let y = drawParties(doc, invoice)
  // IRN, acknowledgement, signed QR and e-way bill (issue 30.8-9), in their own module.
  y = drawEDocuments(doc, invoice, y)

  const cols = columns(invoice)
  y = tableHeader(doc, cols, y + 10)
  invoice.lines.forEach((line, index) => {
    if (y + rowHeight(doc, cols, line, index) > PAGE.height - MARGIN - FOOTER_SPACE) {
      doc.addPage()
      drawHeaderBand(doc, shopName, invoice)
      y = tableHeader(doc, cols, 96)
    }
    y = tableRow(doc, cols, line, index, y)
  })

  // Totals, amount in words and signature need ~260pt; start a page if they would not fit.
  if (y + 260 > PAGE.height - MARGIN) {
    doc.addPage()
    drawHeaderBand(doc, shopName, invoice)
    y = 86
  }
  const ty = drawTotals(doc, invoice, y)

  block(doc, MARGIN, y + 12, 270, 'Amount in words', [
    [amountInWords(invoice.totals.totalPaise), false],
  ])
  doc.font('regular').fontSize(7.5).fillColor(MUTED)
  doc.text(
    invoice.billOfSupply
      ? `Bill of supply issued by a ${COMPOSITION_DECLARATION}.`
      : 'Prices include GST. Each tax is its rate × the taxable value, rounded to the paisa; Round off makes the total the price paid.',
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

  signatureBlock(
    doc,
    Math.max(ty, doc.y) + 22,
    invoice.supplier.name,
    authentication
      ? `Digitally signed by ${authentication.signedBy}, authorised signatory`
      : UNSIGNED_TEXT,
  )
}

/** One A4 page (or more) per document, in one PDF. */
export function renderInvoicesPdf(
  documents: readonly InvoiceDocument[],
  shopName: string,
  authentication: Authentication = null,
): Promise<Buffer> {
  const { doc, bytes } = a4Document({
    Title: `${documents.some((d) => d.kind === 'credit') ? 'Tax invoice and credit note' : 'Tax invoice'} ${documents.map((i) => i.number).join(', ')}`,
    Author: shopName,
  })
  for (const document of documents) {
    doc.addPage()
    drawInvoice(doc, document, shopName, authentication)
  }
  doc.end()
  return bytes
}
