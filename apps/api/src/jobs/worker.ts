import { randomUUID } from 'node:crypto'
import { and, eq, lte } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config'
import type { Database, Db, Subscription } from '../db/client'
import { scheduledJobs } from '../db/schema'
import {
  claimDue,
  markDone,
  markFailed,
  OUTBOX_CHANNEL,
  retryDelayMs,
  type ClaimedItem,
  type OutboxKind,
  type OutboxPayloads,
} from './outbox'

/** Carries out one kind of item; throwing means "try again later". */
export type OutboxHandlers = {
  [K in OutboxKind]: (payload: OutboxPayloads[K], item: ClaimedItem) => Promise<void>
}

/** Thrown by a handler when retrying cannot help (the item is dead at once). */
export class PermanentFailure extends Error {}

/** A periodic job: run once per `everyMs` across every process sharing the database. */
export interface ScheduledJob {
  name: string
  everyMs: number
  run(): Promise<void>
}

export type DeliveryOutcome = 'delivered' | 'retry' | 'dead'

export interface JobWorkerOptions {
  db: Db
  now: () => Date
  log: FastifyBaseLogger
  handlers: OutboxHandlers
  schedules: ScheduledJob[]
  settings: Config['jobs']
  /** The database's LISTEN, so a queued item is delivered at once rather than at the next poll. */
  listen?: Database['listen']
  onDelivery?: (kind: string, outcome: DeliveryOutcome) => void
}

export interface JobWorker {
  /** Names this process's claims in the outbox. */
  readonly id: string
  /** Listens for queued items and polls; delivers until `stop`. */
  start(): Promise<void>
  /** Stops taking work and waits for the delivery under way. */
  stop(): Promise<void>
  /** Runs due schedules once, then delivers until nothing is due now; answers items handled. */
  drain(): Promise<number>
}

const BATCH = 20

export function createJobWorker(opts: JobWorkerOptions): JobWorker {
  const id = `${process.pid}-${randomUUID().slice(0, 8)}`
  const { settings, log } = opts
  let subscription: Subscription | undefined
  let poll: NodeJS.Timeout | undefined
  const retryTimers = new Set<NodeJS.Timeout>()
  let stopped = true
  // One pass at a time; a wake-up during a pass asks for another one after it.
  let running: Promise<number> | undefined
  let again = false

  async function deliver(item: ClaimedItem): Promise<void> {
    const handler = opts.handlers[item.kind as OutboxKind] as
      ((payload: unknown, item: ClaimedItem) => Promise<void>) | undefined
    try {
      if (!handler) throw new PermanentFailure(`no handler for outbox kind "${item.kind}"`)
      // Within half the lease: a hung delivery must not outlive this worker's claim on it.
      await withTimeout(handler(item.payload, item), settings.leaseMs / 2)
      await markDone(opts.db, item, id, opts.now())
      opts.onDelivery?.(item.kind, 'delivered')
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err)
      const last = err instanceof PermanentFailure || item.attempt >= settings.maxAttempts
      const delay = retryDelayMs(item.attempt, {
        baseMs: settings.retryBaseMs,
        maxMs: settings.retryMaxMs,
      })
      const retryAt = last ? null : new Date(opts.now().getTime() + delay)
      await markFailed(opts.db, item, id, message, retryAt)
      opts.onDelivery?.(item.kind, last ? 'dead' : 'retry')
      const context = { err, outboxId: item.id, kind: item.kind, attempt: item.attempt }
      if (last) log.error(context, 'outbox item failed for good')
      else {
        log.warn({ ...context, retryAt }, 'outbox item failed; will retry')
        if (!stopped) {
          const timer = setTimeout(() => {
            retryTimers.delete(timer)
            wake()
          }, delay + 5)
          timer.unref()
          retryTimers.add(timer)
        }
      }
    }
  }

  async function runSchedules(): Promise<void> {
    for (const job of opts.schedules) {
      const now = opts.now()
      await opts.db
        .insert(scheduledJobs)
        .values({ name: job.name, nextRunAt: now })
        .onConflictDoNothing()
      // Whoever moves the next run on runs this one; every other process finds it not due.
      const [mine] = await opts.db
        .update(scheduledJobs)
        .set({ nextRunAt: new Date(now.getTime() + job.everyMs), lastStartedAt: now })
        .where(and(eq(scheduledJobs.name, job.name), lte(scheduledJobs.nextRunAt, now)))
        .returning({ name: scheduledJobs.name })
      if (!mine) continue
      let lastError: string | null = null
      try {
        await job.run()
      } catch (err) {
        lastError = err instanceof Error ? err.message : String(err)
        log.error({ err, job: job.name }, 'scheduled job failed')
      }
      await opts.db.update(scheduledJobs).set({ lastError }).where(eq(scheduledJobs.name, job.name))
    }
  }

  async function pass(): Promise<number> {
    let handled = 0
    await runSchedules()
    for (;;) {
      const now = opts.now()
      const items = await claimDue(
        opts.db,
        id,
        now,
        new Date(now.getTime() + settings.leaseMs),
        BATCH,
      )
      if (items.length === 0) return handled
      for (const item of items) await deliver(item)
      handled += items.length
    }
  }

  function run(): Promise<number> {
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      let handled = 0
      try {
        do {
          again = false
          handled += await pass()
        } while (again)
      } finally {
        running = undefined
      }
      return handled
    })()
    return running
  }

  function wake() {
    run().catch((err: unknown) => log.error({ err }, 'job worker pass failed'))
  }

  return {
    id,
    async start() {
      if (!stopped) return
      stopped = false
      if (opts.listen)
        subscription = await opts.listen(OUTBOX_CHANNEL, { onNotify: wake, onUp: wake })
      poll = setInterval(wake, settings.pollMs)
      poll.unref()
      wake()
    },
    async stop() {
      stopped = true
      clearInterval(poll)
      for (const timer of retryTimers) clearTimeout(timer)
      retryTimers.clear()
      await subscription?.close()
      subscription = undefined
      await running?.catch(() => undefined)
    },
    // A pass under way may have started before the caller's change committed: run() then asks
    // it for one more pass, which sees the change.
    drain: run,
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${Math.round(ms)} ms`)), ms)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}
