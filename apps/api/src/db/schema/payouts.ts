import { ACCOUNT_CHECK_STATUSES, PAYOUT_RUN_STATUSES, PAYOUT_STATUSES } from '@techbazaar/shared'
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { id } from './columns'
import { users } from './users'

/**
 * Where a seller is paid (decision 060): one bank account per seller, checked by a penny drop
 * through the payout rail before any payout. Saving another account starts a new check and holds
 * payouts until it passes. The PAN itself lives on vendor_profiles (TDS reads it there).
 */
export const payoutAccounts = pgTable('payout_accounts', {
  sellerId: uuid('seller_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  holderName: text('holder_name').notNull(),
  accountNumber: text('account_number').notNull(),
  ifsc: text('ifsc').notNull(),
  status: text('status', { enum: ACCOUNT_CHECK_STATUSES }).notNull(),
  /** The rail's id of the current check (ours, unique per check: `acct-<seller>-<n>`). */
  checkReference: text('check_reference').notNull(),
  /** The rail that ran the check: a check by another rail does not count for this one. */
  checkRail: text('check_rail').notNull(),
  /** Whether the rail has answered the check's start (else the next try starts it again). */
  checkStarted: boolean('check_started').notNull().default(false),
  nameAtBank: text('name_at_bank'),
  reason: text('reason'),
  /** The admin who confirmed the account by hand (bank-file payouts), when one did. */
  confirmedBy: uuid('confirmed_by').references(() => users.id),
  checkedAt: timestamp('checked_at', { withTimezone: true }),
  /** The shop's clock when the seller last saved the account. */
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
})

/**
 * An admin's hold on a seller's payouts, with the reason: active until released. History is
 * kept (a released hold stays), one active hold per seller.
 */
export const payoutHolds = pgTable(
  'payout_holds',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    placedBy: uuid('placed_by')
      .notNull()
      .references(() => users.id),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull(),
    releasedBy: uuid('released_by').references(() => users.id),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payout_holds_active_key')
      .on(t.sellerId)
      .where(sql`${t.releasedAt} IS NULL`),
  ],
)

/**
 * A payout run: every seller with a payable balance above the minimum gets one payout. A
 * scheduled run carries its slot (`scheduleKey`, unique), so two processes that both see it due
 * make one run. Sellers it could not pay are frozen in `skipped` with the reason.
 */
export const payoutRuns = pgTable(
  'payout_runs',
  {
    id: id(),
    trigger: text('trigger', { enum: ['schedule', 'admin'] }).notNull(),
    scheduleKey: text('schedule_key'),
    status: text('status', { enum: PAYOUT_RUN_STATUSES }).notNull(),
    rail: text('rail').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    approvedBy: uuid('approved_by').references(() => users.id),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /**
     * When every seller owed money had its payout made or its skip recorded; null while the run
     * is being made (a run whose maker died is finished by the payouts job).
     */
    madeAt: timestamp('made_at', { withTimezone: true }),
    skipped: jsonb('skipped')
      .$type<{ sellerId: string; amountPaise: number; reason: string }[]>()
      .notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('payout_runs_schedule_key').on(t.scheduleKey),
    index('payout_runs_created_idx').on(t.createdAt),
  ],
)

/**
 * One payout to one seller. Its id is the rail's transfer id / idempotency key, so sending it
 * again never pays twice. The account it goes to is copied in when it is made (a seller's later
 * change does not redirect money already approved). At most one payout per seller is live
 * (preview, queued or processing): two runs at once cannot both pay a balance.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: id(),
    runId: uuid('run_id')
      .notNull()
      .references(() => payoutRuns.id),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    amountPaise: integer('amount_paise').notNull(),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull(),
    rail: text('rail').notNull(),
    holderName: text('holder_name').notNull(),
    accountNumber: text('account_number').notNull(),
    ifsc: text('ifsc').notNull(),
    railReference: text('rail_reference'),
    utr: text('utr'),
    failureReason: text('failure_reason'),
    /** A failed payout paid again by a later one (listed for retry until then). */
    retriedBy: uuid('retried_by'),
    /** A sender holds the payout until then (several API processes share the queue). */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    nextPollAt: timestamp('next_poll_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('payouts_live_seller_key')
      .on(t.sellerId)
      .where(sql`${t.status} IN ('preview', 'queued', 'processing')`),
    index('payouts_run_idx').on(t.runId),
    index('payouts_seller_idx').on(t.sellerId, t.createdAt),
    index('payouts_status_idx').on(t.status, t.nextPollAt),
    check('payouts_amount_check', sql`${t.amountPaise} > 0`),
  ],
)
