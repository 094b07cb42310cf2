import { conflict } from '../../../lib/errors'
import { invoiceCancelledAtIrp } from '../../e-documents'
import { issueCreditNote } from '../../invoices'
import type { Effect } from '../context'
import {
  endUnpaidPayment,
  refundParts,
  restock,
  STOP_THROUGH_COURIER,
  withCourier,
} from './goods-and-money'

/**
 * `reject` (an admin, while the goods are still at the seller; issue 26.5):
 * - refused (409) for a part with a courier booking: it is stopped through the courier instead;
 * - an unpaid payment is failed and its checkouts closed;
 * - what was paid for the parts is owed back (refund ledger) and their units go back on sale;
 * - an invoice issued by a booking the courier then cancelled is reversed by a credit note
 *   (unless its IRN was cancelled at the IRP, which cancels the invoice itself).
 */
export const reject: Effect = async (tx, ctx, request, { parts }) => {
  if (await withCourier(tx, parts)) throw conflict(STOP_THROUGH_COURIER)
  await endUnpaidPayment(tx, request.orderId)
  await refundParts(tx, ctx, request.orderId, parts, 'rejection')
  await restock(tx, parts)
  for (const part of parts) {
    // An invoice whose IRN was cancelled at the IRP is cancelled: nothing is left to credit.
    if (await invoiceCancelledAtIrp(tx, part)) continue
    await issueCreditNote(
      tx,
      part,
      ctx.now(),
      'Order rejected before the courier collected it',
      ctx.creditNoteLastDay,
      ctx.marketplaceEInvoicing,
    )
  }
}
