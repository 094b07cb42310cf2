import {
  IST_OFFSET_MINUTES,
  parseOrderNumber,
  type AdminOrdersExportQuery,
} from '@techbazaar/shared'
import { and, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm'
import { orders, subOrders, users } from '../../db/schema'
import { likeContaining } from '../../lib/like'
import { displayStatusIs } from '../kernel'

/** Text that reads as an Indian phone number: its last ten digits, else null. */
export function phoneDigits(text: string): string | null {
  if (!/^\+?[\d\s()-]{10,20}$/.test(text)) return null
  const digits = text.replace(/\D/g, '')
  return digits.length >= 10 ? digits.slice(-10) : null
}

/**
 * What the admin orders search box matches, in one place: part of the customer's name or
 * email, ignoring case; a phone number (the account's mobile or the delivery address's phone,
 * by its last ten digits, so +91 98765 43210 finds 9876543210); or the order whose number the
 * text reads as (TB-10234, 10234, #10234).
 */
export function adminOrderSearch(q: string): SQL {
  const pattern = likeContaining(q)
  const sequence = parseOrderNumber(q)
  const phone = phoneDigits(q)
  return or(
    ilike(users.userName, pattern),
    ilike(users.email, pattern),
    sequence === null ? undefined : eq(orders.orderNumber, sequence),
    phone === null
      ? undefined
      : or(
          sql`regexp_replace(coalesce(${users.mobile}, ''), '\\D', '', 'g') LIKE ${`%${phone}`}`,
          sql`regexp_replace(${orders.addressInfo}->>'phone', '\\D', '', 'g') LIKE ${`%${phone}`}`,
        ),
  )!
}

/** The instant a day of the shop's calendar (`YYYY-MM-DD`, India) begins, `plusDays` later. */
function istDayStart(day: string, plusDays = 0): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) + (plusDays * 1440 - IST_OFFSET_MINUTES) * 60_000)
}

/** The orders the admin's filters keep (the list's pages and the CSV alike). */
export function adminOrdersWhere(query: AdminOrdersExportQuery): SQL | undefined {
  return and(
    // What the list shows (displayStatus), not the stored status: a returned order is Returned.
    query.status ? displayStatusIs(query.status) : undefined,
    query.q ? adminOrderSearch(query.q) : undefined,
    query.orderNumber === undefined ? undefined : eq(orders.orderNumber, query.orderNumber),
    // Days of the shop's calendar (IST), both ends included.
    query.from ? gte(orders.createdAt, istDayStart(query.from)) : undefined,
    query.to ? lt(orders.createdAt, istDayStart(query.to, 1)) : undefined,
    query.paymentMethod ? eq(orders.paymentMethod, query.paymentMethod) : undefined,
    query.sellerId
      ? sql`EXISTS (SELECT 1 FROM ${subOrders} WHERE ${subOrders.orderId} = ${orders.id} AND ${subOrders.sellerId} = ${query.sellerId})`
      : undefined,
  )
}
