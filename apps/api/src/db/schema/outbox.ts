import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id } from './columns'

export const OUTBOX_STATES = ['pending', 'done', 'dead'] as const
export type OutboxState = (typeof OUTBOX_STATES)[number]

/**
 * Side effects of committed changes (mails, provider calls), written in the change's own
 * transaction and carried out afterwards by the job worker (jobs/worker.ts), with retries.
 * - `runAt` null: due at once; else not before (a retry's backoff).
 * - `lockedBy`/`lockedUntil`: the worker delivering it, and until when its claim holds; a worker
 *   that died mid-delivery loses the claim when the lease runs out and another takes it.
 * - `dead`: gave up after the last attempt (counted in /api/metrics as failed).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    /** Enqueueing the same key twice keeps the first item (a replayed webhook mails once). */
    dedupeKey: text('dedupe_key'),
    status: text('status', { enum: OUTBOX_STATES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('outbox_dedupe_key').on(t.dedupeKey),
    index('outbox_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
)

/**
 * Periodic jobs (the expiry sweep, the purges). A process runs one when it moves `nextRunAt` on
 * with a conditional update, so each run happens once across all processes.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastError: text('last_error'),
})
