/**
 * `npm run bench:order-trace`: where one order's time goes (issue 33.5), on PostgreSQL.
 *
 * Starts the app on the scratch database at DATABASE_URL (it must be empty) with a small
 * generated catalog and one signed-in shopper, then places orders one after another: each a
 * cart add and a COD order create, like the bench's `checkout` scenario. Every statement sent to
 * PostgreSQL is timed at the driver and tagged with the request that sent it (an
 * AsyncLocalStorage entered as the server hears the request), so the background job worker's statements
 * (the outbox delivering the order's mail and SMS) are told apart from the request's own.
 *
 * Prints, per request: its wall time, the statements and transactions it sent, their summed
 * database time (round trips included), and the statements in order with their times; then the
 * API process's CPU per order over ORDER_TRACE_ORDERS sequential orders (default 200). The
 * trace is of the last warm order; ORDER_TRACE_SQL=0 leaves out the statement list.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { sql } from 'drizzle-orm'
import { buildApp } from '../src/app'
import { benchConfig } from './config'
import { openDatabase } from '../src/db/client'
import { generateProducts, rowsOf } from './generate-products'
import { createBenchShoppers, createBenchSkus } from './shoppers'

const ORDERS = Number(process.env.ORDER_TRACE_ORDERS ?? 200)
const PRINT_SQL = process.env.ORDER_TRACE_SQL !== '0'

interface Statement {
  request: string
  text: string
  ms: number
}

const requestOf = new AsyncLocalStorage<string>()
const statements: Statement[] = []
let tracing = false

/** Times every query at the driver: node-postgres's Client.query, as drizzle and raw SQL use it. */
function traceQueries() {
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown
  // The driver's overloads all pass through here: a promise (a transaction's client), or a
  // callback (pg-pool's own query, which drizzle uses outside transactions).
  pg.Client.prototype.query = function traced(this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string } | undefined
    const text = typeof first === 'string' ? first : (first?.text ?? '(submittable)')
    const request = requestOf.getStore() ?? 'background'
    const started = performance.now()
    const record = (failed: boolean) => {
      if (tracing) {
        statements.push({
          request,
          text: failed ? `FAILED ${text}` : text,
          ms: performance.now() - started,
        })
      }
    }
    const last = args.length - 1
    if (typeof args[last] === 'function') {
      const callback = args[last] as (err: unknown, ...rest: unknown[]) => void
      args[last] = (err: unknown, ...rest: unknown[]) => {
        record(Boolean(err))
        callback(err, ...rest)
      }
    }
    const result = query.apply(this, args)
    if (result instanceof Promise)
      void result.then(
        () => record(false),
        () => record(true),
      )
    return result
  } as typeof pg.Client.prototype.query
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 150)

async function main() {
  const databaseUrl = process.env.DATABASE_URL
  if (!databaseUrl) throw new Error('DATABASE_URL must name an empty scratch PostgreSQL database')
  traceQueries()
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tb-order-trace-'))
  const database = await openDatabase({ databaseUrl })
  try {
    await database.migrate()
    const db = database.db
    const [existing] = rowsOf<{ n: number }>(
      await db.execute(sql`SELECT count(*)::int AS n FROM users`),
    )
    if ((existing?.n ?? 0) > 0) throw new Error('DATABASE_URL must point to an empty database')
    const { sellerId } = await generateProducts(db, 2_000)
    const [shopper] = await createBenchShoppers(db, 1)
    const skus = await createBenchSkus(db, sellerId, 2)
    if (!shopper) throw new Error('no bench shopper')
    await db.execute(sql`VACUUM ANALYZE`)

    const config = benchConfig(dataDir)
    const app = await buildApp(
      { config, db, dbKind: database.kind, listen: database.listen },
      { logger: false },
    )
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    // Tagged as the server hears the request, before Fastify's hooks (the session read in the
    // auth hook belongs to the request too); emit calls this listener first, in the same tick.
    app.server.prependListener('request', (request: { method?: string; url?: string }) => {
      requestOf.enterWith(`${request.method} ${request.url}`)
    })
    const post = async (url: string, body: object, headers: Record<string, string> = {}) => {
      const started = performance.now()
      const res = await fetch(address + url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${shopper.token}`,
          ...headers,
        },
        body: JSON.stringify(body),
      })
      await res.text()
      if (res.status >= 300) throw new Error(`${url} answered ${res.status}`)
      return performance.now() - started
    }
    const productId = skus.distinct[0]!
    const placeOrder = async () => {
      const add = await post('/api/shop/cart/add', {
        userId: shopper.userId,
        productId,
        quantity: 1,
      })
      const create = await post(
        '/api/shop/order/create',
        {
          userId: shopper.userId,
          addressInfo: { addressId: shopper.addressId },
          paymentMethod: 'COD',
        },
        { 'idempotency-key': crypto.randomUUID() },
      )
      return { add, create }
    }

    for (let i = 0; i < 20; i++) await placeOrder() // JIT and the pools warm
    await new Promise((resolve) => setTimeout(resolve, 500)) // the worker's mail of the warm-up
    tracing = true
    const wall = await placeOrder()
    await new Promise((resolve) => setTimeout(resolve, 500))
    tracing = false

    console.log(`One order on PostgreSQL (${databaseUrl.replace(/\/\/[^@]*@/, '//')})\n`)
    const byRequest = new Map<string, Statement[]>()
    for (const statement of statements) {
      byRequest.set(statement.request, [...(byRequest.get(statement.request) ?? []), statement])
    }
    for (const [request, list] of byRequest) {
      const key = request.startsWith('POST /api/shop/cart')
        ? 'add'
        : request.startsWith('POST /api/shop/order')
          ? 'create'
          : null
      const dbMs = list.reduce((sum, s) => sum + s.ms, 0)
      const transactions = list.filter((s) => /^\s*begin/i.test(s.text)).length
      console.log(
        `${request.replace(/\/[0-9a-f-]{36}/g, '/:id')}: ${list.length} statements, ${transactions} transactions, ${dbMs.toFixed(1)} ms at the driver` +
          (key ? `, ${wall[key].toFixed(1)} ms wall` : ' (job worker)'),
      )
      if (PRINT_SQL) {
        for (const s of list) console.log(`  ${s.ms.toFixed(2).padStart(6)} ms  ${oneLine(s.text)}`)
      }
      console.log('')
    }

    const cpuBefore = process.cpuUsage()
    const started = performance.now()
    for (let i = 0; i < ORDERS; i++) await placeOrder()
    const elapsed = performance.now() - started
    const cpu = process.cpuUsage(cpuBefore)
    const perOrder = (cpu.user + cpu.system) / 1000 / ORDERS
    console.log(
      `${ORDERS} orders one at a time: ${(elapsed / ORDERS).toFixed(1)} ms each (cart add + order create),` +
        ` ${perOrder.toFixed(1)} ms of this process's CPU each (server, job worker and client)`,
    )
    await app.close()
  } finally {
    await database.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
