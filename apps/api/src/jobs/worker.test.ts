import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { loadConfig } from '../config'
import { openDatabase, type Database } from '../db/client'
import { outbox, scheduledJobs } from '../db/schema'
import { createMailer } from '../lib/mail'
import { openTestDatabase } from '../../test/app'
import { startSmtpServer } from '../../test/smtp'
import { enqueue, outboxCounts, retryDelayMs } from './outbox'
import { createJobWorker, PermanentFailure, type JobWorkerOptions } from './worker'

const silent = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  child() {
    return silent
  },
  level: 'silent',
  silent() {},
} as unknown as JobWorkerOptions['log']

const settings = {
  pollMs: 60_000,
  leaseMs: 10_000,
  retryBaseMs: 1_000,
  retryMaxMs: 8_000,
  maxAttempts: 4,
}

let database: Database
let drop: () => Promise<void>
let url: string | undefined
/** The clock the workers read; tests move it past a retry's backoff. */
let now = new Date('2026-11-24T10:00:00Z')
const clock = () => now

beforeAll(async () => {
  ;({ database, drop, url } = await openTestDatabase())
})
afterAll(async () => {
  await database.close()
  await drop()
})
beforeEach(async () => {
  await database.db.delete(outbox)
  await database.db.delete(scheduledJobs)
})

const db = () => database.db
const noHandlers = {
  mail: async () => {},
  sms: async () => {},
  'payment.terminate': async () => {},
  'payment.refund': async () => {},
  'auth.password-reset': async () => {},
  'payout.send': async () => {},
  'einvoice.credit-note': async () => {},
  'catalog.refresh-families': async () => {},
}

function worker(over: Partial<JobWorkerOptions> = {}) {
  return createJobWorker({
    db: db(),
    now: clock,
    log: silent,
    handlers: noHandlers,
    schedules: [],
    settings,
    ...over,
  })
}

const mail = (n: number) => ({
  mail: { to: `buyer${n}@example.in`, subject: `Order ${n}`, text: 'Hi' },
})

describe('the outbox', () => {
  it('delivers a queued item once, and a second item with the same key is never queued', async () => {
    const sent: string[] = []
    const w = worker({
      handlers: { ...noHandlers, mail: async ({ mail }) => void sent.push(mail.to) },
    })
    await db().transaction(async (tx) => {
      expect(await enqueue(tx, 'mail', mail(1), { dedupeKey: 'order-confirmation:1' })).toBe(true)
    })
    expect(await enqueue(db(), 'mail', mail(1), { dedupeKey: 'order-confirmation:1' })).toBe(false)
    expect(await w.drain()).toBe(1)
    expect(await w.drain()).toBe(0)
    expect(sent).toEqual(['buyer1@example.in'])
    const [row] = await db().select().from(outbox)
    expect(row).toMatchObject({ status: 'done', attempts: 1, lastError: null })
  })

  it('queues nothing when the change it follows rolls back', async () => {
    await db()
      .transaction(async (tx) => {
        await enqueue(tx, 'mail', mail(2))
        throw new Error('the order failed')
      })
      .catch(() => undefined)
    expect(await db().select().from(outbox)).toEqual([])
  })

  it('retries a failed delivery after a doubling backoff, then gives up and counts it failed', async () => {
    let calls = 0
    const w = worker({
      handlers: {
        ...noHandlers,
        mail: async () => {
          calls++
          throw new Error('SMTP down')
        },
      },
    })
    await enqueue(db(), 'mail', mail(3))
    await w.drain()
    expect(calls).toBe(1)
    // Not due again before its backoff (1 s ± 20 %).
    await w.drain()
    expect(calls).toBe(1)
    expect(await outboxCounts(db())).toEqual({ pending: 1, retrying: 1, failed: 0 })
    for (let attempt = 2; attempt <= settings.maxAttempts; attempt++) {
      now = new Date(now.getTime() + 10_000)
      await w.drain()
      expect(calls).toBe(attempt)
    }
    const [row] = await db().select().from(outbox)
    expect(row).toMatchObject({ status: 'dead', attempts: 4, lastError: 'SMTP down' })
    expect(await outboxCounts(db())).toEqual({ pending: 0, retrying: 0, failed: 1 })
  })

  it('gives up at once on a permanent failure', async () => {
    const w = worker({
      handlers: {
        ...noHandlers,
        'payment.terminate': async () => {
          throw new PermanentFailure('PHONEPAY is not configured')
        },
      },
    })
    await enqueue(db(), 'payment.terminate', { provider: 'PHONEPAY', providerOrderId: 'x' })
    await w.drain()
    expect((await db().select().from(outbox))[0]).toMatchObject({ status: 'dead', attempts: 1 })
  })

  it('takes over an item whose worker died holding it, once the lease has run out', async () => {
    const sent: string[] = []
    const w = worker({
      handlers: { ...noHandlers, mail: async ({ mail }) => void sent.push(mail.to) },
    })
    await enqueue(db(), 'mail', mail(4))
    // A worker claimed it and died (no done, no failure written).
    await db()
      .update(outbox)
      .set({ attempts: 1, lockedBy: 'dead-worker', lockedUntil: new Date(now.getTime() + 10_000) })
    await w.drain()
    expect(sent).toEqual([])
    now = new Date(now.getTime() + 10_001)
    await w.drain()
    expect(sent).toEqual(['buyer4@example.in'])
    expect((await db().select().from(outbox))[0]).toMatchObject({ status: 'done', attempts: 2 })
  })

  it('spreads retries: each wait doubles up to the cap, within ±20 %', () => {
    const opts = { baseMs: 5_000, maxMs: 600_000 }
    expect(retryDelayMs(1, opts, () => 0.5)).toBe(5_000)
    expect(retryDelayMs(2, opts, () => 0.5)).toBe(10_000)
    expect(retryDelayMs(8, opts, () => 0.5)).toBe(600_000)
    expect(retryDelayMs(40, opts, () => 0.5)).toBe(600_000)
    expect(retryDelayMs(1, opts, () => 0)).toBe(4_000)
    expect(retryDelayMs(1, opts, () => 1)).toBe(6_000)
  })
})

