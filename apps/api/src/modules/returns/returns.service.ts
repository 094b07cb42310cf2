import {
  formatShopDate,
  isMarketplaceAdmin,
  OPEN_RETURN_STATUSES,
  RETURN_REASON_LABELS,
  type AdminReturnFilter,
  type AdminReturnListResponse,
  type CreateReturnInput,
  type OrderReturn,
  type SessionUser,
} from '@techbazaar/shared'
import { and, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { orderLines, returnLines, returns, subOrders } from '../../db/schema'
import type { Storage } from '../../lib/storage'
import { badRequest, conflict, notFound } from '../../lib/errors'
import type { CreditNoteLastDay } from '../invoices'
import { overdueReturn, recordHistory, lockOrder } from '../kernel'
import { queueReturnRequestMails } from './return-mail'
import { readReturns, returnWindowCloses, toAdminReturn, toOrderReturn } from './returns.view'

const DAY_MS = 86_400_000
export const RETURNS_PAGE_SIZE = 20

/** The returns policy (config.returns) and the shop's name and clock, as the services read them. */
export interface ReturnsPolicy {
  windowDays: number
  decisionDays: number
  refundDays: number
  /** CGST s.34(2)'s last day for credit notes (CREDIT_NOTE_LAST_DAY). */
  creditNoteLastDay: CreditNoteLastDay
  /** Whether the marketplace's own supplies are e-invoiced (their credit notes registered). */
  marketplaceEInvoicing?: boolean
  shopName: string
  now: () => Date
}

/** Every item asked for once, its quantities added up (a form may list a product twice). */
function mergeItems(items: CreateReturnInput['items']) {
  const merged = new Map<string, number>()
  for (const item of items)
    merged.set(item.productId, (merged.get(item.productId) ?? 0) + item.quantity)
  return [...merged].map(([productId, quantity]) => ({ productId, quantity }))
}

/** 400 unless every photo names a file in the shop's own storage. */
async function assertPhotosStored(storage: Storage, photos: readonly string[]) {
  const stored = await Promise.all(photos.map((url) => storage.exists(url)))
  const missing = stored.flatMap((ok, i) =>
    ok ? [] : [{ path: `photos.${i}`, message: 'Upload this photo again' }],
  )
  if (missing.length > 0) {
    throw badRequest('A photo was not uploaded to the shop: upload it again', missing)
  }
}

/** Units of `lineIds` already in returns that are not rejected (those may not be asked again). */
export async function unitsInReturns(tx: Tx, lineIds: string[]): Promise<Map<string, number>> {
  if (lineIds.length === 0) return new Map()
  const rows = await tx
    .select({
      lineId: returnLines.orderLineId,
      units: sql<number>`sum(${returnLines.quantity})::int`,
    })
    .from(returnLines)
    .innerJoin(returns, eq(returns.id, returnLines.returnId))
    .where(and(inArray(returnLines.orderLineId, lineIds), ne(returns.status, 'rejected')))
    .groupBy(returnLines.orderLineId)
  return new Map(rows.map((r) => [r.lineId, r.units]))
}

/**
 * A shopper asks to return delivered items of their order: one return per seller's part, each to
 * be decided by that seller within `decisionDays`. All or nothing, in one transaction with the
 * order locked (the lock every move of the order takes first), so two requests sent together
 * never return one unit twice. Refused: an order that is not the caller's (404, as if it did
 * not exist); an item not delivered, or past its window (409); more than is left to return,
 * a photo not in the shop's storage, a cash-on-delivery order without an account for the
 * refund or an online one with one (400).
 */
export async function createReturns(
  deps: { db: Db; storage: Storage; policy: ReturnsPolicy },
  shopper: SessionUser,
  orderId: string,
  input: CreateReturnInput,
): Promise<OrderReturn[]> {
  const { db, policy } = deps
  const photos = input.photos ?? []
  // Storage is asked before the transaction: no lock is held across a network call.
  await assertPhotosStored(deps.storage, photos)
  const items = mergeItems(input.items)

  const returnIds = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId)
    if (!order || order.userId !== shopper.id) throw notFound('Order not found')
    const now = policy.now()

    const lines = await tx
      .select({ line: orderLines, part: subOrders })
      .from(orderLines)
      .innerJoin(subOrders, eq(subOrders.id, orderLines.subOrderId))
      .where(
        and(
          eq(orderLines.orderId, order.id),
          inArray(
            orderLines.productId,
            items.map((i) => i.productId),
          ),
        ),
      )
    const chosen = items.map((item, i) => {
      const found = lines.find((l) => l.line.productId === item.productId)
      if (!found) {
        throw badRequest('This order has no such item', [
          { path: `items.${i}.productId`, message: 'Not an item of this order' },
        ])
      }
      return { ...found, quantity: item.quantity }
    })

    for (const { part } of chosen) {
      if (part.status !== 'delivered' || !part.deliveredAt) {
        throw conflict('Only delivered items can be returned')
      }
      const closes = returnWindowCloses(part.deliveredAt, policy.windowDays)
      if (now.getTime() > closes.getTime()) {
        throw conflict(
          `The return window for this order closed on ${formatShopDate(closes, 'medium')}`,
        )
      }
    }
    const taken = await unitsInReturns(
      tx,
      chosen.map((c) => c.line.id),
    )
    for (const { line, quantity } of chosen) {
      const left = line.quantity - (taken.get(line.id) ?? 0)
      if (quantity > left) {
        throw badRequest(
          left > 0
            ? `You can return at most ${left} of ${line.title}`
            : `You have already asked to return every ${line.title}`,
        )
      }
    }
    if (order.paymentMethod === 'COD' && !input.payout) {
      throw badRequest('Tell us where to send your refund: a UPI id or a bank account', [
        { path: 'payout', message: 'Enter a UPI id or a bank account' },
      ])
    }
    if (order.paymentMethod !== 'COD' && input.payout) {
      throw badRequest("This order's refund goes back to its original payment method")
    }

    const decideBy = new Date(now.getTime() + policy.decisionDays * DAY_MS)
    const byPart = new Map<string, typeof chosen>()
    for (const c of chosen) byPart.set(c.part.id, [...(byPart.get(c.part.id) ?? []), c])
    const ids: string[] = []
    for (const [subOrderId, partLines] of byPart) {
      const [created] = await tx
        .insert(returns)
        .values({
          orderId: order.id,
          subOrderId,
          reason: input.reason,
          note: input.note || null,
          photos,
          payout: order.paymentMethod === 'COD' ? (input.payout ?? null) : null,
          decideBy,
          createdAt: now,
        })
        .returning({ id: returns.id })
      if (!created) throw new Error('return not recorded')
      await tx.insert(returnLines).values(
        partLines.map((c) => ({
          returnId: created.id,
          orderLineId: c.line.id,
          productId: c.line.productId,
          quantity: c.quantity,
        })),
      )
      await recordHistory(tx, {
        orderId: order.id,
        subOrderId,
        event: 'returnRequested',
        actor: 'shopper',
        actorId: shopper.id,
        note: [
          partLines.map((c) => `${c.quantity} × ${c.line.title}`).join(', '),
          RETURN_REASON_LABELS[input.reason],
        ].join('; '),
      })
      ids.push(created.id)
    }
    await queueReturnRequestMails(tx, ids, policy.shopName)
    return ids
  })
  const created = await readReturns(db, inArray(returns.id, returnIds))
  return created.map(toOrderReturn)
}

