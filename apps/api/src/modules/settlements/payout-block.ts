import type { PayoutBlock } from '@techbazaar/shared'
import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { payoutAccounts, payoutHolds } from '../../db/schema'

/**
 * Why a seller's payable money is not paid out, or null when nothing stops it: an admin's hold
 * first (with its reason), then the bank account: none given, its check still running, or
 * refused. A seller earns all the same; the money waits in its balance.
 */
export async function payoutBlockOf(
  db: Db,
  sellerId: string,
): Promise<{ kind: PayoutBlock; reason: string | null } | null> {
  const [[hold], [account]] = await Promise.all([
    db
      .select({ reason: payoutHolds.reason })
      .from(payoutHolds)
      .where(and(eq(payoutHolds.sellerId, sellerId), isNull(payoutHolds.releasedAt))),
    db
      .select({ status: payoutAccounts.status, reason: payoutAccounts.reason })
      .from(payoutAccounts)
      .where(eq(payoutAccounts.sellerId, sellerId)),
  ])
  if (hold) return { kind: 'onHold', reason: hold.reason }
  if (!account) return { kind: 'noDetails', reason: null }
  if (account.status === 'pending') return { kind: 'accountPending', reason: account.reason }
  if (account.status === 'failed') return { kind: 'accountFailed', reason: account.reason }
  return null
}
