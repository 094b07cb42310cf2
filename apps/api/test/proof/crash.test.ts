import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inArray } from 'drizzle-orm'
import { loadConfig } from '../../src/config'
import { openDatabase, type Database } from '../../src/db/client'
import { orders } from '../../src/db/schema'
import { PROVIDER_TIMEOUT_MS } from '../../src/modules/orders/checkout-payment'
import { lifecycleContext } from '../../src/modules/lifecycle/context'
import { expireUnpaidOrders } from '../../src/modules/lifecycle/expiry'
import { createSeller } from '../factories'
import {
  PLENTY_STOCK,
  SCARCE_STOCK,
  ShopProcess,
  ageUnansweredKeys,
  call,
  checkout,
  makeRun,
  payAtSandbox,
  readInvariants,
  type Outcome,
  type RunFixture,
} from './crash-harness'

/**
 * Crash consistency: the real server process takes concurrent checkouts (cash on delivery and
 * Cashfree through the built-in sandbox gateway, whose Pay button sends the shop the signed
 * webhook), is SIGKILLed at a random moment, starts again on the same data, and every shopper
 * replays the same request with the same Idempotency-Key. The database must then hold:
 * stock + units in live orders = initial stock; one order per key; every answered order still
 * there; no paid order without a provider event; no key left unanswered (an online order whose
 * payment link died with the process is resumed by the retry, and pays); and, after the expiry
 * job, no reservation left. The retries come "a minute later": the crashed attempts are aged
 * past the provider timeout in the database rather than waited out (decision 30).
 *
 * PostgreSQL: 15 runs in `npm test` (about 2.5 minutes on CI's 2 cores: each run is mostly the
 * server's start), 50 in `npm run proof:crash` (CRASH_RUNS sets any number). PGlite: 8,
 * as its files can only be read with the server stopped (PGlite is one process), which costs a
 * second start at each check. Both kill-timing and outcomes come from CRASH_SEED (printed).
 *
 * In `npm test` this runs on PostgreSQL only (CI has it). PGlite, the embedded development
 * database, was seen a few times in ~440 SIGKILLs of a bare writer to answer its first query
 * after recovery without its last acknowledged commits (visible again on the next start); until
 * that is understood the PGlite run would fail at random, so it is opt-in: CRASH_PGLITE=1.
 * Production runs on PostgreSQL (docs/deploy.md); see decision 30.
 */
const serverUrl = process.env.TEST_DATABASE_URL
const onPostgres = Boolean(serverUrl)
const RUNS = Number(process.env.CRASH_RUNS ?? (onPostgres ? 15 : 8))
const BUYERS = 12
const PORT = Number(process.env.CRASH_PORT ?? 3230)
/** How often the database is checked (and, on PGlite, the server stopped for it). */
const CHECK_EVERY = Number(process.env.CRASH_CHECK_EVERY ?? (onPostgres ? 1 : 4))
const CLEAN = {
  stockDrift: [],
  duplicateOrders: 0,
  paidWithoutEvent: 0,
  paidCod: 0,
  brokenOrders: 0,
  pendingOnline: 0,
  unansweredKeys: 0,
}
const SEED = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31))

/** A small seeded generator, so a failing run can be repeated with CRASH_SEED. */
function random(seed: number) {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let x = Math.imul(a ^ (a >>> 15), 1 | a)
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296
  }
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'h3-crash-'))
const pgliteDir = path.join(dataDir, 'pglite')
const dbName = `tb_crash_${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`
let dbUrl = ''
let live: Database | undefined
let server: ShopProcess

/** The test's own connection: kept open on PostgreSQL, opened only while the server is down on PGlite. */
async function withDb<T>(fn: (database: Database) => Promise<T>): Promise<T> {
  if (live) return fn(live)
  const database = await openDatabase({ dataDir: pgliteDir })
  try {
    return await fn(database)
  } finally {
    await database.close()
  }
}

async function admin(query: string) {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  await client.query(query)
  await client.end()
}

beforeAll(async () => {
  if (serverUrl) {
    await admin(`CREATE DATABASE ${dbName}`)
    const url = new URL(serverUrl)
    url.pathname = `/${dbName}`
    dbUrl = url.toString()
    live = await openDatabase({ databaseUrl: dbUrl })
  }
  server = new ShopProcess(PORT, {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: dbUrl,
    LOG_LEVEL: 'warn',
    APP_URL: '',
    REDIS_URL: '',
    SMTP_URL: '',
    CASHFREE_CLIENT_ID: '',
    CASHFREE_CLIENT_SECRET: '',
  })
}, 60_000)

