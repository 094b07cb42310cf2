import { formatShopDate } from '@techbazaar/shared'
import { encode } from 'uqr'
import { CONTENT_WIDTH, INK, MARGIN, MUTED, rule } from '../../lib/pdf-layout'
import type { InvoiceDocument } from '../../db/schema/invoice-document'

/** The colour of a cancelled IRN's mark. */
const CANCELLED = '#b42318'

/** The QR code's side on the page: about 3.2 cm, readable by a phone from a printed A4 page. */
const QR_SIDE = 92

/** Draws `text` as a QR code at (x, y), `side` points square (its quiet zone included). */
export function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, side: number) {
  const qr = encode(text, { ecc: 'L', border: 2 })
  const cell = side / qr.size
  doc.save()
  qr.data.forEach((row, r) =>
    row.forEach((dark, c) => {
      if (dark) doc.rect(x + c * cell, y + r * cell, cell, cell)
    }),
  )
  doc.fillColor('#000000').fill()
  doc.restore()
}

/**
 * The e-invoice and e-way bill block under the parties (issue 30.8-9): the IRN, acknowledgement
 * number and date and the IRP's signed QR code (rule 48(4)), and the consignment's e-way bill
 * number. Nothing is drawn for a document that has neither; answers the y under the block.
 */
export function drawEDocuments(
  doc: PDFKit.PDFDocument,
  invoice: InvoiceDocument,
  y: number,
): number {
  const { eInvoice, eWayBill, irnPending, irnRefused } = invoice
  if (!eInvoice && !eWayBill && !irnPending && !irnRefused) return y
  const top = y + 8
  rule(doc, top)
  const what = invoice.kind === 'credit' ? 'credit note' : 'invoice'
  const notice = irnRefused
    ? `Not registered: the Invoice Registration Portal refused this ${what} on ${formatShopDate(irnRefused.at, 'medium')} (${irnRefused.reason}). It counts for GST only once registered (rule 48(5)); the marketplace has been told.`
    : `IRN pending: this ${what} is being registered with the Invoice Registration Portal, and is printed with its IRN and QR code once registered.`
  if ((irnPending || irnRefused) && !eInvoice) {
    doc.font('bold').fontSize(7.5).fillColor(MUTED)
    doc.text('E-INVOICE', MARGIN, top + 8, { characterSpacing: 0.6 })
    doc.font('regular').fontSize(8.5).fillColor(INK)
    doc.text(notice, MARGIN, doc.y + 3, { width: CONTENT_WIDTH })
    return doc.y + 4
  }
  const rows: [string, string][] = [
    ...(eInvoice
      ? ([
          ['IRN', eInvoice.irn],
          ['Ack. No.', eInvoice.ackNo],
          ['Ack. date', formatShopDate(eInvoice.ackDate, 'medium')],
        ] as [string, string][])
      : []),
    ...(eWayBill ? ([['E-way bill No.', eWayBill.number]] as [string, string][]) : []),
  ]
  const textWidth = CONTENT_WIDTH - (eInvoice ? QR_SIDE + 16 : 0)
  let at = top + 8
  doc.font('bold').fontSize(7.5).fillColor(MUTED)
  doc.text(eInvoice ? 'E-INVOICE' : 'E-WAY BILL', MARGIN, at, { characterSpacing: 0.6 })
  at = doc.y + 3
  for (const [key, value] of rows) {
    doc.font('regular').fontSize(8.5).fillColor(MUTED).text(key, MARGIN, at, { width: 80 })
    // The IRN's 64 characters on one line (some hex digits are wide: shrink until they fit).
    const width = textWidth - 80
    let size = key === 'IRN' ? 7.5 : 8.5
    doc.font('bold')
    while (key === 'IRN' && size > 6 && doc.fontSize(size).widthOfString(value) > width) {
      size -= 0.25
    }
    doc
      .fontSize(size)
      .fillColor(INK)
      .text(value, MARGIN + 80, at, { width })
    at = Math.max(doc.y, at + 11) + 2
  }
  if (eInvoice?.cancelledAt) {
    // A cancelled IRN voids the document (rule 48): said where the IRN is, in bold red.
    doc.font('bold').fontSize(9).fillColor(CANCELLED)
    doc.text(`IRN cancelled on ${formatShopDate(eInvoice.cancelledAt, 'medium')}`, MARGIN, at, {
      width: textWidth,
    })
    doc
      .font('regular')
      .fontSize(8)
      .text(
        `This ${what} was cancelled at the Invoice Registration Portal and is not valid.`,
        MARGIN,
        doc.y + 1,
        { width: textWidth },
      )
    at = doc.y + 4
  }
  if (eInvoice) {
    doc.font('regular').fontSize(7).fillColor(MUTED)
    doc.text(
      `Scan the QR code to check this ${what} against its registration with the Invoice Registration Portal.`,
      MARGIN,
      at + 2,
      { width: textWidth },
    )
    at = doc.y
    drawQr(doc, eInvoice.signedQrCode, MARGIN + CONTENT_WIDTH - QR_SIDE, top + 6, QR_SIDE)
    at = Math.max(at, top + 6 + QR_SIDE)
  }
  return at + 4
}