/** What each filter of the queue shows. */
function filterWhere(filter: AdminReturnFilter, now: Date, decisionDays: number): SQL | undefined {
  switch (filter) {
    case 'open':
      return inArray(returns.status, [...OPEN_RETURN_STATUSES])
    case 'overdue':
      return overdueReturn(now, { decisionDays })
    case 'closed':
      return inArray(returns.status, ['rejected', 'qc_passed', 'qc_failed'])
    case 'all':
      return undefined
  }
}

/**
 * The back office's returns queue, newest first, 20 a page: a seller's own parts' returns, or
 * every return for a marketplace admin; each with the moves the caller may make and whether it is
 * past its promised day (the dashboard's predicate, so the two agree).
 */
export async function listReturns(
  db: Db,
  viewer: SessionUser,
  query: { filter: AdminReturnFilter; page: number },
  policy: Pick<ReturnsPolicy, 'decisionDays' | 'now'>,
): Promise<Omit<AdminReturnListResponse, 'success'>> {
  const now = policy.now()
  const where = and(
    isMarketplaceAdmin(viewer) ? undefined : eq(subOrders.sellerId, viewer.id),
    filterWhere(query.filter, now, policy.decisionDays),
  )
  const [rows, [counted]] = await Promise.all([
    readReturns(db, where, {
      order: 'newest',
      limit: RETURNS_PAGE_SIZE,
      offset: (query.page - 1) * RETURNS_PAGE_SIZE,
      overdueAt: { now, rule: { decisionDays: policy.decisionDays } },
    }),
    db
      .select({ total: count() })
      .from(returns)
      .innerJoin(subOrders, eq(subOrders.id, returns.subOrderId))
      .where(where),
  ])
  const total = counted?.total ?? 0
  return {
    data: rows.map((r) => toAdminReturn(r, viewer)),
    total,
    page: query.page,
    pages: Math.max(1, Math.ceil(total / RETURNS_PAGE_SIZE)),
  }
}
