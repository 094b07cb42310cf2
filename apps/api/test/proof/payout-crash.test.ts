import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { payouts, scheduledJobs, settlementEntries, users } from '../../src/db/schema'
import { createSession } from '../../src/modules/auth/sessions'
import { createUser } from '../factories'
import { startFakeRazorpayX } from '../fakes/razorpayx'
import { rowsOf } from '../../bench/generate-products'
import { generateLedger } from '../ledger-fixture'
import { call, ShopProcess } from './crash-harness'
import { onPostgres, scratchPostgres } from './scratch-postgres'

/**
 * Issue 28's payouts, attacked with a real server process on PostgreSQL (decision 60): two payout
 * runs are started at once for 120 sellers owed money, and the process is SIGKILLed while they
 * are being made and sent to RazorpayX (its fake). Restarted, the shop finishes the runs and
 * sends what was left: every seller is paid exactly once (one payout in the shop, one transfer at
 * the rail), none is skipped, and the webhooks that settle them, sent twice, pay nobody twice.
 */
const PORT = Number(process.env.PAYOUT_CRASH_PORT ?? 3134)
const SELLERS = 120

const scratch = scratchPostgres('tb-payout-crash-')

async function until(
  what: string,
  check: () => Promise<boolean>,
  log: () => string | Promise<string>,
) {
  const started = Date.now()
  while (Date.now() - started < 90_000) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`timed out waiting for ${what}:\n${await log()}`)
}

describe.skipIf(!onPostgres)('payout runs across a SIGKILL', () => {
  it('pays every seller once, however the runs were cut', async () => {
    const rzp = await startFakeRazorpayX()
    const server = new ShopProcess(PORT, {
      NODE_ENV: 'test',
      DATA_DIR: scratch.dataDir,
      DATABASE_URL: scratch.url,
      LOG_LEVEL: 'fatal',
      APP_URL: 'http://shop.test',
      REDIS_URL: '',
      JOBS_POLL_MS: '200',
      // A killed process's outbox claims lapse in seconds, not the default two minutes.
      OUTBOX_LEASE_SECONDS: '3',
      PAYOUT_RAIL: 'razorpayx',
      PAYOUT_APPROVAL: 'false',
      PAYOUT_SCHEDULE: 'off',
      PAYOUT_POLL_MINUTES: '1',
      RAZORPAYX_KEY_ID: rzp.creds.keyId,
      RAZORPAYX_KEY_SECRET: rzp.creds.keySecret,
      RAZORPAYX_ACCOUNT_NUMBER: rzp.creds.accountNumber,
      RAZORPAYX_WEBHOOK_SECRET: rzp.creds.webhookSecret,
      RAZORPAYX_BASE_URL: rzp.baseUrl,
    })
    const db = scratch.database.db
    // Delivered 10 to 70 days ago: every part's return window and buffer are over, so every
    // seller is owed its whole ledger.
    await generateLedger(db, {
      sellers: SELLERS,
      parts: SELLERS * 2,
      rail: 'RAZORPAYX',
      now: new Date(Date.now() - 10 * 86_400_000),
    })
    const admin = await createUser(db, { role: 'admin', type: 'admin' })
    const cookie = `session=${await createSession(db, { userId: admin.id, days: 1, now: new Date() })}`
    const run = () =>
      call(server.baseUrl, '/api/admin/payout-runs', {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: '{}',
      })
    const sellerIds = (
      await db.select({ id: users.id }).from(users).where(eq(users.type, 'vendor'))
    ).map((r) => r.id)
    try {
      await server.start()
      // Two runs at once; killed once the rail has taken a share of the transfers.
      const runs = Promise.all([run(), run()])
      await until(
        'the first transfers',
        async () => rzp.payouts.size >= 20,
        () => server.log(),
      )
      await server.kill()
      await runs
      const cut = await db.select().from(payouts)
      expect(cut.length, 'the kill came after some payouts were made').toBeGreaterThan(0)

      // Restarted: the unfinished runs are finished by the poll job, queued payouts are sent.
      await db.execute(sql`UPDATE payout_runs SET created_at = created_at - interval '1 hour'`)
      await db.execute(
        sql`UPDATE payouts SET sent_at = sent_at - interval '1 hour' WHERE status = 'queued'`,
      )
      await db.update(scheduledJobs).set({ nextRunAt: new Date(0) })
      await server.start()
      await until(
        'every seller sent a payout',
        async () => {
          const [row] = await db
            .select({ n: sql<number>`count(*)`.mapWith(Number) })
            .from(payouts)
            .where(eq(payouts.status, 'processing'))
          return row!.n === SELLERS
        },
        async () => {
          const state = await db.execute(sql`
            SELECT 'payout ' || status AS what, count(*)::int AS n FROM payouts GROUP BY status
            UNION ALL SELECT 'run made ' || (made_at IS NOT NULL)::text, count(*)::int FROM payout_runs GROUP BY made_at IS NOT NULL
            UNION ALL SELECT 'skipped ' || (s->>'reason'), count(*)::int FROM payout_runs, jsonb_array_elements(skipped) AS s GROUP BY 1
            UNION ALL SELECT 'outbox ' || kind || ' ' || coalesce(last_error, 'ok'), count(*)::int FROM outbox GROUP BY 1
            UNION ALL SELECT 'job ' || name || ' ' || coalesce(last_error, 'ok'), 1 FROM scheduled_jobs`)
          return `${JSON.stringify(rowsOf(state))}\n${server.log()}`
        },
      )
      const made = await db.select().from(payouts)
      expect(made).toHaveLength(SELLERS)
      expect(new Set(made.map((p) => p.sellerId))).toEqual(new Set(sellerIds))
      expect(rzp.payouts.size).toBe(SELLERS)
      for (const p of made) expect(rzp.payoutsFor(p.id), p.id).toHaveLength(1)

      // Settled by webhooks, each sent twice.
      for (const p of made) {
        rzp.finish(p.id, 'processed')
        for (const _ of [1, 2]) {
          const status = await rzp.sendWebhook(
            `${server.baseUrl}/api/payouts/razorpayx/webhook`,
            p.id,
          )
          expect(status).toBe(200)
        }
      }
      const paid = await db.select().from(payouts).where(eq(payouts.status, 'paid'))
      expect(paid).toHaveLength(SELLERS)
      const outEntries = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(settlementEntries)
        .where(eq(settlementEntries.kind, 'payout'))
      expect(outEntries[0]!.n).toBe(SELLERS)
      // Nothing left to pay: a third run makes no payout.
      const third = await run()
      if (third === 'lost') throw new Error(`third run lost:\n${server.log()}`)
      expect((third.body.data as { payouts: unknown[] }).payouts).toEqual([])
    } finally {
      await server.stop()
      await rzp.close()
    }
  }, 240_000)
})
