import {
  ENDED_ORDER_STATUSES,
  DASHBOARD_SERIES_DAYS,
  IST_OFFSET_MINUTES,
  paiseToRupees,
  type DashboardStats,
} from '@techbazaar/shared'
import { and, asc, count, desc, eq, gte, lt, ne, notInArray, or } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { contactMessages, orders, products, users, vendorProfiles } from '../../db/schema'
import { standingOf, standingsOf, countReturnsAndRefunds, type ReturnDecisionRule } from '../kernel'
import { countGrievances } from '../grievances'
import { marketplaceFigures } from '../settlements'
import { countLateShipments, type ShipByRule } from '../shipping'

const DAY_MS = 86_400_000
const OFFSET_MS = IST_OFFSET_MINUTES * 60_000

/** The UTC instant a shop (Asia/Kolkata) day starts, `daysAgo` days before `now`'s day. */
function istDayStart(now: Date, daysAgo = 0): Date {
  const local = new Date(now.getTime() + OFFSET_MS)
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate())
  return new Date(midnight - daysAgo * DAY_MS - OFFSET_MS)
}

function istMonthStart(now: Date): Date {
  const local = new Date(now.getTime() + OFFSET_MS)
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - OFFSET_MS)
}

/** YYYY-MM-DD of the shop day starting at `start`. */
const istDate = (start: Date) => new Date(start.getTime() + OFFSET_MS).toISOString().slice(0, 10)

/** Orders that count as sales: paid online, or cash on delivery the shop confirmed; never
 * one that ended (rejected, cancelled, expired: a late payment there is being refunded). */
const counted = and(
  notInArray(orders.orderStatus, [...ENDED_ORDER_STATUSES]),
  or(
    eq(orders.paymentStatus, 'paid'),
    and(eq(orders.paymentMethod, 'COD'), ne(orders.orderStatus, 'pending')),
  ),
)

/**
 * The sales placed in [from, to), each with its revenue: what is payable net of every refund
 * recorded, by the one rule of the order views (`orderStanding`, issue 26.8).
 */
async function salesBetween(db: Db, from: Date, to: Date) {
  const rows = await db
    .select({
      id: orders.id,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      orderStatus: orders.orderStatus,
      totalPaise: orders.totalPaise,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(and(counted, gte(orders.createdAt, from), lt(orders.createdAt, to)))
  const standings = await standingsOf(db, rows, { lines: false })
  return rows.map((r) => ({
    at: r.createdAt.getTime(),
    netPaise: standingOf(standings, r.id).standing.netPaise,
  }))
}

/** The count and revenue of the sales placed from `from` on. */
function salesSince(sales: { at: number; netPaise: number }[], from: Date) {
  const since = sales.filter((s) => s.at >= from.getTime())
  return { orders: since.length, revenuePaise: since.reduce((sum, s) => sum + s.netPaise, 0) }
}

/** The policies the dashboard's flags measure against (config.fulfilment, config.returns). */
export interface DashboardRules {
  shipping: ShipByRule
  returns: ReturnDecisionRule
  settlement: Parameters<typeof marketplaceFigures>[1]
}

/**
 * The admin dashboard at `now`: sales by shop day, sellers to review, low stock, late parcels,
 * returns and refunds waiting or overdue, complaints open or overdue.
 */
export async function getDashboard(
  db: Db,
  now: Date,
  rules: DashboardRules,
): Promise<DashboardStats> {
  const end = istDayStart(now, -1)
  const seriesStart = istDayStart(now, DASHBOARD_SERIES_DAYS - 1)
  const monthStart = istMonthStart(now)
  const sales = await salesBetween(
    db,
    new Date(Math.min(seriesStart.getTime(), monthStart.getTime())),
    end,
  )
  const today = salesSince(sales, istDayStart(now))
  const month = salesSince(sales, monthStart)

  const byDay = new Map<number, number>()
  for (const sale of sales) {
    const day = Math.floor((sale.at - seriesStart.getTime()) / DAY_MS)
    if (day >= 0) byDay.set(day, (byDay.get(day) ?? 0) + sale.netPaise)
  }
  const revenueSeries = Array.from({ length: DASHBOARD_SERIES_DAYS }, (_, i) => ({
    date: istDate(new Date(seriesStart.getTime() + i * DAY_MS)),
    revenue: paiseToRupees(byDay.get(i) ?? 0),
  }))

  const pending = eq(vendorProfiles.status, 'Pending')
  const [pendingCount] = await db.select({ n: count() }).from(vendorProfiles).where(pending)
  const pendingLatest = await db
    .select({ _id: users.id, userName: users.userName, email: users.email })
    .from(vendorProfiles)
    .innerJoin(users, eq(users.id, vendorProfiles.userId))
    .where(pending)
    .orderBy(desc(vendorProfiles.createdAt), desc(users.id))
    .limit(5)

  const lowStock = await db
    .select({ _id: products.id, title: products.title, totalStock: products.totalStock })
    .from(products)
    .where(and(eq(products.listed, true), lt(products.totalStock, 10)))
    .orderBy(asc(products.totalStock), asc(products.title))
    .limit(8)

  const lateShipments = await countLateShipments(db, now, rules.shipping)
  const returnsAndRefunds = await countReturnsAndRefunds(db, now, rules.returns)

  const settlements = await marketplaceFigures(db, rules.settlement, now)
  const grievances = await countGrievances(db, now)

  const messages = await db
    .select()
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(5)

  return {
    ordersToday: today.orders,
    ordersThisMonth: month.orders,
    revenueToday: paiseToRupees(today.revenuePaise),
    revenueThisMonth: paiseToRupees(month.revenuePaise),
    revenueSeries,
    pendingVendors: { count: pendingCount?.n ?? 0, latest: pendingLatest },
    lowStock,
    lateShipments,
    returnsAndRefunds,
    settlements,
    grievances,
    latestMessages: messages.map((m) => ({
      _id: m.id,
      name: m.name,
      email: m.email,
      subject: m.subject,
      message: m.message,
      createdAt: m.createdAt.toISOString(),
    })),
  }
}
