import { issueInvoice } from '../../invoices'
import type { Effect } from '../context'
import { queueParcelMail } from '../parcel-mail'

/**
 * `ship` (the courier's first scan, or an admin marking a parcel sent outside the shop):
 * - the goods leave, so each part's GST invoice is issued now if its courier booking did not
 *   already issue it (a COD parcel sent by hand);
 * - the shopper's "shipped" mail is queued, whoever moved it (issue 26.14).
 */
export const ship: Effect = async (tx, ctx, _request, { parts }) => {
  for (const part of parts) {
    await issueInvoice(tx, ctx.marketplace, part, ctx.now())
    await queueParcelMail(tx, ctx.shopName, part, 'ship')
  }
}
