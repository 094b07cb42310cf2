import {
  commissionRulesQuery,
  commissionScheduleInput,
  commissionScheduleResponse,
  earningsResponse,
  sellerIdParams,
} from '@techbazaar/shared'
import type { App } from '../../app-types'
import { assertSelf } from '../../plugins/auth'
import { sellerEarnings } from './balances'
import { readCommissionSchedule, scheduleCommissionChange } from './commission-schedule'
import { feeInvoicesRoutes } from './fee-invoices/fee-invoices.routes'
import { settlementReportsRoutes } from './reports/reports.routes'

const tags = ['settlements']

/** What sellers are owed: a seller's own earnings, and an admin's view of any seller's. */
export async function settlementsRoutes(app: App) {
  const { db, config } = app.deps

  app.get(
    '/admin/settlements/earnings',
    {
      config: { access: 'seller' },
      schema: {
        tags,
        summary: "The caller's earnings: on hold, payable, and each delivered part's deductions",
        response: { 200: earningsResponse },
      },
    },
    async (request) => {
      // A seller reads its own ledger only: the id is the session's, never a parameter.
      const seller = assertSelf(request, undefined)
      return {
        success: true as const,
        data: await sellerEarnings(db, config.settlement, seller.id, app.deps.now()),
      }
    },
  )

  app.get(
    '/admin/settlements/sellers/:sellerId/earnings',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "A seller's earnings, for the marketplace's admins",
        params: sellerIdParams,
        response: { 200: earningsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await sellerEarnings(db, config.settlement, request.params.sellerId, app.deps.now()),
    }),
  )

  // The commission schedule (decision 62): admins read it and schedule changes from a date.
  app.get(
    '/admin/settlements/commission-rules',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'The commission rules in force and scheduled (with history=true, the ended too)',
        querystring: commissionRulesQuery,
        response: { 200: commissionScheduleResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await readCommissionSchedule(db, app.deps.now(), {
        history: request.query.history,
      }),
    }),
  )

  app.post(
    '/admin/settlements/commission-rules',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          "Schedules a category's complete bands from a date (today or later); answers the schedule",
        body: commissionScheduleInput,
        response: { 200: commissionScheduleResponse },
      },
    },
    async (request) => {
      const admin = assertSelf(request, undefined)
      return {
        success: true as const,
        data: await scheduleCommissionChange(db, app.deps.now(), request.body, admin.id),
      }
    },
  )

  // GSTR-8, Form 26Q, and each seller's statements and tax certificates (decision 061).
  await app.register(settlementReportsRoutes)
  await app.register(feeInvoicesRoutes)
}
