import { lt } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config'
import type { Database, Db } from '../db/client'
import { idempotencyKeys } from '../db/schema'
import type { Mailer } from '../lib/mail'
import { SmsRejected, type SmsProvider } from '../sms'
import type { Storage } from '../lib/storage'
import type { ShopMetrics } from '../lib/metrics'
import { issuePasswordReset } from '../modules/auth'
import { foldListingCounts, refreshFamiliesLocked } from '../modules/catalog'
import { type LifecycleContext, expireUnpaidOrders } from '../modules/lifecycle'
import { purgeUnservedPdfs, settleStaleReservations } from '../modules/invoices'
import { eraseInactiveAccounts, purgeRetained } from '../modules/privacy'
import { deliverRefund, pollRefunds } from '../modules/refunds'
import type { Payments } from '../payments'
import type { Couriers } from '../couriers'
import type { PayoutRails } from '../payouts'
import {
  createPayoutRun,
  dueSlot,
  pollPayouts,
  refreshPendingChecks,
  sendPayout,
  type PayoutDeps,
} from '../modules/payouts'
import { issueDueFeeInvoices } from '../modules/settlements'
import { releaseStaleClaims } from '../modules/shipping'
import {
  CreditNoteIrnDeferred,
  registerCreditNoteIrn,
  registerPendingCreditNotes,
} from '../modules/e-documents'
import type { GstPortals } from '../einvoice'
import { sendWishlistAlerts } from '../modules/wishlist'
import { runScheduledSales } from '../modules/offers'
import { purgeDelivered } from './outbox'
import { createJobWorker, PermanentFailure, type JobWorker } from './worker'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
/** Delivered items are kept a week for support questions ("did the mail go?"), then deleted. */
const KEEP_DELIVERED_MS = 7 * 24 * HOUR
/** An Idempotency-Key answers repeats for a day (clients retry within minutes). */
const KEEP_IDEMPOTENCY_KEYS_MS = 24 * HOUR

export interface ShopJobDeps {
  db: Db
  now: () => Date
  config: Config
  mailer: Mailer
  /** The SMS provider (null: SMS is off, production without one; decision 093). */
  sms: SmsProvider | null
  payments: Payments
  couriers: Couriers
  payoutRails: PayoutRails
  metrics: Pick<ShopMetrics, 'paymentFailed' | 'outboxDelivery'>
  /** The order moves the jobs make (expiry), as the app built it. */
  lifecycle: LifecycleContext
  /** Where uploads live: the retention job removes closed returns' photos from it. */
  storage: Storage
  listen?: Database['listen']
  /** The IRP credit notes are registered with after they are issued (decision 78). */
  gstPortals?: Pick<GstPortals, 'einvoice' | 'ewayBill'>
}

/**
 * The shop's worker: what each outbox kind does, and the periodic jobs. Every process runs one;
 * the outbox's claims and the schedules' conditional updates share the work out between them.
 */
