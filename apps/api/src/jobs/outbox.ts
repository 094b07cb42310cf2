import { and, count, eq, isNull, lt, lte, or, sql, type SQLWrapper } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { outbox } from '../db/schema'
import type { Mail } from '../lib/mail'
import type { SmsMessage } from '../sms'

/** The channel the outbox's insert trigger announces on (migration 0018). */
export const OUTBOX_CHANNEL = 'outbox_queued'

/** Every kind of side effect the worker carries out, with what it needs to do it. */
export interface OutboxPayloads {
  /** A mail rendered when its change committed (its words are the ones true at that moment). */
  mail: { mail: Mail }
  /** An SMS rendered when its change committed, sent by the configured provider (decision 093). */
  sms: { sms: SmsMessage }
  /** Close a provider's checkout so it can no longer be paid (Cashfree: TERMINATED). */
  'payment.terminate': { provider: string; providerOrderId: string }
  /** Ask the provider for one attempt of a refund in the ledger (refunds/ledger.ts). */
  'payment.refund': { refundId: string }
  /** Send one queued payout to its rail (modules/payouts/payout-sender.ts). */
  'payout.send': { payoutId: string }
  /** "Forgot password?" for this email, looked up after the answer (auth/password-reset.ts). */
  'auth.password-reset': { email: string; ip: string }
  /** Move variant families' leads after stock ran out or came back (kernel/family-leads.ts). */
  'catalog.refresh-families': { familyIds: string[] }
  /** Register a B2B credit note with the IRP (CRN) after it was issued (decision 78). */
  'einvoice.credit-note': { creditNoteId: string }
}
export type OutboxKind = keyof OutboxPayloads

/**
 * The dedupe keys of the items more than one place writes or looks for: one home each, and the
 * refund's in its SQL form too (the refund worker finds the items of abandoned attempts by it).
 */
export const outboxKeys = {
  /** One provider call per attempt of a refund. */
  refund: (refundId: string, attempt: number) => `refund:${refundId}:${attempt}`,
  refundSql: (refundId: SQLWrapper, attempt: SQLWrapper) =>
    sql<string>`'refund:' || ${refundId}::text || ':' || ${attempt}::text`,
  /** One close of a provider's checkout. */
  terminate: (provider: string, providerOrderId: string) =>
    `terminate:${provider}:${providerOrderId}`,
}

/** An item as the worker holds it while delivering it. */
export interface ClaimedItem {
  id: string
  kind: string
  payload: unknown
  /** This delivery's attempt, from 1. */
  attempt: number
}

/**
 * Queues `kind` in the caller's transaction: it exists exactly when the change it follows
 * committed. With `dedupeKey`, a second item with the same key is not queued (answers false).
 */
export async function enqueue<K extends OutboxKind>(
  tx: Tx | Db,
  kind: K,
  payload: OutboxPayloads[K],
  opts: { dedupeKey?: string } = {},
): Promise<boolean> {
  const inserted = await tx
    .insert(outbox)
    .values({ kind, payload, dedupeKey: opts.dedupeKey ?? null })
    .onConflictDoNothing()
    .returning({ id: outbox.id })
  return inserted.length > 0
}

/** An item to queue, of any kind (the outbox's row as a caller writes it). */
export type OutboxItem = {
  [K in OutboxKind]: { kind: K; payload: OutboxPayloads[K]; dedupeKey: string | null }
}[OutboxKind]

/**
 * Items of any kinds in one INSERT, in the caller's transaction (each skipped when its dedupe
 * key is taken already): an event's mail and SMS cost one round trip, not one each.
 */
export async function enqueueItems(tx: Tx | Db, items: readonly OutboxItem[]): Promise<void> {
  if (items.length === 0) return
  await tx.execute(outboxInsert(items))
}

/**
 * The INSERT enqueueItems sends, for a caller that sends it inside a larger statement (order
 * placement writes its key's answer and its messages in one): the items travel as one JSON
 * parameter, so the statement's text is the same whatever their number.
 */
export function outboxInsert(items: readonly OutboxItem[]) {
  const rows = items.map((item) => ({
    kind: item.kind,
    payload: item.payload,
    dedupe_key: item.dedupeKey,
  }))
  return sql`INSERT INTO ${outbox} (kind, payload, dedupe_key)
    SELECT kind, payload, dedupe_key
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS i(kind text, payload jsonb, dedupe_key text)
    ON CONFLICT DO NOTHING`
}

