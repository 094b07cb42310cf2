import {
  isMarketplaceAdmin,
  LATE_CREDITS_LIMIT,
  lateCreditsResponse,
  paiseToRupees,
} from '@techbazaar/shared'
import { desc, eq } from 'drizzle-orm'
import type { App } from '../../app-types'
import { invoices, lateCredits } from '../../db/schema'
import { assertSelf } from '../../plugins/auth'

/**
 * The credits recorded past the CGST s.34(2) time limit, with no credit note (decision 070):
 * every one for the admins, a seller's own invoices' for a seller (the mail each got, as a list).
 */
export async function lateCreditsRoutes(app: App) {
  const { db } = app.deps
  app.get(
    '/admin/late-credits',
    {
      config: { access: 'backOffice' },
      schema: {
        tags: ['invoices'],
        summary:
          'Credits owed past the section 34(2) time limit, so no GST credit note was issued: all for admins, its own for a seller (newest first)',
        response: { 200: lateCreditsResponse },
      },
    },
    async (request, reply) => {
      const user = assertSelf(request, undefined)
      reply.header('Cache-Control', 'no-store')
      const rows = await db
        .select({ late: lateCredits, invoice: invoices })
        .from(lateCredits)
        .innerJoin(invoices, eq(invoices.id, lateCredits.invoiceId))
        .where(isMarketplaceAdmin(user) ? undefined : eq(invoices.supplierKey, user.id))
        .orderBy(desc(lateCredits.recordedAt), desc(lateCredits.id))
        .limit(LATE_CREDITS_LIMIT)
      return {
        success: true as const,
        data: rows.map(({ late, invoice }) => ({
          id: late.id,
          invoiceNumber: invoice.number,
          invoiceDate: invoice.issuedAt.toISOString(),
          orderNumber: invoice.document.orderNumber,
          supplierName: invoice.document.supplier.name,
          reason: late.reason,
          amount: paiseToRupees(late.amountPaise),
          recordedAt: late.recordedAt.toISOString(),
          lastDay: late.lastDay.toISOString(),
          forReturn: late.returnId !== null,
        })),
      }
    },
  )
}
