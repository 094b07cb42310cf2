import { and, eq } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { settlementEntries } from '../../db/schema'

/**
 * A payout's two possible entries in the seller's ledger (decision 060): `payout` takes its amount
 * out of the balance when the payout is made (so no other run can pay it again), and
 * `payoutReturned` gives it back when the payout fails, is reversed or is discarded. Each is
 * written once per payout, whatever replays (dedupe keys), in the transaction of its move.
 */

type TakenOut = { payoutId: string; sellerId: string; amountPaise: number; at: Date }

export async function takeOutForPayouts(tx: Tx, taken: readonly TakenOut[]): Promise<void> {
  if (taken.length === 0) return
  await tx
    .insert(settlementEntries)
    .values(
      taken.map((p) => ({
        sellerId: p.sellerId,
        payoutId: p.payoutId,
        kind: 'payout' as const,
        amountPaise: -p.amountPaise,
        reversible: true,
        dedupeKey: `payout:${p.payoutId}`,
        createdAt: p.at,
      })),
    )
    .onConflictDoNothing({ target: settlementEntries.dedupeKey })
}

export const takeOutForPayout = (tx: Tx, p: TakenOut) => takeOutForPayouts(tx, [p])

export async function giveBackPayout(
  tx: Tx,
  p: { payoutId: string; sellerId: string; at: Date },
): Promise<void> {
  const [taken] = await tx
    .select({ id: settlementEntries.id, amountPaise: settlementEntries.amountPaise })
    .from(settlementEntries)
    .where(and(eq(settlementEntries.payoutId, p.payoutId), eq(settlementEntries.kind, 'payout')))
  if (!taken) return
  await tx
    .insert(settlementEntries)
    .values({
      sellerId: p.sellerId,
      payoutId: p.payoutId,
      kind: 'payoutReturned',
      amountPaise: -taken.amountPaise,
      reversible: false,
      reverses: taken.id,
      dedupeKey: `payout-returned:${p.payoutId}`,
      createdAt: p.at,
    })
    .onConflictDoNothing({ target: settlementEntries.dedupeKey })
}
