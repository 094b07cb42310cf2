import {
  ADMIN_ORDERS_EXPORT_MAX,
  formatOrderNumber,
  GST_STATES,
  IST_OFFSET_MINUTES,
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  type AdminOrdersExportQuery,
} from '@techbazaar/shared'
import { and, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { orders, users } from '../../db/schema'
import { csvCell, csvRupees, type CsvValue } from '../../lib/csv'
import { standingOf, standingsOf } from '../kernel'
import { adminOrdersWhere } from './admin-orders.filter'

const BATCH = 1_000
const HEADER = [
  'Order number',
  'Placed on (IST)',
  'Customer',
  'Email',
  'Phone',
  'Delivery state',
  'Status',
  'Payment method',
  'Payment status',
  'Total (₹)',
  'Payable now (₹)',
  'Refunded (₹)',
]

const line = (cells: readonly CsvValue[]) => `${cells.map(csvCell).join(',')}\r\n`

/** `2026-11-27 18:05`: the moment in India, as a spreadsheet sorts it. */
function istMinute(moment: Date): string {
  return new Date(moment.getTime() + IST_OFFSET_MINUTES * 60_000)
    .toISOString()
    .slice(0, 16)
    .replace('T', ' ')
}

/**
 * The orders the admin's filters keep, newest first, as CSV text in pieces (issue 31, item 8):
 * read a thousand at a time after the last one sent (no OFFSET walking the table again), so a
 * long export neither holds every order in memory nor slows down as it goes; at most
 * ADMIN_ORDERS_EXPORT_MAX orders. Statuses and payment statuses are the ones the list shows. The
 * first piece is the header with the first rows, so its route can await it before answering.
 */
export async function* adminOrdersCsv(db: Db, query: AdminOrdersExportQuery) {
  const where = adminOrdersWhere(query)
  // The header goes out with the first rows: a query that fails does so before anything is sent.
  let header = line(HEADER)
  let after: { createdAt: Date; id: string } | undefined
  for (let sent = 0; sent < ADMIN_ORDERS_EXPORT_MAX;) {
    const rows = await db
      .select({ order: orders, userName: users.userName, email: users.email })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(
        and(
          where,
          after && sql`(${orders.createdAt}, ${orders.id}) < (${after.createdAt}, ${after.id})`,
        ),
      )
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(Math.min(BATCH, ADMIN_ORDERS_EXPORT_MAX - sent))
    if (rows.length === 0) {
      if (header) yield header
      return
    }
    const standings = await standingsOf(
      db,
      rows.map((row) => row.order),
    )
    yield (
      header +
      rows
        .map(({ order, userName, email }) => {
          const { standing } = standingOf(standings, order.id)
          return line([
            formatOrderNumber(order.orderNumber),
            istMinute(order.createdAt),
            userName,
            email,
            order.addressInfo.phone,
            order.addressInfo.stateCode ? GST_STATES[order.addressInfo.stateCode] : '',
            ORDER_STATUS_LABELS[standing.status],
            PAYMENT_METHOD_LABELS[order.paymentMethod],
            PAYMENT_STATUS_LABELS[standing.paymentStatus],
            csvRupees(order.totalPaise),
            csvRupees(standing.payablePaise),
            csvRupees(standing.refundedPaise),
          ])
        })
        .join('')
    )
    header = ''
    sent += rows.length
    const last = rows.at(-1)!.order
    after = { createdAt: last.createdAt, id: last.id }
    if (rows.length < BATCH) return
  }
}
