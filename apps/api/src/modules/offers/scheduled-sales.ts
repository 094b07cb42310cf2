import { and, eq, isNotNull, isNull, lte } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { products, scheduledSales } from '../../db/schema'

/**
 * Applies the scheduled sale prices whose time has come and ends those whose time is up
 * (decision 092), each in its own transaction claimed by a conditional update, so several
 * processes running the job never apply one twice. The sale price is written into the product's
 * `sale_price_paise`: the indexed effective price the listing filters and sorts by follows it,
 * and the catalog's change trigger (migration 0006) drops every catalog and page cache.
 * Ending puts back the sale price the product had, unless someone changed the price meanwhile
 * (a seller's later edit wins). Answers how many sales started and ended.
 */
export async function runScheduledSales(
  db: Db,
  now: Date,
): Promise<{ started: number; ended: number }> {
  let ended = 0
  let started = 0
  const running = await db
    .select({ id: scheduledSales.id })
    .from(scheduledSales)
    .where(
      and(
        isNotNull(scheduledSales.appliedAt),
        isNull(scheduledSales.endedAt),
        lte(scheduledSales.endsAt, now),
      ),
    )
  for (const { id } of running) {
    await db.transaction(async (tx) => {
      const [sale] = await tx
        .update(scheduledSales)
        .set({ endedAt: now })
        .where(and(eq(scheduledSales.id, id), isNull(scheduledSales.endedAt)))
        .returning()
      if (!sale) return
      ended += 1
      await tx
        .update(products)
        .set({ salePricePaise: sale.previousSalePaise ?? 0 })
        .where(
          and(eq(products.id, sale.productId), eq(products.salePricePaise, sale.salePricePaise)),
        )
    })
  }
  const due = await db
    .select({ id: scheduledSales.id })
    .from(scheduledSales)
    .where(and(isNull(scheduledSales.appliedAt), lte(scheduledSales.startsAt, now)))
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const [product] = await tx
        .select({ salePricePaise: products.salePricePaise })
        .from(products)
        .innerJoin(scheduledSales, eq(scheduledSales.productId, products.id))
        .where(eq(scheduledSales.id, id))
        .for('update', { of: products })
      // A sale whose whole window passed unapplied (the shop was down) is closed untouched.
      const [sale] = await tx
        .update(scheduledSales)
        .set({ appliedAt: now, previousSalePaise: product?.salePricePaise ?? 0 })
        .where(and(eq(scheduledSales.id, id), isNull(scheduledSales.appliedAt)))
        .returning()
      if (!sale) return
      if (sale.endsAt <= now) {
        await tx.update(scheduledSales).set({ endedAt: now }).where(eq(scheduledSales.id, id))
        return
      }
      started += 1
      await tx
        .update(products)
        .set({ salePricePaise: sale.salePricePaise })
        .where(eq(products.id, sale.productId))
    })
  }
  return { started, ended }
}
