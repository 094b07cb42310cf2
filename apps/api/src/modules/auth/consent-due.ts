import { PRIVACY_NOTICE_VERSION } from '@techbazaar/shared'
import { and, eq, isNull } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { consents } from '../../db/schema'

/**
 * Whether the account still has to agree to the current privacy notice (decision 82): no open
 * consent to the account's purpose under `PRIVACY_NOTICE_VERSION`. True for accounts made before
 * the notice existed, made by an admin (sellers), or that agreed to an older version. Lives with
 * the session because check-auth answers it; the privacy module records the consent.
 */
export async function isConsentDue(db: Db | Tx, userId: string): Promise<boolean> {
  const [open] = await db
    .select({ id: consents.id })
    .from(consents)
    .where(
      and(
        eq(consents.userId, userId),
        eq(consents.purpose, 'account'),
        eq(consents.noticeVersion, PRIVACY_NOTICE_VERSION),
        isNull(consents.withdrawnAt),
      ),
    )
    .limit(1)
  return !open
}
