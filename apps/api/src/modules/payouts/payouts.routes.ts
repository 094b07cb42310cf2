import {
  messageResponse,
  payoutDetailsResponse,
  payoutHoldInput,
  payoutParams,
  payoutRunParams,
  payoutRunResponse,
  payoutRunsResponse,
  payoutsResponse,
  sellerIdParams,
  sellerPayoutDetailsInput,
  sellerSettlementsResponse,
  utrImportInput,
  utrImportResponse,
} from '@techbazaar/shared'
import { eq } from 'drizzle-orm'
import type { App } from '../../app-types'
import { payouts } from '../../db/schema'
import { conflict, notFound } from '../../lib/errors'
import { assertSelf } from '../../plugins/auth'
import { bankFileOf, importUtrFile } from './bank-file-payouts'
import type { PayoutDeps } from './deps'
import { confirmAccount, readPayoutDetails, savePayoutDetails } from './payout-details'
import { placeHold, releaseHold } from './payout-holds'
import { checkPayoutNow } from './payout-sender'
import { approvePayoutRun, createPayoutRun, discardPayoutRun } from './payout-runs'
import { listRuns, readRun, sellerPayouts, sellerSettlements } from './payout-views'

const tags = ['payouts']

export const payoutDepsOf = (deps: App['deps']): PayoutDeps => ({
  db: deps.db,
  now: deps.now,
  config: deps.config,
  rails: deps.payoutRails,
})

