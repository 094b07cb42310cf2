import { issueCreditNote } from '../../invoices'
import type { Effect } from '../context'
import { refundParts, restock } from './goods-and-money'

/**
 * `returnToOrigin` (the courier brought the parcel back to the seller undelivered: its RTO scan,
 * or a parcel an admin stopped):
 * - money taken online is owed back (refund ledger; COD took none);
 * - the units go back on sale;
 * - the invoice issued at dispatch is reversed by a credit note (the supply did not happen);
 * - nothing in the sellers' ledger: a seller is credited only on delivery, and a parcel comes
 *   back to origin only before it (the lifecycle moves RTO from in process or in shipping).
 */
export const returnToOrigin: Effect = async (tx, ctx, request, { parts }) => {
  await refundParts(tx, ctx, request.orderId, parts, 'undelivered')
  await restock(tx, parts)
  for (const part of parts) {
    await issueCreditNote(
      tx,
      part,
      ctx.now(),
      'Parcel returned to the seller undelivered',
      ctx.creditNoteLastDay,
      ctx.marketplaceEInvoicing,
    )
  }
}
