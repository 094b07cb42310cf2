import type {
  AdminRefundFilter,
  AdminRefundListResponse,
  UpdateRefundInput,
} from '@techbazaar/shared'
import { count, desc, eq, ne, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { orders, refunds, users } from '../../db/schema'
import { conflict, notFound } from '../../lib/errors'
import { lockOrderOf, recordRefundProgress, retryRefund, type RefundPolicy } from './ledger'
import { overdueRefund } from '../kernel'
import { toAdminRefund } from './refund-view'

const PAGE_SIZE = 20

function filterOf(filter: AdminRefundFilter, now: Date): SQL | undefined {
  switch (filter) {
    case 'open':
      return ne(refunds.status, 'completed')
    case 'failed':
      return eq(refunds.status, 'failed')
    case 'overdue':
      return overdueRefund(now)
    case 'all':
      return undefined
  }
}

/** Refunds with the order number and customer the admin's rows show. */
const refundsWithOrder = (db: Db) =>
  db
    .select({ refund: refunds, orderNumber: orders.orderNumber, customerName: users.userName })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .innerJoin(users, eq(users.id, orders.userId))

/** The admin's refunds: failed ones first (they wait on an admin), then oldest promise first. */
export async function listRefunds(
  db: Db,
  query: { filter: AdminRefundFilter; page: number },
  now: Date,
): Promise<Omit<AdminRefundListResponse, 'success'>> {
  const where = filterOf(query.filter, now)
  const [rows, [counted]] = await Promise.all([
    refundsWithOrder(db)
      .where(where)
      .orderBy(
        sql`CASE WHEN ${refunds.status} = 'failed' THEN 0 ELSE 1 END`,
        desc(refunds.createdAt),
        desc(refunds.id),
      )
      .limit(PAGE_SIZE)
      .offset((query.page - 1) * PAGE_SIZE),
    db.select({ n: count() }).from(refunds).where(where),
  ])
  const total = counted?.n ?? 0
  return {
    data: rows.map((r) => toAdminRefund(r.refund, r, now)),
    total,
    page: query.page,
    pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
  }
}

/**
 * An admin acts on a refund: retries one the provider failed, or records the payout of a
 * cash-on-delivery refund (paid by UPI or bank transfer outside the shop) with its reference.
 */
export async function updateRefund(
  db: Db,
  policy: Pick<RefundPolicy, 'now' | 'shopName'>,
  refundId: string,
  input: UpdateRefundInput,
) {
  await db.transaction(async (tx) => {
    if (input.action === 'retry') {
      await retryRefund(tx, refundId)
      return
    }
    await lockOrderOf(tx, refundId)
    const [row] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update')
    if (!row) throw notFound('Refund not found')
    if (row.provider) throw conflict('This refund goes back through its payment provider')
    if (row.status === 'completed') throw conflict('This refund is already paid')
    await recordRefundProgress(tx, policy, refundId, {
      state: 'completed',
      reference: input.reference,
    })
  })
  const [row] = await refundsWithOrder(db).where(eq(refunds.id, refundId))
  if (!row) throw notFound('Refund not found')
  return toAdminRefund(row.refund, row, policy.now())
}
