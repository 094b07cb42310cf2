import { formatGstRate, formatShopDate } from '@techbazaar/shared'
import type { FeeInvoiceDocument, FeeInvoiceLine } from '../../../db/schema/fee-invoice-document'
import {
  a4Document,
  block,
  CONTENT_WIDTH,
  fitColumns,
  headerBand,
  keyValues,
  MARGIN,
  money,
  MUTED,
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
} from '../../../lib/pdf-layout'
import { amountInWords } from '../../../lib/amount-in-words'
import { monthName } from '../reports/period'

/*
 * A marketplace fee invoice or credit note as a one-page A4 PDF (decision 063): the
 * marketplace as supplier, the seller as registered recipient, one line per service with its
 * SAC, and the tax by CGST+SGST or IGST as the place of supply makes it.
 */

function columns(invoice: FeeInvoiceDocument): TableColumn<FeeInvoiceLine>[] {
  const taxColumns: TableColumn<FeeInvoiceLine>[] =
    invoice.taxKind === 'IGST'
      ? [{ label: 'IGST', width: 80, align: 'right', value: (l) => money(l.igstPaise) }]
      : [
          { label: 'CGST', width: 60, align: 'right', value: (l) => money(l.cgstPaise) },
          {
            label: stateTaxName(invoice.taxKind),
            width: 60,
            align: 'right',
            value: (l) => money(l.sgstPaise),
          },
        ]
  return fitColumns<FeeInvoiceLine>([
    { label: '#', width: 16, align: 'left', value: (_l, i) => String(i + 1) },
    { label: 'Description of service', width: 0, align: 'left', value: (l) => l.description },
    { label: 'SAC', width: 44, align: 'left', value: (l) => l.sac },
    { label: 'Taxable\nvalue', width: 70, align: 'right', value: (l) => money(l.taxablePaise) },
    { label: 'GST\nrate', width: 32, align: 'right', value: (l) => formatGstRate(l.rateBp) },
    ...taxColumns,
    { label: 'Total', width: 70, align: 'right', value: (l) => money(l.totalPaise) },
  ])
}

function drawParties(doc: PDFKit.PDFDocument, invoice: FeeInvoiceDocument): number {
  const { supplier, recipient } = invoice
  const left = block(doc, MARGIN, 96, 270, 'Supplier of services', [
    [supplier.name, true],
    ...supplier.address.map((line): [string, boolean] => [line, false]),
    [`State: ${supplier.stateName} (${supplier.stateCode})`, false],
    [`GSTIN: ${supplier.gstin ?? ''}`, false],
  ])
  const issuedAt = formatShopDate(invoice.issuedAt, 'medium')
  const against = (invoice.against ?? []).map((a): [string, string] => [
    'Against invoice',
    `${a.number} (${monthName(a.month)})`,
  ])
  const right = keyValues(doc, 315, 96, CONTENT_WIDTH - 275, [
    [invoice.kind === 'credit' ? 'Credit note No.' : 'Invoice No.', invoice.number],
    ['Date', issuedAt],
    ['For the month', monthName(invoice.month)],
    ...against,
    ['Place of supply', `${invoice.placeOfSupply.name} (${invoice.placeOfSupply.code})`],
    ['Supply type', invoice.taxKind === 'IGST' ? 'Inter-state' : 'Intra-state'],
    ['Reverse charge', 'No'],
  ])
  let y = Math.max(left, right) + 8
  rule(doc, y)
  y += 10
  return block(doc, MARGIN, y, CONTENT_WIDTH, 'Recipient (registered)', [
    [recipient.name, true],
    ...recipient.address.map((line): [string, boolean] => [line, false]),
    [`State: ${recipient.stateName} (${recipient.stateCode})`, false],
    [`GSTIN: ${recipient.gstin ?? ''}`, false],
  ])
}

function drawTotals(doc: PDFKit.PDFDocument, invoice: FeeInvoiceDocument, y: number): number {
  const t = invoice.totals
  return totalsBox(
    doc,
    y,
    [['Taxable value', rupees(t.taxablePaise)], ...gstRows(invoice.taxKind, t)],
    invoice.kind === 'credit' ? 'Credit total' : 'Invoice total',
    rupees(t.totalPaise),
  )
}

/** The document as a PDF: the same bytes for the same stored document. */
export function renderFeeInvoicePdf(
  invoice: FeeInvoiceDocument,
  shopName: string,
): Promise<Buffer> {
  const title = invoice.kind === 'credit' ? 'CREDIT NOTE' : 'TAX INVOICE'
  const { doc, bytes } = a4Document({ Title: `${title} ${invoice.number}`, Author: shopName })
  doc.addPage()
  headerBand(doc, shopName, title, 'Original for recipient')
  let y = drawParties(doc, invoice)
  const cols = columns(invoice)
  y = tableHeader(doc, cols, y + 10)
  invoice.lines.forEach((line, index) => {
    y = tableRow(doc, cols, line, index, y)
  })
  const ty = drawTotals(doc, invoice, y)
  block(doc, MARGIN, y + 12, 270, 'Amount in words', [
    [amountInWords(invoice.totals.totalPaise), false],
  ])
  doc.font('regular').fontSize(7.5).fillColor(MUTED)
  doc.text(
    invoice.kind === 'credit'
      ? 'The commission and fees, and their GST, that returns this month gave back of the invoices above (CGST Act s.34). The amount is credited in your settlement ledger.'
      : 'The marketplace’s commission and closing fees on your orders delivered this month, less what returns this month gave back of them. Deducted from your settlements; see your statement for each order.',
    MARGIN,
    doc.y + 8,
    { width: 270 },
  )
  signatureBlock(doc, Math.max(ty, doc.y) + 22, invoice.supplier.name, UNSIGNED_TEXT)
  doc.end()
  return bytes
}