/** Sellers' payout details and payouts; the admins' runs, holds, bank files and UTR imports. */
export async function payoutsRoutes(app: App) {
  const deps: PayoutDeps = { ...payoutDepsOf(app.deps), log: app.log }
  const { db } = deps

  // ---- the seller's own (the id is the session's, never a parameter) ----
  app.get(
    '/admin/settlements/payout-details',
    {
      config: { access: 'seller' },
      schema: {
        tags,
        summary: "The caller's PAN and bank account (masked) and the account's verification",
        response: { 200: payoutDetailsResponse },
      },
    },
    async (request) => {
      const seller = assertSelf(request, undefined)
      return { success: true as const, data: await readPayoutDetails(db, seller.id, 'seller') }
    },
  )

  app.put(
    '/admin/settlements/payout-details',
    {
      config: { access: 'seller' },
      schema: {
        tags,
        summary:
          'Saves the caller’s PAN and bank account; a new account is verified by a penny drop and holds payouts until it passes',
        body: sellerPayoutDetailsInput,
        response: { 200: payoutDetailsResponse },
      },
    },
    async (request) => {
      const seller = assertSelf(request, undefined)
      return {
        success: true as const,
        data: await savePayoutDetails(deps, seller.id, request.body),
      }
    },
  )

  app.get(
    '/admin/settlements/payouts',
    {
      config: { access: 'seller' },
      schema: {
        tags,
        summary: "The caller's payouts, newest first, with their UTRs",
        response: { 200: payoutsResponse },
      },
    },
    async (request) => {
      const seller = assertSelf(request, undefined)
      return { success: true as const, data: await sellerPayouts(db, seller.id, 'seller') }
    },
  )

  // ---- admins ----
  app.get(
    '/admin/settlements/sellers',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Every seller’s balances, bank account state and payout hold',
        response: { 200: sellerSettlementsResponse },
      },
    },
    async () => ({ success: true as const, data: await sellerSettlements(deps) }),
  )

  app.get(
    '/admin/settlements/sellers/:sellerId/payout-details',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "A seller's PAN and bank account in full, and the account's verification",
        params: sellerIdParams,
        response: { 200: payoutDetailsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await readPayoutDetails(db, request.params.sellerId, 'admin'),
    }),
  )

  app.post(
    '/admin/settlements/sellers/:sellerId/payout-details/confirm',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Confirms a seller’s bank account by hand (paying by bank file, no rail checks it)',
        params: sellerIdParams,
        response: { 200: payoutDetailsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await confirmAccount(deps, request.params.sellerId, assertSelf(request, undefined).id),
    }),
  )

  app.get(
    '/admin/settlements/sellers/:sellerId/payouts',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "A seller's payouts, newest first",
        params: sellerIdParams,
        response: { 200: payoutsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await sellerPayouts(db, request.params.sellerId, 'admin'),
    }),
  )

  app.put(
    '/admin/settlements/sellers/:sellerId/hold',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "Holds a seller's payouts, with the reason it is shown",
        params: sellerIdParams,
        body: payoutHoldInput,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      const admin = assertSelf(request, undefined)
      await placeHold(deps, request.params.sellerId, admin.id, request.body.reason)
      return { success: true as const, message: 'Payouts held' }
    },
  )

  app.delete(
    '/admin/settlements/sellers/:sellerId/hold',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "Releases a seller's payout hold",
        params: sellerIdParams,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await releaseHold(deps, request.params.sellerId, assertSelf(request, undefined).id)
      return { success: true as const, message: 'Hold released' }
    },
  )

  app.get(
    '/admin/payout-runs',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'The latest payout runs with their totals',
        response: { 200: payoutRunsResponse },
      },
    },
    async () => ({ success: true as const, data: await listRuns(db) }),
  )

  app.post(
    '/admin/payout-runs',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Starts a payout run now: a preview to approve (PAYOUT_APPROVAL) or payouts sent at once',
        response: { 200: payoutRunResponse },
      },
    },
    async (request) => {
      const admin = assertSelf(request, undefined)
      const runId = await createPayoutRun(deps, { by: 'admin', adminId: admin.id })
      if (!runId) throw conflict('A payout run could not be made')
      return { success: true as const, data: await readRun(db, runId) }
    },
  )

  app.get(
    '/admin/payout-runs/:runId',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'A payout run: its payouts and the sellers it could not pay',
        params: payoutRunParams,
        response: { 200: payoutRunResponse },
      },
    },
    async (request) => ({ success: true as const, data: await readRun(db, request.params.runId) }),
  )

  for (const action of ['approve', 'discard'] as const) {
    app.post(
      `/admin/payout-runs/:runId/${action}`,
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary:
            action === 'approve'
              ? "Approves a run's preview: its payouts are sent"
              : "Discards a run's preview: its amounts go back to the sellers' balances",
          params: payoutRunParams,
          response: { 200: payoutRunResponse },
        },
      },
      async (request) => {
        const admin = assertSelf(request, undefined)
        const move = action === 'approve' ? approvePayoutRun : discardPayoutRun
        await move(deps, request.params.runId, admin.id)
        return { success: true as const, data: await readRun(db, request.params.runId) }
      },
    )
  }

  app.post(
    '/admin/payouts/:payoutId/check',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Asks the payout provider now what became of a payout sent (Processing): paid with its UTR, failed, or still on its way',
        params: payoutParams,
        response: { 200: payoutRunResponse },
      },
    },
    async (request) => {
      assertSelf(request, undefined)
      const runId = await checkPayoutNow(deps, request.params.payoutId)
      return { success: true as const, data: await readRun(db, runId) }
    },
  )

  app.post(
    '/admin/payouts/:payoutId/retry',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Pays a seller whose payout failed again now: a new payout of its payable balance',
        params: payoutParams,
        response: { 200: payoutRunResponse },
      },
    },
    async (request) => {
      const admin = assertSelf(request, undefined)
      const [failed] = await db
        .select({ sellerId: payouts.sellerId, status: payouts.status })
        .from(payouts)
        .where(eq(payouts.id, request.params.payoutId))
      if (!failed) throw notFound('Payout not found')
      if (failed.status !== 'failed') throw conflict('Only a failed payout can be retried')
      const runId = await createPayoutRun(
        deps,
        { by: 'admin', adminId: admin.id },
        { sellerId: failed.sellerId },
      )
      if (!runId) throw conflict('A payout run could not be made')
      const run = await readRun(db, runId)
      const skip = run.skipped[0]
      if (run.payouts.length === 0 && skip) throw conflict(`Not paid again: ${skip.reason}`)
      return { success: true as const, data: run }
    },
  )

  app.get(
    '/admin/payout-runs/:runId/bank-file',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          "The run's bank-file payouts as a bulk-payment file (CSV) for the marketplace's bank",
        params: payoutRunParams,
      },
    },
    async (request, reply) => {
      const file = await bankFileOf(deps, request.params.runId)
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${file.name}"`)
        .header('Cache-Control', 'no-store')
        .send(file.csv)
    },
  )

  app.post(
    '/admin/payouts/utr-import',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          "Records the bank's status file for bank-file payouts: each row's UTR (paid) or reason (failed)",
        body: utrImportInput,
        response: { 200: utrImportResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await importUtrFile(deps, request.body.csv),
    }),
  )
}
