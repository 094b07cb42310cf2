import {
  CONSENT_PURPOSES,
  PRIVACY_NOTICE_VERSION,
  type ConsentPurpose,
  type ConsentView,
} from '@techbazaar/shared'
import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import { isConsentDue } from '../auth'
import type { Db } from '../../db/client'
import { consents } from '../../db/schema'

/** Each purpose's newest consent record (given, and maybe withdrawn since). */
export async function listConsents(db: Db, userId: string): Promise<ConsentView[]> {
  const rows = await db
    .select()
    .from(consents)
    .where(eq(consents.userId, userId))
    .orderBy(desc(consents.givenAt))
  return CONSENT_PURPOSES.flatMap((purpose) => {
    const row = rows.find((r) => r.purpose === purpose)
    return row
      ? [
          {
            purpose,
            noticeVersion: row.noticeVersion,
            givenAt: row.givenAt.toISOString(),
            withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
          },
        ]
      : []
  })
}

/**
 * Gives consent to an optional purpose under the current notice; one click, as withdrawing is.
 * Giving it while it stands changes nothing (the record keeps the first moment).
 */
export async function giveConsent(db: Db, userId: string, purpose: ConsentPurpose, now: Date) {
  await db.transaction(async (tx) => {
    const [open] = await tx
      .select({ id: consents.id })
      .from(consents)
      .where(
        and(
          eq(consents.userId, userId),
          eq(consents.purpose, purpose),
          isNull(consents.withdrawnAt),
        ),
      )
      .for('update')
    if (open) return
    await tx
      .insert(consents)
      .values({ userId, purpose, noticeVersion: PRIVACY_NOTICE_VERSION, givenAt: now })
  })
}

/** Withdraws consent to a purpose: the record stays, closed at `now` (DPDP Act s.6(4)). */
export async function withdrawConsent(
  db: Db,
  userId: string,
  purpose: ConsentPurpose,
  now: Date,
): Promise<void> {
  await db
    .update(consents)
    .set({ withdrawnAt: now })
    .where(
      and(eq(consents.userId, userId), eq(consents.purpose, purpose), isNull(consents.withdrawnAt)),
    )
}

/**
 * An existing account agrees to the current notice (decision 82): a new `account` row under
 * this version (the older row stays as the record of what was agreed before), and `marketing`
 * when ticked and not already given. Agreeing twice changes nothing.
 */
export async function acceptNotice(
  db: Db,
  userId: string,
  input: { consentMarketing: boolean },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    // One agreement at a time per account: two tabs pressing at once record one row.
    await tx.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`)
    if (await isConsentDue(tx, userId)) {
      await tx
        .insert(consents)
        .values({ userId, purpose: 'account', noticeVersion: PRIVACY_NOTICE_VERSION, givenAt: now })
    }
  })
  if (input.consentMarketing) await giveConsent(db, userId, 'marketing', now)
}
