import { formatShopDate } from '@techbazaar/shared'
import { eq, sql, type SQL } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { AppDeps } from '../../app-types'
import type { Tx } from '../../db/client'
import { accountActivity, users } from '../../db/schema'
import { enqueue } from '../../jobs/outbox'
import { hashPassword } from '../../lib/password'
import { eraseAccountRows, isAnythingUnderWay } from './deletion'
import { removeStoredFiles } from './stored-files'

const HOUR = 3_600_000
const DAY = 24 * HOUR
/** Accounts noticed, and accounts erased, per pass: bounded work, the next hour takes the rest. */
const NOTICE_BATCH = 200
const ERASE_BATCH = 100

type Deps = Pick<AppDeps, 'db' | 'now' | 'config' | 'storage'> & { log?: FastifyBaseLogger }

/**
 * A shopper's last activity: its sign-up, its newest sign-in (sessions, while they are kept) and
 * the newest one recorded before they were deleted, its newest order. GREATEST skips nulls.
 */
const activeAt = (userId: SQL | string) => sql`GREATEST(
  (SELECT act_u.created_at FROM users act_u WHERE act_u.id = ${userId}),
  (SELECT act_a.last_active_at FROM account_activity act_a WHERE act_a.user_id = ${userId}),
  (SELECT max(act_s.last_seen_at) FROM sessions act_s WHERE act_s.user_id = ${userId}),
  (SELECT max(act_o.created_at) FROM orders act_o WHERE act_o.user_id = ${userId})
)`

interface Candidate {
  id: string
  email: string
  user_name: string
  active_at: Date | string
  erasure_notice_at: Date | string | null
}

/**
 * Shopper accounts whose last activity is before `before`, with the notice last mailed; only
 * accounts made before `before` can be (their sign-up is an activity), which keeps the scan short.
 */
async function inactiveSince(deps: Deps, before: Date, where: SQL, limit: number) {
  const result = await deps.db.execute(sql`
    SELECT * FROM (
      SELECT u.id, u.email, u.user_name, a.erasure_notice_at,
        ${activeAt(sql`u.id`)} AS active_at
      FROM users u LEFT JOIN account_activity a ON a.user_id = u.id
      WHERE u.type = 'user' AND u.deleted_at IS NULL AND u.created_at < ${before.toISOString()}
    ) c
    WHERE c.active_at < ${before.toISOString()} AND ${where}
    ORDER BY c.active_at
    LIMIT ${limit}`)
  // node-postgres and PGlite both answer raw statements with `.rows`.
  return (result as unknown as { rows: Candidate[] }).rows.map((r) => ({
    ...r,
    active_at: new Date(r.active_at),
    erasure_notice_at: r.erasure_notice_at ? new Date(r.erasure_notice_at) : null,
  }))
}

/**
 * Keeps the newest sign-in of each account before the retention purge deletes its sessions
 * (called by it first, and by the erasure).
 */
export async function rememberSignIns(tx: Deps['db']) {
  await tx.execute(sql`
    INSERT INTO account_activity (user_id, last_active_at)
    SELECT s.user_id, max(s.last_seen_at) FROM sessions s GROUP BY s.user_id
    ON CONFLICT (user_id) DO UPDATE
      SET last_active_at = GREATEST(account_activity.last_active_at, EXCLUDED.last_active_at)`)
}

function noticeMail(
  shopName: string,
  appUrl: string,
  userName: string,
  eraseAt: Date,
  years: string,
) {
  return {
    subject: `Your ${shopName} account will be deleted on ${formatShopDate(eraseAt, 'medium')}`,
    text: [
      `Dear ${userName},`,
      '',
      `You have not signed in to ${shopName} or placed an order for ${years}. As the Digital Personal Data Protection Rules, 2025 require, we will delete your account and the personal data in it on ${formatShopDate(eraseAt, 'moment')} (India time).`,
      '',
      `To keep your account, simply sign in before then: ${appUrl}/auth/login`,
      '',
      'If you do nothing, your name, email, mobile number, addresses and cart are erased, and your reviews stay as a former customer’s. Tax invoices of your past orders are kept for eight years with the name and address they print, as the law requires.',
    ].join('\n'),
  }
}

