import { assertIrnIfNeeded } from '../../e-documents'
import { issueInvoice, issuedInvoiceOf } from '../../invoices'
import type { Effect } from '../context'
import { queueParcelMail } from '../parcel-mail'

/**
 * `ship` (the courier's first scan, or an admin marking a parcel sent outside the shop):
 * - the goods leave, so each part's GST invoice is issued now if its courier booking did not
 *   already issue it (a COD parcel sent by hand), unless it would need an IRN (issue 30.8);
 * - the shopper's "shipped" mail is queued, whoever moved it (issue 26.14).
 */
export const ship: Effect = async (tx, ctx, _request, { parts }) => {
  for (const part of parts) {
    const before = await issuedInvoiceOf(tx, part)
    const invoice = await issueInvoice(tx, ctx.marketplace, part, ctx.now())
    // Issued here (marked shipped by hand), no portal was asked: one that needs an IRN is refused.
    if (!before) await assertIrnIfNeeded(tx, invoice, ctx.marketplaceEInvoicing ?? false)
    await queueParcelMail(tx, ctx.shopName, part, 'ship')
  }
}
