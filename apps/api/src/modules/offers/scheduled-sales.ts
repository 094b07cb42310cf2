import { and, eq, isNotNull, isNull, lte } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { products, scheduledSales } from '../../db/schema'
import { queueFamilyRefresh } from '../kernel'

type SaleRow = typeof scheduledSales.$inferSelect

/**
 * Locks the product a sale is for. Every write on a sale takes the product's row first, then the
 * sale's (the job's steps, the back office's create, edit and cancel), so two of them never wait
 * on each other in opposite orders.
 */
export async function lockSaleProduct(tx: Tx, saleId: string) {
  const [product] = await tx
    .select({ salePricePaise: products.salePricePaise })
    .from(products)
    .innerJoin(scheduledSales, eq(scheduledSales.productId, products.id))
    .where(eq(scheduledSales.id, saleId))
    .for('update', { of: products })
  return product
}

/**
 * Ends a running sale at `now` (its end came, or it was cancelled: `cancelled`) and puts back
 * the sale price the product had before it, unless someone changed the price meanwhile (a
 * seller's later edit wins). Claimed by a conditional update, so it ends once however many
 * callers race; answers the sale ended, or undefined when it was not running. The catalog's
 * change trigger (migration 0006) drops the catalog and page caches on the product's update.
 */
export async function endRunningSale(
  tx: Tx,
  saleId: string,
  now: Date,
  cancelled = false,
): Promise<SaleRow | undefined> {
  await lockSaleProduct(tx, saleId)
  const [sale] = await tx
    .update(scheduledSales)
    .set({ endedAt: now, ...(cancelled ? { cancelledAt: now } : {}) })
    .where(
      and(
        eq(scheduledSales.id, saleId),
        isNotNull(scheduledSales.appliedAt),
        isNull(scheduledSales.endedAt),
      ),
    )
    .returning()
  if (!sale) return undefined
  const [restored] = await tx
    .update(products)
    .set({ salePricePaise: sale.previousSalePaise ?? 0 })
    .where(and(eq(products.id, sale.productId), eq(products.salePricePaise, sale.salePricePaise)))
    .returning({ familyId: products.familyId })
  // A variant's price moves its family's lead (the cheapest) and price range (decision 090): a
  // moment later, by the worker, which locks the family's rows in id order as checkout does.
  if (restored?.familyId) await queueFamilyRefresh(tx, [restored.familyId])
  return sale
}

/**
 * Applies the scheduled sale prices whose time has come and ends those whose time is up
 * (decision 092), each in its own transaction claimed by a conditional update, so several
 * processes running the job never apply one twice. The sale price is written into the product's
 * `sale_price_paise`: the indexed effective price the listing filters and sorts by follows it,
 * and the catalog's change trigger (migration 0006) drops every catalog and page cache.
 * Ending puts back the sale price the product had, unless someone changed the price meanwhile
 * (a seller's later edit wins). A sale cancelled before its start is ended unapplied, so it is
 * never due. Answers how many sales started and ended.
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
    if (await db.transaction((tx) => endRunningSale(tx, id, now))) ended += 1
  }
  const due = await db
    .select({ id: scheduledSales.id })
    .from(scheduledSales)
    .where(
      and(
        isNull(scheduledSales.appliedAt),
        isNull(scheduledSales.endedAt),
        lte(scheduledSales.startsAt, now),
      ),
    )
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const product = await lockSaleProduct(tx, id)
      // A sale whose whole window passed unapplied (the shop was down) is closed untouched.
      const [sale] = await tx
        .update(scheduledSales)
        .set({ appliedAt: now, previousSalePaise: product?.salePricePaise ?? 0 })
        .where(
          and(
            eq(scheduledSales.id, id),
            isNull(scheduledSales.appliedAt),
            isNull(scheduledSales.endedAt),
          ),
        )
        .returning()
      if (!sale) return
      if (sale.endsAt <= now) {
        await tx.update(scheduledSales).set({ endedAt: now }).where(eq(scheduledSales.id, id))
        return
      }
      started += 1
      const [applied] = await tx
        .update(products)
        .set({ salePricePaise: sale.salePricePaise })
        .where(eq(products.id, sale.productId))
        .returning({ familyId: products.familyId })
      if (applied?.familyId) await queueFamilyRefresh(tx, [applied.familyId])
    })
  }
  return { started, ended }
}
