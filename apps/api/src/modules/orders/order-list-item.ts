import {
  ENDED_ORDER_STATUSES,
  gstStateName,
  type OrderListItem,
  type OrderSummary,
} from '@techbazaar/shared'
import { and, eq, inArray, isNotNull } from 'drizzle-orm'
import type { Db } from '../../db/client'
import type { orders } from '../../db/schema'
import { shipments, subOrders } from '../../db/schema'

type OrderRow = typeof orders.$inferSelect

/**
 * The day each order's last live parcel is expected (issue 31.4): a part the courier has booked
 * counts at the courier's estimate, one it has not at the day checkout promised. Parts that
 * ended (cancelled, rejected, returned) wait for nothing. Null when a live part has no day.
 */
export async function expectedDeliveries(
  db: Db,
  rows: readonly OrderRow[],
): Promise<Map<string, string | null>> {
  const result = new Map<string, string | null>()
  if (rows.length === 0) return result
  const parts = await db
    .select({
      orderId: subOrders.orderId,
      status: subOrders.status,
      courierDay: shipments.expectedBy,
    })
    .from(subOrders)
    .leftJoin(
      shipments,
      and(eq(shipments.subOrderId, subOrders.id), isNotNull(shipments.expectedBy)),
    )
    .where(
      inArray(
        subOrders.orderId,
        rows.map((row) => row.id),
      ),
    )
  for (const row of rows) {
    const live = parts.filter((p) => p.orderId === row.id && !ENDED_ORDER_STATUSES.has(p.status))
    const days = live.map((p) => p.courierDay ?? row.expectedDelivery)
    result.set(
      row.id,
      days.length === 0 || days.some((d) => d === null)
        ? null
        : days.reduce<string>((last, d) => (d! > last ? d! : last), days[0]!),
    )
  }
  return result
}

/** A My Orders row: the summary, its first line, the expected day and where it goes. */
export function toListItem(
  row: OrderRow,
  summary: OrderSummary,
  lines: readonly { title: string; image: string }[],
  expectedDelivery: string | null,
): OrderListItem {
  const first = lines[0]
  const address = row.addressInfo
  return {
    ...summary,
    firstItem: first ? { title: first.title, image: first.image } : null,
    itemCount: lines.length,
    expectedDelivery,
    deliverTo: {
      address: address.address,
      city: address.city,
      pincode: address.pincode,
      state: address.stateCode ? gstStateName(address.stateCode) : null,
    },
  }
}
