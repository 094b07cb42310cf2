import type { Tx } from '../../db/client'
import { enqueue, enqueueItems, type OutboxItem } from '../../jobs/outbox'

/** A product row after its stock moved: its family (null without one), its stock before and now. */
export interface StockMove {
  familyId: string | null
  before: number
  after: number
}

/**
 * A variant that ran out, or came back in stock, may have to hand its family's listing card to
 * another (decision 090: the lead is the cheapest variant with stock). Orders, cancellations and
 * returns move stock inside their own transactions, which lock products in id order; moving the
 * lead there would lock the siblings too, out of that order. So it is queued through the outbox
 * (it exists exactly when the stock change committed) and done a moment later by the worker,
 * which locks the family's rows in id order first. Stock that stays above zero changes nothing.
 */
export async function queueFamilyLeadCheck(tx: Tx, moves: readonly StockMove[]) {
  await enqueueItems(tx, familyLeadItems(moves))
}

/**
 * The outbox item queueFamilyLeadCheck would queue (none when no stock crossed zero), for a
 * caller that queues it with others in one statement (order placement).
 */
export function familyLeadItems(moves: readonly StockMove[]): OutboxItem[] {
  const familyIds = new Set<string>()
  for (const move of moves) {
    if (move.familyId && move.before > 0 !== move.after > 0) familyIds.add(move.familyId)
  }
  if (familyIds.size === 0) return []
  return [
    {
      kind: 'catalog.refresh-families',
      payload: { familyIds: [...familyIds].sort() },
      dedupeKey: null,
    },
  ]
}

/**
 * Queues the families' refresh (lead, option keys, price range) through the outbox, for a write
 * that holds a variant's row locked and must not lock its siblings out of id order: a variant's
 * stock crossing zero (above), or a scheduled sale changing its price (offers).
 */
export async function queueFamilyRefresh(tx: Tx, familyIds: readonly string[]) {
  if (familyIds.length === 0) return
  await enqueue(tx, 'catalog.refresh-families', { familyIds: [...new Set(familyIds)].sort() })
}
