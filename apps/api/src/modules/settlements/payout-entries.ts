import { and, eq, inArray } from 'drizzle-orm'
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

export async function giveBackPayouts(
  tx: Tx,
  given: readonly { payoutId: string; sellerId: string; at: Date }[],
): Promise<void> {
  if (given.length === 0) return
  const taken = await tx
    .select({
      id: settlementEntries.id,
      payoutId: settlementEntries.payoutId,
      amountPaise: settlementEntries.amountPaise,
    })
    .from(settlementEntries)
    .where(
      and(
        inArray(
          settlementEntries.payoutId,
          given.map((g) => g.payoutId),
        ),
        eq(settlementEntries.kind, 'payout'),
      ),
    )
  const takenOf = new Map(taken.map((t) => [t.payoutId, t]))
  const rows = given.flatMap((p) => {
    const t = takenOf.get(p.payoutId)
    return t
      ? [
          {
            sellerId: p.sellerId,
            payoutId: p.payoutId,
            kind: 'payoutReturned' as const,
            amountPaise: -t.amountPaise,
            reversible: false,
            reverses: t.id,
            dedupeKey: `payout-returned:${p.payoutId}`,
            createdAt: p.at,
          },
        ]
      : []
  })
  if (rows.length === 0) return
  await tx
    .insert(settlementEntries)
    .values(rows)
    .onConflictDoNothing({ target: settlementEntries.dedupeKey })
}

export const giveBackPayout = (tx: Tx, p: { payoutId: string; sellerId: string; at: Date }) =>
  giveBackPayouts(tx, [p])
