import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { Tx } from '../../../db/client'
import { subOrders } from '../../../db/schema'
import { issuedInvoiceOf, taxKindFor } from '../../invoices'
import { settleDeliveredPart } from '../../settlements'
import type { Effect, LifecycleContext } from '../context'
import type { MoveRequest } from '../move'
import { queueParcelMail } from '../parcel-mail'

/**
 * `deliver` (the courier's delivery scan, or an admin):
 * - the parts' delivery moment is kept: the return window counts from it;
 * - each part's seller is credited in the sellers' ledger: the sale, less commission, closing
 *   fee, GST on them, TCS and TDS, from the part's frozen invoice (issue 28; on hold until the
 *   return window closes, docs/decisions/059-seller-settlement-ledger.md);
 * - the shopper's "delivered" mail is queued, whoever moved it (issue 26.14).
 */
export const deliver: Effect = async (tx, ctx, request, { parts }) => {
  const at = deliveredMoment(ctx, request)
  await tx
    .update(subOrders)
    .set({ deliveredAt: at })
    .where(and(inArray(subOrders.id, parts), isNull(subOrders.deliveredAt)))
  for (const part of parts) await settle(tx, ctx, part)
  for (const part of parts) await queueParcelMail(tx, ctx.shopName, part, 'deliver')
}

/**
 * The ledger's entries of one delivered part, dated by the shop's clock when the delivery is
 * recorded. A part is invoiced at dispatch and only dispatched parts are delivered; one without
 * an invoice (dispatched before invoices were issued, decision 54) has no frozen taxable value
 * to settle from and is left to the admins.
 */
async function settle(tx: Tx, ctx: LifecycleContext, partId: string) {
  const invoice = await issuedInvoiceOf(tx, partId)
  if (!invoice) return
  const [part] = await tx
    .select({ orderId: subOrders.orderId, sellerId: subOrders.sellerId })
    .from(subOrders)
    .where(eq(subOrders.id, partId))
  if (!part) return
  await settleDeliveredPart(tx, ctx.settlement, {
    subOrderId: partId,
    orderId: part.orderId,
    sellerId: part.sellerId,
    invoice: invoice.document,
    invoiceIssuedAt: invoice.issuedAt,
    // The marketplace's service to the seller is supplied where the seller is registered.
    feeTaxKind: taxKindFor(ctx.marketplace.stateCode, invoice.document.supplier.stateCode),
    at: ctx.now(),
  })
}

/**
 * When the goods reached the shopper: the courier's delivery scan, since its webhook may arrive
 * hours later or be retried and the return window must not grow with the delay; a scan stamped
 * after our clock is taken as now. A seller or admin marking a part delivered by hand delivers it
 * now (issue 26.15).
 */
function deliveredMoment(ctx: LifecycleContext, request: MoveRequest): Date {
  const now = ctx.now()
  if (request.actor.kind !== 'courier' || !request.at) return now
  return request.at < now ? request.at : now
}
