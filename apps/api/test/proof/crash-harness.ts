import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm'
import type { Db } from '../../src/db/client'
import { carts, cartLines, idempotencyKeys, orders, payments, products } from '../../src/db/schema'
import { createProduct } from '../factories'
import { createShopper } from '../shop'
import { MARKETPLACE_ENV } from '../production-env'

const apiDir = path.resolve(import.meta.dirname, '../..')

/**
 * The real server (`node --import tsx src/server.ts`) as a child process on one database, which
 * survives the process: started, SIGKILLed and started again by the crash test.
 */
export class ShopProcess {
  private child: ChildProcess | undefined
  private output = ''
  readonly baseUrl: string

  constructor(
    private readonly port: number,
    private readonly env: Record<string, string>,
  ) {
    this.baseUrl = `http://127.0.0.1:${port}`
  }

  /** Starts the server and waits until /api/health answers; answers the start time in ms. */
  async start(): Promise<number> {
    const started = performance.now()
    this.output = ''
    // Another server on the port (one a crashed test run left behind) would answer the health
    // check for this one, which then dies on EADDRINUSE: every later request would reach the
    // stranger and fail in ways that have nothing to do with this run.
    const taken = await fetch(`${this.baseUrl}/api/health`).then(
      () => true,
      () => false,
    )
    if (taken) throw new Error(`${this.baseUrl} already answers: another server holds the port`)
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: apiDir,
      // A proof's shop may be a public one (APP_URL not on localhost, so not in demo mode), which
      // must name the marketplace (issue 30.2): the test identity, unless the proof gives its own.
      env: {
        ...process.env,
        ...MARKETPLACE_ENV,
        ...this.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
      },
    })
    this.child = child
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()))
    child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()))
    while (performance.now() - started < 120_000) {
      if (child.exitCode !== null) throw new Error(`server exited at start:\n${this.output}`)
      const up = await fetch(`${this.baseUrl}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
      if (up) return performance.now() - started
      await sleep(50)
    }
    throw new Error(`server did not answer within 120 s:\n${this.output}`)
  }

  /** The crash: no shutdown hook runs, nothing is flushed by the process itself. */
  async kill(): Promise<void> {
    await this.signal('SIGKILL')
  }

  /** A graceful stop (SIGTERM), so PGlite's files can be opened by the test process. */
  async stop(): Promise<void> {
    await this.signal('SIGTERM')
  }

  /** What the server printed since it last started (for failure messages). */
  log(): string {
    return this.output
  }

  private async signal(signal: NodeJS.Signals) {
    const child = this.child
    if (!child || child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill(signal)
    await exited
    this.child = undefined
  }
}

export interface Buyer {
  cookie: string
  userId: string
  addressId: string
  method: 'COD' | 'CASHFREE'
  key: string
}

export interface RunFixture {
  scarceId: string
  plentyId: string
  buyers: Buyer[]
}

export const SCARCE_STOCK = 6
export const PLENTY_STOCK = 1000

/**
 * One run's world, written straight to the database before the server needs it: a scarce and a
 * plentiful product, and shoppers (session, address) whose carts hold one of the first and two
 * of the second; half pay cash on delivery, half online.
 */
export async function makeRun(
  db: Db,
  sellerId: string,
  run: number,
  buyers: number,
): Promise<RunFixture> {
  const scarce = await createProduct(db, { sellerId, totalStock: SCARCE_STOCK, price: 1200 })
  const plenty = await createProduct(db, { sellerId, totalStock: PLENTY_STOCK, price: 349 })
  const list: Buyer[] = []
  for (let i = 0; i < buyers; i++) {
    const shopper = await createShopper(db)
    const [cart] = await db.insert(carts).values({ userId: shopper.user.id }).returning()
    await db.insert(cartLines).values([
      { cartId: cart!.id, productId: scarce.id, quantity: 1 },
      { cartId: cart!.id, productId: plenty.id, quantity: 2 },
    ])
    list.push({
      cookie: shopper.cookie,
      userId: shopper.user.id,
      addressId: shopper.address.id,
      method: i % 2 === 0 ? 'COD' : 'CASHFREE',
      key: `crash-run-${run}-buyer-${i}`,
    })
  }
  return { scarceId: scarce.id, plentyId: plenty.id, buyers: list }
}

/** What the shop answered, or `lost` when the connection died with the server. */
export type Outcome = { status: number; body: Record<string, unknown> } | 'lost'

export async function call(
  baseUrl: string,
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string },
): Promise<Outcome> {
  try {
    const res = await fetch(`${baseUrl}${url}`, { ...init, redirect: 'manual' })
    const text = await res.text()
    let body: Record<string, unknown> = {}
    try {
      body = JSON.parse(text) as Record<string, unknown>
    } catch {
      body = { text: text.slice(0, 200) }
    }
    return { status: res.status, body }
  } catch {
    return 'lost'
  }
}

export const checkout = (baseUrl: string, b: Buyer) =>
  call(baseUrl, '/api/shop/order/create', {
    method: 'POST',
    headers: { cookie: b.cookie, 'content-type': 'application/json', 'idempotency-key': b.key },
    body: JSON.stringify({
      userId: b.userId,
      addressInfo: { addressId: b.addressId },
      paymentMethod: b.method,
    }),
  })

/** The built-in gateway's Pay or Fail button (it then sends the shop the signed webhook). */
export const payAtSandbox = (baseUrl: string, paymentUrl: string, outcome: 'pay' | 'fail') =>
  call(baseUrl, '/sandbox-gateway', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      payment_session_id: new URL(paymentUrl, baseUrl).searchParams.get('payment_session_id') ?? '',
      outcome,
    }).toString(),
  })

export interface Invariants {
  /** Products whose stock plus units in live orders is not what they started with. */
  stockDrift: { productId: string; initial: number; stock: number; held: number }[]
  /** Shoppers (one key each) with more than one order. */
  duplicateOrders: number
  /** Paid orders without a recorded provider event for their payment. */
  paidWithoutEvent: number
  /** COD orders marked paid (nothing can pay them online). */
  paidCod: number
  /** Orders missing lines or sub-orders, or whose total is not the sum of their lines. */
  brokenOrders: number
  /** Online orders still waiting for their payment (holding stock). */
  pendingOnline: number
  /** Keys whose order committed but whose answer never did (until a retry resumes them). */
  unansweredKeys: number
}

/**
 * Ages every unanswered key's attempt by `ms`, as if the shoppers had waited out the provider
 * timeout before retrying (waiting for real would add a minute to every run). Answers the
 * owners of those keys: the crash left their orders without a payment link.
 */
export async function ageUnansweredKeys(db: Db, ms: number): Promise<Set<string>> {
  const aged = await db
    .update(idempotencyKeys)
    .set({
      attemptedAt: sql`${idempotencyKeys.attemptedAt} - (${ms}::int * interval '1 millisecond')`,
    })
    .where(isNull(idempotencyKeys.responseBody))
    .returning({ userId: idempotencyKeys.userId })
  return new Set(aged.map((k) => k.userId))
}

/** Reads the invariants straight from the database. `initial` maps product ids to their start. */
export async function readInvariants(db: Db, initial: Map<string, number>): Promise<Invariants> {
  const held = await db
    .select({
      productId: products.id,
      stock: products.totalStock,
      // Written out with table names: drizzle leaves a one-table select's columns unqualified.
      held: sql<number>`coalesce((
        SELECT sum(l.quantity) FROM order_lines l JOIN sub_orders s ON s.id = l.sub_order_id
        WHERE l.product_id = products.id
          AND s.status NOT IN ('rejected', 'cancelled', 'paymentFailed', 'expired', 'returned')
      ), 0)::int`,
    })
    .from(products)
  const stockDrift = held
    .filter((p) => initial.has(p.productId))
    .map((p) => ({ ...p, initial: initial.get(p.productId)! }))
    .filter((p) => p.stock + p.held !== p.initial || p.stock < 0)

  const dups = await db
    .select({ userId: orders.userId })
    .from(orders)
    .groupBy(orders.userId)
    .having(sql`count(*) > 1`)
  const [noEvent] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .where(
      and(
        eq(orders.paymentStatus, 'paid'),
        // A success the provider signed (Cashfree's `<payment>:SUCCESS`) or a paid status check.
        sql`NOT EXISTS (SELECT 1 FROM payment_events e WHERE e.payment_id = payments.id
          AND (e.event_id LIKE '%:SUCCESS' OR (e.type = 'STATUS_CHECK' AND e.event_id LIKE '%:paid')))`,
      ),
    )
  const [paidCod] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.paymentStatus, 'paid'), eq(orders.paymentMethod, 'COD')))
  const [broken] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      or(
        sql`orders.total_paise <> coalesce((
          SELECT sum(l.unit_price_paise * l.quantity) FROM order_lines l
          WHERE l.order_id = orders.id), -1)`,
        sql`NOT EXISTS (SELECT 1 FROM sub_orders s WHERE s.order_id = orders.id)`,
        and(
          ne(orders.paymentMethod, 'COD'),
          sql`NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = orders.id)`,
        ),
      ),
    )
  const [pending] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.paymentStatus, 'pending'), ne(orders.paymentMethod, 'COD')))
  const [unanswered] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(idempotencyKeys)
    .where(isNull(idempotencyKeys.responseBody))
  return {
    stockDrift,
    duplicateOrders: dups.length,
    paidWithoutEvent: noEvent!.n,
    paidCod: paidCod!.n,
    brokenOrders: broken!.n,
    pendingOnline: pending!.n,
    unansweredKeys: unanswered!.n,
  }
}
