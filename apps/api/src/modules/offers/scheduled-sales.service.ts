import {
  SCHEDULED_SALE_START_GRACE_MINUTES,
  formatShopDate,
  isMarketplaceAdmin,
  paiseToRupees,
  rupeesToPaise,
  type ScheduledSaleEditInput,
  type ScheduledSaleInput,
  type ScheduledSaleStatus,
  type ScheduledSaleView,
  type SessionUser,
} from '@techbazaar/shared'
import { and, desc, eq, gt, isNull, lt, ne, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { products, scheduledSales, users } from '../../db/schema'
import { badRequest, conflict, notFound } from '../../lib/errors'
import { endRunningSale, lockSaleProduct } from './scheduled-sales'

type SaleRow = typeof scheduledSales.$inferSelect

/** Where a sale stands, read from what the job and the back office wrote on it. */
export function saleStatusOf(
  row: Pick<SaleRow, 'appliedAt' | 'endedAt' | 'cancelledAt'>,
): ScheduledSaleStatus {
  if (row.cancelledAt) return 'cancelled'
  if (row.endedAt) return 'ended'
  return row.appliedAt ? 'running' : 'upcoming'
}

const viewColumns = {
  sale: scheduledSales,
  productTitle: products.title,
  pricePaise: products.pricePaise,
  sellerId: products.sellerId,
  sellerName: users.userName,
}

function listed(db: Db | Tx, where: SQL | undefined) {
  return db
    .select(viewColumns)
    .from(scheduledSales)
    .innerJoin(products, eq(products.id, scheduledSales.productId))
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(where)
}

type ListedRow = Awaited<ReturnType<typeof listed>>[number]

function viewOf({ sale, productTitle, pricePaise, sellerId, sellerName }: ListedRow) {
  return {
    _id: sale.id,
    productId: sale.productId,
    productTitle,
    sellerId,
    sellerName,
    price: paiseToRupees(pricePaise),
    salePrice: paiseToRupees(sale.salePricePaise),
    startsAt: sale.startsAt.toISOString(),
    endsAt: sale.endsAt.toISOString(),
    status: saleStatusOf(sale),
    endedAt: sale.endedAt?.toISOString() ?? null,
  } satisfies ScheduledSaleView
}

/** Sellers see only their own products' sales; an admin sees all, or one seller's. */
const visibleTo = (user: SessionUser, sellerId?: string) =>
  isMarketplaceAdmin(user)
    ? sellerId
      ? eq(products.sellerId, sellerId)
      : undefined
    : eq(products.sellerId, user.id)

/** The sales the caller manages, the latest start first (decision 092). */
export async function listScheduledSales(
  db: Db,
  user: SessionUser,
  sellerId?: string,
): Promise<ScheduledSaleView[]> {
  const rows = await listed(db, visibleTo(user, sellerId)).orderBy(
    desc(scheduledSales.startsAt),
    desc(scheduledSales.id),
  )
  return rows.map(viewOf)
}

async function viewById(db: Db | Tx, id: string): Promise<ScheduledSaleView> {
  const [row] = await listed(db, eq(scheduledSales.id, id))
  if (!row) throw notFound('Sale not found')
  return viewOf(row)
}

/**
 * The product a sale is for, locked for the rest of the transaction (so two overlapping sales
 * made at once take turns); another seller's product answers 404 as if it were not there.
 */
async function lockOwnProduct(tx: Tx, user: SessionUser, productId: string) {
  const [product] = await tx
    .select({ sellerId: products.sellerId, pricePaise: products.pricePaise })
    .from(products)
    .where(and(eq(products.id, productId), isNull(products.deletedAt)))
    .for('update')
  if (!product || (!isMarketplaceAdmin(user) && product.sellerId !== user.id)) {
    throw notFound('Product not found')
  }
  return product
}

/** The caller's own sale (admins: any); another's answers 404 as if it were not there. */
async function ownSale(db: Db | Tx, user: SessionUser, id: string): Promise<SaleRow> {
  const [row] = await listed(db, eq(scheduledSales.id, id))
  if (!row || (!isMarketplaceAdmin(user) && row.sellerId !== user.id)) {
    throw notFound('Sale not found')
  }
  return row.sale
}

interface Window {
  salePricePaise: number
  startsAt: Date
  endsAt: Date
}

function windowOf(input: ScheduledSaleEditInput): Window {
  return {
    salePricePaise: rupeesToPaise(input.salePrice),
    startsAt: new Date(input.startsAt),
    endsAt: new Date(input.endsAt),
  }
}

/**
 * The rules a new or changed sale keeps: below the product's price, ending after it starts,
 * starting now or later (a few minutes' grace for a slow form), and no overlap with another
 * sale of the product that has not ended (two would fight over one price).
 */
async function assertWindow(
  tx: Tx,
  productId: string,
  pricePaise: number,
  w: Window,
  now: Date,
  exceptId?: string,
): Promise<void> {
  if (w.salePricePaise >= pricePaise) {
    throw badRequest(
      `The sale price must be below the product's price of ₹${paiseToRupees(pricePaise)}`,
      [{ path: 'salePrice', message: 'The sale price must be below the product’s price' }],
    )
  }
  if (w.endsAt <= w.startsAt) {
    throw badRequest('The end must be after the start', [
      { path: 'endsAt', message: 'The end must be after the start' },
    ])
  }
  if (w.startsAt.getTime() < now.getTime() - SCHEDULED_SALE_START_GRACE_MINUTES * 60_000) {
    throw badRequest('The start cannot be in the past', [
      { path: 'startsAt', message: 'The start cannot be in the past' },
    ])
  }
  const [other] = await tx
    .select({ startsAt: scheduledSales.startsAt, endsAt: scheduledSales.endsAt })
    .from(scheduledSales)
    .where(
      and(
        eq(scheduledSales.productId, productId),
        isNull(scheduledSales.endedAt),
        lt(scheduledSales.startsAt, w.endsAt),
        gt(scheduledSales.endsAt, w.startsAt),
        exceptId ? ne(scheduledSales.id, exceptId) : undefined,
      ),
    )
    .limit(1)
  if (other) {
    throw conflict(
      `This product already has a sale from ${formatShopDate(other.startsAt, 'moment')} to ${formatShopDate(other.endsAt, 'moment')}: choose dates that do not overlap it`,
    )
  }
}

/** Schedules a sale on one of the caller's products (an admin: any product). */
export async function createScheduledSale(
  db: Db,
  user: SessionUser,
  input: ScheduledSaleInput,
  now: Date,
): Promise<ScheduledSaleView> {
  return db.transaction(async (tx) => {
    const product = await lockOwnProduct(tx, user, input.productId)
    const w = windowOf(input)
    await assertWindow(tx, input.productId, product.pricePaise, w, now)
    const [created] = await tx
      .insert(scheduledSales)
      .values({ productId: input.productId, ...w })
      .returning({ id: scheduledSales.id })
    return viewById(tx, created!.id)
  })
}

/**
 * Changes the price or window of a sale that has not started. Once the job applied it (or its
 * start passed), it can only be ended: its price is already the product's.
 */
export async function updateScheduledSale(
  db: Db,
  user: SessionUser,
  id: string,
  input: ScheduledSaleEditInput,
  now: Date,
): Promise<ScheduledSaleView> {
  const existing = await ownSale(db, user, id)
  return db.transaction(async (tx) => {
    const product = await lockOwnProduct(tx, user, existing.productId)
    // The product's lock is every sale writer's first (the job's too): what is read now holds.
    const [current] = await tx.select().from(scheduledSales).where(eq(scheduledSales.id, id))
    const status = current ? saleStatusOf(current) : 'ended'
    if (status === 'ended' || status === 'cancelled') {
      throw conflict('This sale is over and cannot be changed')
    }
    if (status === 'running' || current!.startsAt <= now) {
      throw conflict('This sale has started: it can no longer be changed, only ended')
    }
    const w = windowOf(input)
    await assertWindow(tx, existing.productId, product.pricePaise, w, now, id)
    await tx.update(scheduledSales).set(w).where(eq(scheduledSales.id, id))
    return viewById(tx, id)
  })
}

/**
 * Calls a sale off: one not started is ended unapplied (the job never applies it); a running
 * one ends now through the job's own ending step, so the price before the sale comes back
 * exactly (unless the seller changed it meanwhile) and the catalog caches are dropped.
 */
export async function cancelScheduledSale(
  db: Db,
  user: SessionUser,
  id: string,
  now: Date,
): Promise<ScheduledSaleView> {
  await ownSale(db, user, id)
  return db.transaction(async (tx) => {
    await lockSaleProduct(tx, id)
    const [notStarted] = await tx
      .update(scheduledSales)
      .set({ endedAt: now, cancelledAt: now })
      .where(
        and(
          eq(scheduledSales.id, id),
          isNull(scheduledSales.appliedAt),
          isNull(scheduledSales.endedAt),
        ),
      )
      .returning({ id: scheduledSales.id })
    if (!notStarted && !(await endRunningSale(tx, id, now, true))) {
      throw conflict('This sale is already over')
    }
    return viewById(tx, id)
  })
}
