import { and, eq, gt, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { orderLines, orders } from '../../db/schema'
import { badRequest, conflict } from '../../lib/errors'

/**
 * The units the account's unpaid online orders hold now (issue 26.15): the count placement checks
 * against `UNPAID_HOLD_MAX_UNITS`, and the one the checkout is told in advance (order limits).
 */
export async function unpaidUnitsHeld(db: Db | Tx, userId: string, now: Date): Promise<number> {
  const [held] = await db
    .select({ units: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(unpaidHoldOf(userId, now))
  return held?.units ?? 0
}

/** unpaidUnitsHeld as a scalar subquery, for placement's one read beside the cart's lines. */
export function unpaidUnitsSql(userId: string, now: Date) {
  return sql<number>`(SELECT coalesce(sum(${orderLines.quantity}), 0)::int
    FROM ${orderLines} INNER JOIN ${orders} ON ${orders.id} = ${orderLines.orderId}
    WHERE ${unpaidHoldOf(userId, now)})`
}

/** The account's orders that hold units unpaid now. */
function unpaidHoldOf(userId: string, now: Date) {
  return and(
    eq(orders.userId, userId),
    eq(orders.paymentStatus, 'pending'),
    // Only online orders have a window; one past it is released by the next expiry run.
    gt(orders.expiresAt, now),
  )
}

/**
 * An unpaid online order holds its units until it is paid or its window passes (issue 26.15):
 * one account may hold at most `maxUnits` so at once, this order's included, or a few accounts
 * could keep a product off sale without paying. A cart alone above it is a 400 (lower it); one
 * that fits only after another unpaid order ends is a 409 (pay for or cancel that one first).
 */
export function assertHoldAllowed(
  lines: { quantity: number }[],
  heldUnits: number,
  maxUnits: number,
): void {
  const units = lines.reduce((sum, l) => sum + l.quantity, 0)
  if (units > maxUnits) {
    throw badRequest(
      `An order paid online can hold at most ${maxUnits} items while it waits for payment. Please lower the quantities in your cart.`,
    )
  }
  if (heldUnits + units > maxUnits) {
    throw conflict(
      `Your unpaid orders already hold ${heldUnits} item${heldUnits === 1 ? '' : 's'}, and at most ${maxUnits} can wait for payment at once. Please pay for or cancel your unpaid order in My Orders first.`,
    )
  }
}
