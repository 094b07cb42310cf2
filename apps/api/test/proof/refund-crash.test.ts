import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../src/db/client'
import {
  orderLines,
  orders,
  outbox,
  payments,
  products,
  refunds,
  scheduledJobs,
  subOrders,
} from '../../src/db/schema'
import { openTestDatabase } from '../app'
import { createProduct, createSeller } from '../factories'
import { createShopper, fillCart } from '../shop'
import { isRefundCreate, startCashfreeOverHttp } from './cashfree-over-http'
import { call, checkout, ShopProcess, type Buyer, type Outcome } from './crash-harness'

/**
 * Refunds across SIGKILL, with the real server process (its outbox worker included): paid
 * Cashfree orders of two sellers are cancelled, whole or part by part, with double clicks, while
 * the process is killed, either at a random moment or right after Cashfree accepted a refund and
 * before the shop heard of it; it starts again on the same database and the shoppers retry the
 * cancels whose answers were lost. Cashfree is the sandbox gateway served over HTTP by this test
 * process, so the refunds it holds outlive the shop's process. Once everything has settled:
 * - every cancelled part of a paid order has exactly one refund row, of its subtotal; a part not
 *   cancelled has none;
 * - Cashfree holds exactly one refund per row, under the row's id, and nothing else;
 * - per order, the refunds never exceed what was captured (in the ledger and at Cashfree);
 * - none is left pending, initiated or failed; an order cancelled whole reads refunded;
 * - stock + units in live parts = the initial stock.
 * PostgreSQL only, like the other crash proofs (decision 30: PGlite is one process, and its
 * recovery after SIGKILL is not trusted yet).
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL)
const PORT = Number(process.env.REFUND_CRASH_PORT ?? 3234)
const ROUNDS = Number(process.env.REFUND_CRASH_ROUNDS ?? 8)
const ORDERS_PER_ROUND = 4
const STOCK = 1_000
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

let database: Database
let drop: () => Promise<void>
let url: string | undefined
let dataDir: string
let cf: Awaited<ReturnType<typeof startCashfreeOverHttp>>

beforeAll(async () => {
  if (!onPostgres) return
  ;({ database, drop, url } = await openTestDatabase())
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'tb-refund-crash-'))
  cf = await startCashfreeOverHttp()
})
afterAll(async () => {
  if (!onPostgres) return
  await cf.close()
  await database.close()
  await drop()
  rmSync(dataDir, { recursive: true, force: true })
})

async function until(what: string, check: () => Promise<boolean>, ms = 60_000) {
  const start = Date.now()
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`)
    await sleep(100)
  }
}

interface Paid {
  buyer: Buyer
  orderId: string
  providerOrderId: string
  parts: string[]
}

/** One cancel the shopper asks for: the whole order, or one part. */
interface CancelAsk {
  order: Paid
  subOrderId?: string
}

const cancelCall = (baseUrl: string, ask: CancelAsk) =>
  call(baseUrl, `/api/shop/order/${ask.order.orderId}/cancel`, {
    method: 'POST',
    headers: { cookie: ask.order.buyer.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      reason: 'Changed my mind',
      ...(ask.subOrderId ? { subOrderId: ask.subOrderId } : {}),
    }),
  })
/** Answered by the shop (200 done, 409 nothing left to cancel), not lost with the process. */
const settled = (o: Outcome) => o !== 'lost' && (o.status === 200 || o.status === 409)