afterAll(async () => {
  await server?.kill()
  await live?.close()
  if (serverUrl) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`)
  rmSync(dataDir, { recursive: true, force: true })
})

interface Shopped {
  first: Outcome
  firstPay?: Outcome
}

const is = (o: Outcome | undefined, status: number) =>
  o !== undefined && o !== 'lost' && o.status === status
const orderIdOf = (o: Outcome) =>
  o === 'lost' ? undefined : (o.body.orderId as string | undefined)
const paymentUrlOf = (o: Outcome) =>
  o === 'lost' ? undefined : (o.body.paymentUrl as string | undefined)

describe.runIf(onPostgres || process.env.CRASH_PGLITE === '1')(
  'SIGKILL during checkouts, restart, replay',
  () => {
    it(
      `keeps every invariant over ${RUNS} crashes`,
      { timeout: RUNS * 120_000 + 120_000 },
      async () => {
        const rng = random(SEED)
        const started = performance.now()
        // The world for every run, written before the first start (so the demo seed stays off).
        const runs: RunFixture[] = []
        const initial = new Map<string, number>()
        await withDb(async ({ db, migrate }) => {
          await migrate()
          const seller = await createSeller(db)
          for (let r = 0; r < RUNS; r++) {
            const run = await makeRun(db, seller.id, r, BUYERS)
            initial.set(run.scarceId, SCARCE_STOCK).set(run.plentyId, PLENTY_STOCK)
            runs.push(run)
          }
        })
        const stats = {
          starts: [] as number[],
          lostAnswers: 0,
          /** Before any answer, between answers, after the last one. */
          kills: { early: 0, mid: 0, late: 0 },
          acknowledged: 0,
          /** Online orders the crash left without a payment link, resumed and paid after it. */
          resumed: 0,
        }
        /** Resumed orders not yet checked in the database (PGlite checks every few runs). */
        let resumedOrders: string[] = []
        stats.starts.push(await server.start())

        for (const [r, run] of runs.entries()) {
          const context = () => `run ${r} (CRASH_SEED=${SEED})\n${server.log().slice(-2000)}`
          const outcomes: Shopped[] = run.buyers.map(() => ({ first: 'lost' }))
          // The kill comes after a random number of answers (checkouts and gateway payments) plus a
          // few random milliseconds: before the first answer, between any two, or after the last.
          const killAfterAnswers = Math.floor(rng() * (BUYERS + BUYERS / 2 + 1))
          const jitterMs = rng() * 40
          let answers = 0
          let driveDone = false
          let answered = () => {}
          const count = <T>(outcome: T): T => {
            answers++
            answered()
            return outcome
          }
          const drive = Promise.all(
            run.buyers.map(async (b, i) => {
              const first = count(await checkout(server.baseUrl, b))
              outcomes[i]!.first = first
              const url = paymentUrlOf(first)
              const outcome = rng() < 0.8 ? 'pay' : 'fail'
              if (url)
                outcomes[i]!.firstPay = count(await payAtSandbox(server.baseUrl, url, outcome))
            }),
          ).then(() => {
            driveDone = true
            answered()
          })
          await new Promise<void>((resolve) => {
            answered = () => {
              if (answers >= killAfterAnswers || driveDone) resolve()
            }
            answered()
          })
          await sleep(jitterMs)
          const late = driveDone
          await server.kill()
          await drive
          const lost = outcomes.filter((o) => o.first === 'lost').length
          stats.kills[late ? 'late' : lost === outcomes.length ? 'early' : 'mid']++

          // Before the crash: only clean answers.
          for (const o of outcomes) {
            if (o.first !== 'lost')
              expect([201, 409], `${context()} ${JSON.stringify(o.first)}`).toContain(
                o.first.status,
              )
            if (o.firstPay && o.firstPay !== 'lost') expect(o.firstPay.status, context()).toBe(303)
            if (o.first === 'lost') stats.lostAnswers++
            if (is(o.first, 201)) stats.acknowledged++
          }

          // The retries come after the provider timeout: keys the crash left without an answer
          // (order committed, payment link not) are resumed, not answered "still being placed".
          const unanswered = await withDb(({ db }) =>
            ageUnansweredKeys(db, PROVIDER_TIMEOUT_MS + 1_000),
          )
          stats.starts.push(await server.start())
          // The shoppers carry on: one more of the plentiful product in every cart, then the retry.
          for (const b of run.buyers) {
            const added = await call(server.baseUrl, '/api/shop/cart/add', {
              method: 'POST',
              headers: { cookie: b.cookie, 'content-type': 'application/json' },
              body: JSON.stringify({ userId: b.userId, productId: run.plentyId, quantity: 1 }),
            })
            expect(is(added, 200), `${context()} cart add: ${JSON.stringify(added)}`).toBe(true)
          }
          const replays = await Promise.all(run.buyers.map((b) => checkout(server.baseUrl, b)))
          for (const [i, replay] of replays.entries()) {
            const first = outcomes[i]!.first
            expect(replay, context()).not.toBe('lost')
            if (replay === 'lost') continue
            // 201 (the stored answer, the order now placed, or the resumed one), or 409 sold out.
            expect([201, 409], `${JSON.stringify(replay)} ${context()}`).toContain(replay.status)
            if (replay.status === 409) {
              expect(String(replay.body.message), context()).toMatch(/in stock any more/)
            }
            const resumed = unanswered.has(run.buyers[i]!.userId)
            if (resumed) {
              expect(replay.status, context()).toBe(201)
              expect(paymentUrlOf(replay), context()).toBeDefined()
              resumedOrders.push(orderIdOf(replay)!)
              stats.resumed++
            }
            if (is(first, 201)) {
              // An answered order survives the crash and is answered again, never placed twice.
              expect(replay.status, context()).toBe(201)
              expect(orderIdOf(replay), context()).toBe(orderIdOf(first))
            }
            const url = paymentUrlOf(replay)
            if (url) {
              const paid = await payAtSandbox(server.baseUrl, url, 'pay')
              // The gateway's sessions live in memory: those made before the crash are gone (404);
              // a resumed order's session was made (or found) after the restart, so it pays.
              const expected = resumed ? [303] : [303, 404]
              expect(expected, context()).toContain(paid === 'lost' ? 0 : paid.status)
            }
          }

          // PostgreSQL is read beside the running server after every run; PGlite belongs to one
          // process, so its files are read once the server is stopped, every CHECK_EVERY runs.
          if ((r + 1) % CHECK_EVERY !== 0 && r < runs.length - 1) continue
          if (!onPostgres) await server.stop()
          await withDb(async ({ db }) => {
            const before = await readInvariants(db, initial)
            expect({ ...before, pendingOnline: 0 }, context()).toEqual(CLEAN)
            if (resumedOrders.length > 0) {
              const rows = await db
                .select({ status: orders.paymentStatus })
                .from(orders)
                .where(inArray(orders.id, resumedOrders))
              expect(
                rows.map((o) => o.status),
                context(),
              ).toEqual(rows.map(() => 'paid'))
              expect(rows, context()).toHaveLength(resumedOrders.length)
              resumedOrders = []
            }
            const later = () => new Date(Date.now() + 31 * 60_000)
            await expireUnpaidOrders({
              db,
              now: later,
              metrics: { paymentFailed: () => {} },
              lifecycle: lifecycleContext(
                { ...loadConfig({}), orderLimits: { maxQtyPerProduct: 5 } },
                later,
              ),
            })
            expect(await readInvariants(db, initial), context()).toEqual(CLEAN)
          })
          if (!onPostgres && r < runs.length - 1) stats.starts.push(await server.start())
        }
        await server.kill()
        const seconds = (performance.now() - started) / 1000
        const meanStart = stats.starts.reduce((a, b) => a + b, 0) / stats.starts.length
        console.warn(
          `crash: ${RUNS} runs on ${onPostgres ? 'PostgreSQL' : 'PGlite'} in ${seconds.toFixed(0)} s ` +
            `(seed ${SEED}; ${stats.starts.length} starts, ${meanStart.toFixed(0)} ms each); ` +
            `kills early/mid/late ${stats.kills.early}/${stats.kills.mid}/${stats.kills.late}, ` +
            `${stats.lostAnswers} answers lost, ` +
            `${stats.acknowledged} orders answered before a kill and found again; ` +
            `${stats.resumed} online orders left without a payment link resumed and paid`,
        )
      },
    )
  },
)