export function createShopJobs(deps: ShopJobDeps, log: FastifyBaseLogger): JobWorker {
  const mailDomain = new URL(deps.config.appUrl).hostname || 'techbazaar.local'
  const refundDeps = {
    db: deps.db,
    payments: deps.payments,
    policy: { now: deps.now, shopName: deps.config.shopName },
  }
  const payoutDeps: PayoutDeps = {
    db: deps.db,
    now: deps.now,
    config: deps.config,
    rails: deps.payoutRails,
    log,
  }
  const irnDeps = () => ({
    db: deps.db,
    now: deps.now,
    einvoice: deps.gstPortals?.einvoice,
    log,
  })
  return createJobWorker({
    db: deps.db,
    now: deps.now,
    log,
    listen: deps.listen,
    settings: deps.config.jobs,
    onDelivery: deps.metrics.outboxDelivery,
    handlers: {
      // The item's id names the message: a mail sent again after a crash between the server's
      // "accepted" and our "done" carries the same Message-ID, which mail systems fold into one.
      mail: ({ mail }, item) =>
        deps.mailer.send({ ...mail, messageId: `<${item.id}@${mailDomain}>` }),
      // With SMS off, a queued message is dropped: there is no one to send it.
      sms: async ({ sms }) => {
        if (!deps.sms) return
        try {
          await deps.sms.send(sms)
        } catch (err) {
          if (err instanceof SmsRejected) throw new PermanentFailure(err.message)
          throw err
        }
      },
      'payment.terminate': async ({ provider, providerOrderId }) => {
        const adapter = deps.payments.provider(provider)
        if (!adapter) throw new PermanentFailure(`${provider} is not configured`)
        await adapter.cancel(providerOrderId)
      },
      'auth.password-reset': (request) => issuePasswordReset(deps, request),
      'catalog.refresh-families': ({ familyIds }) => refreshFamiliesLocked(deps.db, familyIds),
      'payment.refund': ({ refundId }, item) =>
        deliverRefund(refundDeps, refundId, {
          number: item.attempt,
          last: item.attempt >= deps.config.jobs.maxAttempts,
        }),
      'payout.send': ({ payoutId }, item) =>
        sendPayout(payoutDeps, payoutId, { last: item.attempt >= deps.config.jobs.maxAttempts }),
      // Deferred (the IRP down) throws, so the outbox retries with backoff; the sweep below
      // takes over from an item that gave up.
      'einvoice.credit-note': async ({ creditNoteId }) => {
        await registerCreditNoteIrn(irnDeps(), creditNoteId)
      },
    },
    schedules: [
      {
        // Credit notes still waiting for their IRN (the IRP was down longer than the outbox's
        // retries): asked again every few minutes until the IRP answers (decision 78).
        name: 'register-pending-credit-notes',
        everyMs: 5 * MINUTE,
        run: async () => {
          try {
            const registered = await registerPendingCreditNotes(irnDeps())
            if (registered > 0) log.info(`registered ${registered} credit note(s) with the IRP`)
          } catch (err) {
            if (!(err instanceof CreditNoteIrnDeferred)) throw err
          }
        },
      },
      {
        // The weekly (or daily) payout run: made once per slot whichever process sees it first.
        name: 'payout-run-schedule',
        everyMs: MINUTE,
        run: async () => {
          const key = dueSlot(deps.now(), deps.config.payoutRuns)
          if (!key || !deps.payoutRails.default) return
          const runId = await createPayoutRun(payoutDeps, { by: 'schedule', key })
          if (runId) log.info({ runId, key }, 'scheduled payout run made')
        },
      },
      {
        // Price-drop and back-in-stock mails to shoppers who turned them on (decision 088).
        name: 'wishlist-alerts',
        everyMs: 15 * MINUTE,
        run: async () => {
          const queued = await sendWishlistAlerts(deps)
          if (queued > 0) log.info(`queued ${queued} wishlist alert mail(s)`)
        },
      },
      {
        name: 'poll-payouts',
        everyMs: MINUTE,
        run: async () => {
          await pollPayouts(payoutDeps)
        },
      },
      {
        name: 'refresh-bank-account-checks',
        everyMs: 5 * MINUTE,
        run: async () => {
          await refreshPendingChecks(payoutDeps)
        },
      },
      {
        name: 'poll-refunds',
        everyMs: deps.config.returns.refundPollMs,
        run: () => pollRefunds(refundDeps, log),
      },
      {
        name: 'expire-unpaid-orders',
        everyMs: MINUTE,
        run: async () => {
          const released = await expireUnpaidOrders(deps)
          if (released > 0)
            log.info(`released ${released} unpaid order(s) past their payment window`)
        },
      },
      {
        // Scheduled sale prices start and end on the minute (decision 092).
        name: 'scheduled-sales',
        everyMs: MINUTE,
        run: async () => {
          const { started, ended } = await runScheduledSales(deps.db, deps.now())
          if (started + ended > 0) log.info(`scheduled sales: ${started} started, ${ended} ended`)
        },
      },
      {
        // The kept listing counts' deltas summed into one row per combination (decision 099),
        // so the listing's reads stay a pass over a few hundred rows.
        name: 'listing-counts-fold',
        everyMs: MINUTE,
        run: async () => {
          await foldListingCounts(deps.db)
        },
      },
      {
        name: 'release-stale-courier-claims',
        everyMs: MINUTE,
        run: async () => {
          const released = await releaseStaleClaims({ ...deps, log })
          if (released > 0) log.warn(`released ${released} stale courier claim(s)`)
        },
      },
      {
        // Invoice numbers reserved for dispatches that never issued their invoice (a process
        // died, a portal did not answer and nobody retried): burnt if a portal registered them,
        // else given back (decision 87).
        name: 'settle-stale-invoice-reservations',
        everyMs: 5 * MINUTE,
        run: async () => {
          const settled = await settleStaleReservations({
            db: deps.db,
            now: deps.now,
            einvoice: deps.gstPortals?.einvoice,
            ewayBill: deps.gstPortals?.ewayBill,
            marketplaceGstin: deps.config.marketplace.gstin,
            log,
          })
          if (settled > 0) log.warn(`settled ${settled} stale invoice number reservation(s)`)
        },
      },
      {
        // The marketplace's tax invoices to sellers for last month's commission and fees, once
        // the month has ended in India (decision 063); a no-op once they are issued.
        name: 'issue-fee-invoices',
        everyMs: HOUR,
        run: async () => {
          const issued = await issueDueFeeInvoices(deps)
          if (issued > 0) log.info(`issued ${issued} fee invoice(s) and credit note(s) to sellers`)
        },
      },
      {
        // What has no purpose left, after the periods in config.retention (decision 076): sign-up
        // codes, expired sessions, old contact messages, closed returns' photos.
        name: 'purge-expired-auth',
        everyMs: HOUR,
        run: async () => {
          const purged = await purgeRetained({ ...deps, log })
          if (purged.contactMessages + purged.returnPhotos > 0) log.info(purged, 'retention purge')
        },
      },
      {
        // Shopper accounts unused for RETENTION_INACTIVE_DAYS, after a mailed notice (decision 82).
        name: 'erase-inactive-accounts',
        everyMs: HOUR,
        run: async () => {
          const done = await eraseInactiveAccounts({ ...deps, log })
          if (done.noticed + done.erased > 0) log.info(done, 'inactivity erasure')
        },
      },
      {
        name: 'purge-idempotency-keys',
        everyMs: HOUR,
        run: async () => {
          const before = new Date(deps.now().getTime() - KEEP_IDEMPOTENCY_KEYS_MS)
          await deps.db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before))
        },
      },
      {
        name: 'purge-unserved-invoice-pdfs',
        everyMs: HOUR,
        run: async () => {
          const keepMs = deps.config.invoicePdfKeepDays * 24 * HOUR
          const purged = await purgeUnservedPdfs(deps.db, new Date(deps.now().getTime() - keepMs))
          if (purged > 0) log.info(`purged ${purged} kept invoice PDF(s) not downloaded lately`)
        },
      },
      {
        name: 'purge-delivered-outbox',
        everyMs: HOUR,
        run: () => purgeDelivered(deps.db, new Date(deps.now().getTime() - KEEP_DELIVERED_MS)),
      },
    ],
  })
}
