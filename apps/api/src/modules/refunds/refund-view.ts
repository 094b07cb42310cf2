import {
  describePayout,
  formatOrderNumber,
  paiseToRupees,
  type AdminRefund,
  type Refund,
} from '@techbazaar/shared'
import { asc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { refunds } from '../../db/schema'
import type { RefundRow } from './ledger'

/** A refund as the shopper (and the order's sellers) read it: a payout account masked. */
export function toRefund(row: RefundRow): Refund {
  return {
    _id: row.id,
    amount: paiseToRupees(row.amountPaise),
    status: row.status,
    method: row.method,
    cause: row.cause,
    reference: row.reference,
    subOrderId: row.subOrderId,
    returnId: row.returnId,
    payoutTo: row.payout ? describePayout(row.payout) : null,
    failure: null,
    createdAt: row.createdAt.toISOString(),
    expectedBy: row.expectedBy.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  }
}

/** Past its promised day and not yet with the shopper. */
export const isOverdue = (row: RefundRow, now: Date) =>
  row.status !== 'completed' && row.expectedBy.getTime() < now.getTime()

export function toAdminRefund(
  row: RefundRow,
  order: { orderNumber: number; customerName: string },
  now: Date,
): AdminRefund {
  return {
    ...toRefund(row),
    orderId: row.orderId,
    orderNumber: formatOrderNumber(order.orderNumber),
    customerName: order.customerName,
    failure: row.status === 'failed' ? row.failure : null,
    payout: row.payout ?? null,
    provider: row.provider,
    overdue: isOverdue(row, now),
  }
}

/** An order's refunds, oldest first; a seller (`subOrderIds`) reads those of its own parts only. */
export async function refundsOf(
  db: Db,
  orderId: string,
  subOrderIds?: string[],
): Promise<Refund[]> {
  const rows = await db
    .select()
    .from(refunds)
    .where(eq(refunds.orderId, orderId))
    .orderBy(asc(refunds.createdAt), asc(refunds.id))
  return rows
    .filter((r) => !subOrderIds || (r.subOrderId !== null && subOrderIds.includes(r.subOrderId)))
    .map(toRefund)
}