describe.skipIf(!onPostgres)('refunds across SIGKILL', () => {
  it(
    `refunds each cancelled part exactly once over ${ROUNDS} crashes`,
    { timeout: ROUNDS * 60_000 + 120_000 },
    async () => {
      const db = database.db
      const rng = random(SEED)
      const server = new ShopProcess(PORT, {
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        DATABASE_URL: url!,
        LOG_LEVEL: 'fatal',
        APP_URL: 'http://shop.test',
        REDIS_URL: '',
        SMTP_URL: '',
        ...cf.env,
        ORDER_CREATE_PER_HOUR: '10000',
        JOBS_POLL_MS: '100',
        OUTBOX_RETRY_BASE_MS: '100',
        OUTBOX_RETRY_MAX_MS: '300',
        OUTBOX_LEASE_SECONDS: '2',
        REFUND_POLL_MINUTES: '1',
      })
      const context = () => `CRASH_SEED=${SEED}\n${server.log().slice(-3000)}`

      // Two sellers' products; every shopper buys one of each (an order of two parts).
      const [sellerA, sellerB] = [await createSeller(db), await createSeller(db)]
      const itemA = await createProduct(db, {
        sellerId: sellerA.id,
        price: 1200,
        totalStock: STOCK,
      })
      const itemB = await createProduct(db, { sellerId: sellerB.id, price: 349, totalStock: STOCK })
      const buyers: Buyer[] = []
      for (let i = 0; i < ROUNDS * ORDERS_PER_ROUND; i++) {
        const shopper = await createShopper(db)
        await fillCart(db, shopper.user.id, [
          { productId: itemA.id, quantity: 1 },
          { productId: itemB.id, quantity: 2 },
        ])
        buyers.push({
          cookie: shopper.cookie,
          userId: shopper.user.id,
          addressId: shopper.address.id,
          method: 'CASHFREE',
          key: `refund-crash-${i}`,
        })
      }

      const stats = {
        kills: 0,
        killedOnAccept: 0,
        acceptedUnrecorded: 0,
        lost: 0,
        replays: 0,
        asks: 0,
      }
      try {
        await server.start()
        // Every order placed and paid at Cashfree, its signed webhook delivered to the shop.
        const paid: Paid[] = []
        for (const buyer of buyers) {
          const placed = await checkout(server.baseUrl, buyer)
          if (placed === 'lost' || placed.status !== 201) throw new Error(context())
          const orderId = placed.body.orderId as string
          const sessionId = new URL(
            placed.body.paymentUrl as string,
            server.baseUrl,
          ).searchParams.get('payment_session_id')!
          const done = cf.gateway.complete(sessionId, 'pay', new Date())!
          const hook = await call(server.baseUrl, '/api/payments/webhook/cashfree', {
            method: 'POST',
            headers: done.webhook.headers,
            body: done.webhook.rawBody,
          })
          expect(hook !== 'lost' && hook.status, context()).toBe(200)
          const [payment] = await db.select().from(payments).where(eq(payments.orderId, orderId))
          expect(payment!.status).toBe('paid')
          const parts = await db
            .select({ id: subOrders.id })
            .from(subOrders)
            .where(eq(subOrders.orderId, orderId))
          paid.push({
            buyer,
            orderId,
            providerOrderId: payment!.providerOrderId!,
            parts: parts.map((p) => p.id),
          })
        }

        for (let round = 0; round < ROUNDS; round++) {
          const slice = paid.slice(round * ORDERS_PER_ROUND, (round + 1) * ORDERS_PER_ROUND)
          // Each shopper cancels the whole order, one part, or both parts one by one; every ask
          // is clicked once to three times at once.
          const asks: CancelAsk[] = []
          for (const order of slice) {
            const plan = Math.floor(rng() * 3)
            const wanted: CancelAsk[] =
              plan === 0
                ? [{ order }]
                : plan === 1
                  ? [{ order, subOrderId: order.parts[Math.floor(rng() * 2)] }]
                  : order.parts.map((subOrderId) => ({ order, subOrderId }))
            for (const ask of wanted) {
              const clicks = 1 + Math.floor(rng() * 3)
              for (let c = 0; c < clicks; c++) asks.push(ask)
            }
          }
          stats.asks += asks.length

          // The kill: right after Cashfree accepted a refund (before the shop heard of it), or
          // at a random moment while the cancels and the worker run.
          const onAccept = round % 2 === 1
          let killed: Promise<void> | undefined
          if (onAccept) {
            let armed = true
            cf.afterHandled(async (c, status) => {
              if (!armed || !isRefundCreate(c) || status !== 200) return
              armed = false
              stats.killedOnAccept++
              killed = server.kill()
              await killed
            })
          } else {
            const ms = rng() * 400
            killed = sleep(ms).then(() => server.kill())
          }
          const outcomes = await Promise.all(asks.map((ask) => cancelCall(server.baseUrl, ask)))
          // Give an armed kill its chance: the worker delivers right after the cancels commit.
          if (onAccept)
            await until('a refund to be accepted', async () => killed !== undefined, 10_000)
          await killed
          cf.afterHandled(() => {})
          stats.kills++
          stats.lost += outcomes.filter((o) => o === 'lost').length
          // The case the ledger is built for: Cashfree holds a refund the ledger still has pending.
          const held = new Set(cf.gateway.refunds().map((r) => r.refundId))
          const pending = await db
            .select({ providerRefundId: refunds.providerRefundId })
            .from(refunds)
            .where(eq(refunds.status, 'pending'))
          stats.acceptedUnrecorded += pending.filter((r) => held.has(r.providerRefundId!)).length

          await server.start()
          // The shoppers whose answer was lost click again until the shop answers.
          for (const [i, ask] of asks.entries()) {
            let outcome = outcomes[i]!
            while (!settled(outcome)) {
              stats.replays++
              outcome = await cancelCall(server.baseUrl, ask)
              if (!settled(outcome) && outcome !== 'lost') {
                throw new Error(`cancel answered ${JSON.stringify(outcome)}\n${context()}`)
              }
            }
          }
        }

        // Everything settles with the server up: the outbox delivers, the poll asks Cashfree
        // about what it accepted (brought forward rather than waited for).
        await until('every refund to settle', async () => {
          await db
            .update(scheduledJobs)
            .set({ nextRunAt: new Date() })
            .where(eq(scheduledJobs.name, 'poll-refunds'))
          const open = await db
            .select({ n: sql<number>`count(*)::int` })
            .from(refunds)
            .where(inArray(refunds.status, ['pending', 'initiated']))
          const queued = await db
            .select({ n: sql<number>`count(*)::int` })
            .from(outbox)
            .where(and(eq(outbox.kind, 'payment.refund'), eq(outbox.status, 'pending')))
          return open[0]!.n === 0 && queued[0]!.n === 0
        })

        // The invariants, order by order, from the ledger and from Cashfree's own book.
        let refundRows = 0
        for (const order of paid) {
          const parts = await db
            .select()
            .from(subOrders)
            .where(eq(subOrders.orderId, order.orderId))
          const rows = await db.select().from(refunds).where(eq(refunds.orderId, order.orderId))
          const [payment] = await db
            .select()
            .from(payments)
            .where(eq(payments.orderId, order.orderId))
          const where = `order ${order.orderId} (${context()})`
          for (const part of parts) {
            const own = rows.filter((r) => r.sourceKey === `cancel:${part.id}`)
            expect(own, where).toHaveLength(part.status === 'cancelled' ? 1 : 0)
            if (own[0]) {
              expect(own[0], where).toMatchObject({
                subOrderId: part.id,
                amountPaise: part.subtotalPaise,
                status: 'completed',
              })
            }
          }
          expect(rows, where).toHaveLength(parts.filter((p) => p.status === 'cancelled').length)
          const held = cf.gateway.refunds(order.providerOrderId)
          expect(held.map((r) => r.refundId).sort(), where).toEqual(
            rows.map((r) => r.providerRefundId).sort(),
          )
          expect(
            held.every((r) => r.status === 'SUCCESS'),
            where,
          ).toBe(true)
          const sumRows = rows.reduce((s, r) => s + r.amountPaise, 0)
          const sumHeld = held.reduce((s, r) => s + r.amountPaise, 0)
          expect(sumRows, where).toBe(sumHeld)
          expect(sumRows, where).toBeLessThanOrEqual(payment!.amountPaise)
          const [row] = await db.select().from(orders).where(eq(orders.id, order.orderId))
          if (parts.every((p) => p.status === 'cancelled')) {
            expect(row, where).toMatchObject({
              orderStatus: 'cancelled',
              paymentStatus: 'refunded',
            })
          } else {
            expect(row!.paymentStatus, where).toBe('paid')
          }
          refundRows += rows.length
        }
        // Cashfree holds nothing the ledger does not know.
        expect(cf.gateway.refunds()).toHaveLength(refundRows)
        const dead = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(outbox)
          .where(and(eq(outbox.kind, 'payment.refund'), eq(outbox.status, 'dead')))
        expect(dead[0]!.n).toBe(0)
        // Stock: what is on sale plus what live parts hold is what there was.
        for (const item of [itemA, itemB]) {
          const [stock] = await db.select().from(products).where(eq(products.id, item.id))
          const [held] = await db
            .select({ n: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
            .from(orderLines)
            .innerJoin(subOrders, eq(subOrders.id, orderLines.subOrderId))
            .where(and(eq(orderLines.productId, item.id), sql`${subOrders.status} <> 'cancelled'`))
          expect(stock!.totalStock + held!.n).toBe(STOCK)
        }
        expect(refundRows).toBeGreaterThan(0)
        expect(stats.killedOnAccept).toBeGreaterThan(0)
        expect(stats.acceptedUnrecorded).toBeGreaterThan(0)
        console.warn(
          `refund crash proof: ${stats.kills} kills (${stats.killedOnAccept} right after Cashfree accepted; ` +
            `${stats.acceptedUnrecorded} refunds held by Cashfree while the ledger had them pending), ` +
            `${stats.asks} cancel clicks, ${stats.lost} answers lost, ${stats.replays} replays, ` +
            `${refundRows} refunds (CRASH_SEED=${SEED})`,
        )
      } finally {
        cf.afterHandled(() => {})
        await server.kill()
      }
    },
  )
})