/** Many items of one kind in one INSERT (each skipped when its dedupe key is taken already). */
export async function enqueueMany<K extends OutboxKind>(
  tx: Tx | Db,
  kind: K,
  items: readonly { payload: OutboxPayloads[K]; dedupeKey: string }[],
): Promise<void> {
  if (items.length === 0) return
  await tx
    .insert(outbox)
    .values(items.map((item) => ({ kind, payload: item.payload, dedupeKey: item.dedupeKey })))
    .onConflictDoNothing()
}

/** When the next attempt after `attempt` failed ones may run: doubling, capped, with jitter. */
export function retryDelayMs(
  attempt: number,
  opts: { baseMs: number; maxMs: number },
  random: () => number = Math.random,
): number {
  const doubled = opts.baseMs * 2 ** Math.min(attempt - 1, 30)
  const capped = Math.min(doubled, opts.maxMs)
  // ±20 %: processes that failed together (an SMTP outage) do not all come back at once.
  return Math.round(capped * (0.8 + 0.4 * random()))
}

/**
 * Takes up to `limit` due items for `workerId` until `leaseUntil`. SKIP LOCKED lets several
 * processes claim at once without waiting on, or taking, each other's rows; the lease keeps an
 * item claimed after this statement commits, so no other worker delivers it meanwhile.
 */
export async function claimDue(
  db: Db,
  workerId: string,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<ClaimedItem[]> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.status, 'pending'),
        or(isNull(outbox.runAt), lte(outbox.runAt, now)),
        or(isNull(outbox.lockedUntil), lte(outbox.lockedUntil, now)),
      ),
    )
    .orderBy(outbox.createdAt)
    .limit(limit)
    .for('update', { skipLocked: true })
  const rows = await db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, lockedBy: workerId, lockedUntil: leaseUntil })
    .where(sql`${outbox.id} IN ${due}`)
    .returning({
      id: outbox.id,
      kind: outbox.kind,
      payload: outbox.payload,
      attempt: outbox.attempts,
    })
  return rows.sort((a, b) => (a.id < b.id ? -1 : 1))
}

/** The claim is still this worker's: same worker, same attempt (a lease taken over is not). */
const stillMine = (item: ClaimedItem, workerId: string) =>
  and(eq(outbox.id, item.id), eq(outbox.lockedBy, workerId), eq(outbox.attempts, item.attempt))

export async function markDone(db: Db, item: ClaimedItem, workerId: string, now: Date) {
  await db
    .update(outbox)
    .set({ status: 'done', doneAt: now, lockedUntil: null, lastError: null })
    .where(stillMine(item, workerId))
}

/** A failed attempt: due again at `retryAt`, or dead when there is none. */
export async function markFailed(
  db: Db,
  item: ClaimedItem,
  workerId: string,
  error: string,
  retryAt: Date | null,
) {
  await db
    .update(outbox)
    .set({
      status: retryAt ? 'pending' : 'dead',
      runAt: retryAt,
      lockedUntil: null,
      lastError: error.slice(0, 2000),
    })
    .where(stillMine(item, workerId))
}

export interface OutboxCounts {
  /** Not yet delivered (including those waiting to be retried). */
  pending: number
  /** Pending after at least one failed attempt. */
  retrying: number
  /** Given up after the last attempt. */
  failed: number
}

export async function outboxCounts(db: Db): Promise<OutboxCounts> {
  const [row] = await db
    .select({
      pending: count(sql`CASE WHEN ${outbox.status} = 'pending' THEN 1 END`),
      retrying: count(
        sql`CASE WHEN ${outbox.status} = 'pending' AND ${outbox.attempts} > 0 THEN 1 END`,
      ),
      failed: count(sql`CASE WHEN ${outbox.status} = 'dead' THEN 1 END`),
    })
    .from(outbox)
    .where(or(eq(outbox.status, 'pending'), eq(outbox.status, 'dead')))
  return { pending: row?.pending ?? 0, retrying: row?.retrying ?? 0, failed: row?.failed ?? 0 }
}

/** Deletes delivered items older than `before` (their mails may hold personal data). */
export async function purgeDelivered(db: Db, before: Date): Promise<void> {
  await db.delete(outbox).where(and(eq(outbox.status, 'done'), lt(outbox.doneAt, before)))
}