describe('a mail server that refuses, then recovers', () => {
  it('gets every mail once, with the Message-ID naming its outbox item', async () => {
    let down = true
    const smtp = await startSmtpServer({ refuse: () => down })
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'shop@example.in', log: silent })
    const w = worker({
      settings: { ...settings, maxAttempts: 25 },
      handlers: {
        ...noHandlers,
        mail: ({ mail }, item) => mailer.send({ ...mail, messageId: `<${item.id}@shop.test>` }),
      },
    })
    try {
      for (let i = 0; i < 5; i++) await enqueue(db(), 'mail', mail(10 + i))
      await w.drain()
      expect(smtp.received).toHaveLength(0)
      expect(await outboxCounts(db())).toEqual({ pending: 5, retrying: 5, failed: 0 })
      // Ten minutes of refusals: every retry in that time is refused too.
      for (let minute = 0; minute < 10; minute++) {
        now = new Date(now.getTime() + 60_000)
        await w.drain()
      }
      expect(smtp.received).toHaveLength(0)
      down = false
      now = new Date(now.getTime() + 60_000)
      await w.drain()
      expect(smtp.received).toHaveLength(5)
      expect(await outboxCounts(db())).toEqual({ pending: 0, retrying: 0, failed: 0 })
      const ids = (await db().select({ id: outbox.id }).from(outbox)).map((r) => r.id).sort()
      const messageIds = smtp.received
        .map((m) => /^Message-ID: <([^@]+)@shop\.test>/im.exec(m.raw)?.[1])
        .sort()
      expect(messageIds).toEqual(ids)
      await w.drain()
      expect(smtp.received).toHaveLength(5)
    } finally {
      await smtp.close()
    }
  })
})

describe('two processes draining one outbox', () => {
  it('deliver every item exactly once between them, and run a schedule once', async () => {
    // On PostgreSQL each worker has its own connection pool, as two processes would.
    const second = url ? await openDatabase({ databaseUrl: url }) : database
    try {
      const deliveries = new Map<string, string[]>()
      const scheduleRuns: string[] = []
      const make = (name: string, on: Database) =>
        worker({
          db: on.db,
          handlers: {
            ...noHandlers,
            mail: async (_payload, item) => {
              deliveries.set(item.id, [...(deliveries.get(item.id) ?? []), name])
              await new Promise((resolve) => setTimeout(resolve, 1))
            },
          },
          schedules: [
            {
              name: 'expire-unpaid-orders',
              everyMs: 60_000,
              run: async () => void scheduleRuns.push(name),
            },
          ],
        })
      const a = make('a', database)
      const b = make('b', second)
      await db()
        .insert(outbox)
        .values(Array.from({ length: 300 }, (_, i) => ({ kind: 'mail', payload: mail(i) })))
      const [fromA, fromB] = await Promise.all([a.drain(), b.drain()])
      expect(fromA + fromB).toBe(300)
      expect(deliveries.size).toBe(300)
      expect([...deliveries.values()].filter((by) => by.length > 1)).toEqual([])
      if (url) expect(Math.min(fromA, fromB)).toBeGreaterThan(0)
      expect(scheduleRuns).toHaveLength(1)
      const done = await db()
        .select({ id: outbox.id })
        .from(outbox)
        .where(eq(outbox.status, 'done'))
      expect(done).toHaveLength(300)
      // The next run is a minute on, whoever asks.
      await Promise.all([a.drain(), b.drain()])
      expect(scheduleRuns).toHaveLength(1)
      now = new Date(now.getTime() + 60_000)
      await Promise.all([a.drain(), b.drain()])
      expect(scheduleRuns).toHaveLength(2)
    } finally {
      if (second !== database) await second.close()
    }
  })
})

describe('the shop config', () => {
  it('rides out a two-hour mail outage with the default retry settings', () => {
    const jobs = loadConfig({ NODE_ENV: 'test' }).jobs
    let waited = 0
    for (let attempt = 1; attempt < jobs.maxAttempts; attempt++) {
      waited += retryDelayMs(attempt, { baseMs: jobs.retryBaseMs, maxMs: jobs.retryMaxMs }, () => 0)
    }
    expect(waited).toBeGreaterThan(2 * 3_600_000)
  })
})