/**
 * The inactivity erasure (DPDP Rules 2025 r.8 with the Third Schedule; decision 82): a shopper
 * account with no sign-in or order for `config.retention.inactiveDays` is erased as a deletion
 * by its owner would erase it (deletion.ts: invoices and credit notes stay), after a notice
 * mailed `inactiveNoticeHours` before. A sign-in or order after the notice voids it. Accounts
 * with an order, return or refund under way are left for a later pass. Sellers and admins are
 * not touched (their records carry tax duties). Answers the counts.
 */
export async function eraseInactiveAccounts(
  deps: Deps,
): Promise<{ noticed: number; erased: number }> {
  const { inactiveDays, inactiveNoticeHours } = deps.config.retention
  await rememberSignIns(deps.db)
  if (inactiveDays === 0) return { noticed: 0, erased: 0 }
  const now = deps.now()
  const noticeMs = inactiveNoticeHours * HOUR
  const inactiveMs = inactiveDays * DAY
  const years = inactiveDays % 365 === 0 ? `${inactiveDays / 365} year(s)` : `${inactiveDays} days`

  // Notices: inactive for the period less the notice, and not noticed since the last activity.
  const toNotice = await inactiveSince(
    deps,
    new Date(now.getTime() - inactiveMs + noticeMs),
    sql`(c.erasure_notice_at IS NULL OR c.erasure_notice_at < c.active_at)`,
    NOTICE_BATCH,
  )
  for (const account of toNotice) {
    const eraseAt = new Date(
      Math.max(now.getTime() + noticeMs, account.active_at.getTime() + inactiveMs),
    )
    const mail = noticeMail(
      deps.config.shopName,
      deps.config.appUrl,
      account.user_name,
      eraseAt,
      years,
    )
    await deps.db.transaction(async (tx) => {
      await tx
        .insert(accountActivity)
        .values({ userId: account.id, erasureNoticeAt: now })
        .onConflictDoUpdate({ target: accountActivity.userId, set: { erasureNoticeAt: now } })
      await enqueue(
        tx,
        'mail',
        { mail: { to: account.email, ...mail } },
        { dedupeKey: `inactivity-notice:${account.id}:${account.active_at.getTime()}` },
      )
    })
  }

  // Erasures: noticed at least the notice period ago, and nothing done since.
  const toErase = await inactiveSince(
    deps,
    new Date(now.getTime() - inactiveMs),
    sql`c.erasure_notice_at <= ${new Date(now.getTime() - noticeMs).toISOString()}
      AND c.erasure_notice_at >= c.active_at`,
    ERASE_BATCH,
  )
  let erased = 0
  // No password works any more: the hash of a random one nobody knows, made once per pass.
  const unusable = toErase.length > 0 ? await hashPassword(crypto.randomUUID()) : ''
  for (const account of toErase) {
    const photos = await deps.db.transaction((tx) =>
      eraseIfStillInactive(tx, account, unusable, now),
    )
    if (photos === null) continue
    erased += 1
    await removeStoredFiles(deps, photos)
  }
  return { noticed: toNotice.length, erased }
}

/** Under the account's lock, checks again (a sign-in may have come meanwhile), then erases. */
async function eraseIfStillInactive(
  tx: Tx,
  account: Candidate & { active_at: Date; erasure_notice_at: Date | null },
  unusable: string,
  now: Date,
): Promise<string[] | null> {
  const locked = await tx.execute(
    sql`SELECT ${activeAt(account.id)} AS active_at FROM ${users}
      WHERE ${users.id} = ${account.id} AND ${users.deletedAt} IS NULL FOR UPDATE`,
  )
  const row = (locked as unknown as { rows: { active_at: Date | string }[] }).rows[0]
  if (!row || new Date(row.active_at).getTime() > account.active_at.getTime()) return null
  if (await isAnythingUnderWay(tx, account.id)) return null
  const photos = await eraseAccountRows(tx, account, unusable, now)
  await tx.delete(accountActivity).where(eq(accountActivity.userId, account.id))
  return photos
}
