import { desc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import {
  addresses,
  contactMessages,
  orderLines,
  orders,
  returns,
  reviews,
  sessions,
  users,
  vendorProfiles,
} from '../../db/schema'
import { paiseToRupees } from '@techbazaar/shared'
import { listConsents } from './consents'
import { hasColumns, rowsOf, TICKETS_TABLE } from './optional-tables'

/** Rows per section at most: an export is one bounded document, never an unbounded read. */
export const EXPORT_MAX_ROWS = 5000

/**
 * Everything the shop holds about one person, as they can read it (DPDP Act 2023 s.11, the
 * right to a summary of the personal data processed): the profile, addresses, orders with their
 * lines and returns, reviews, consents, the sessions signed in, contact messages, and the
 * grievance tickets when that table exists. Secrets (password hash, session tokens) are left out.
 */
export async function buildExport(db: Db, userId: string, now: Date) {
  const [profile] = await db
    .select({
      id: users.id,
      userName: users.userName,
      email: users.email,
      mobile: users.mobile,
      role: users.role,
      type: users.type,
      createdAt: users.createdAt,
      passwordChangedAt: users.passwordChangedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
  const [seller] = await db.select().from(vendorProfiles).where(eq(vendorProfiles.userId, userId))
  const savedAddresses = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .limit(EXPORT_MAX_ROWS)
  const orderRows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt))
    .limit(EXPORT_MAX_ROWS)
  const orderIds = orderRows.map((o) => o.id)
  const lines = orderIds.length
    ? await db.select().from(orderLines).where(inArray(orderLines.orderId, orderIds))
    : []
  const returnRows = orderIds.length
    ? await db.select().from(returns).where(inArray(returns.orderId, orderIds))
    : []
  const reviewRows = await db
    .select()
    .from(reviews)
    .where(eq(reviews.userId, userId))
    .limit(EXPORT_MAX_ROWS)
  const sessionRows = await db
    .select({
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .limit(EXPORT_MAX_ROWS)
  const messages = await db
    .select({
      name: contactMessages.name,
      email: contactMessages.email,
      subject: contactMessages.subject,
      message: contactMessages.message,
      createdAt: contactMessages.createdAt,
    })
    .from(contactMessages)
    .where(eq(contactMessages.userId, userId))
    .limit(EXPORT_MAX_ROWS)

  return {
    exportedAt: now.toISOString(),
    profile,
    seller: seller
      ? {
          gstNumber: seller.gstNumber,
          businessName: seller.businessName,
          addressLine: seller.addressLine,
          city: seller.city,
          pincode: seller.pincode,
          pan: seller.pan,
          panName: seller.panName,
          status: seller.status,
        }
      : null,
    addresses: savedAddresses.map(({ userId: _u, ...a }) => a),
    orders: orderRows.map((o) => ({
      id: o.id,
      orderNumber: o.orderNumber,
      placedAt: o.createdAt,
      status: o.orderStatus,
      paymentMethod: o.paymentMethod,
      paymentStatus: o.paymentStatus,
      total: paiseToRupees(o.totalPaise),
      deliveryAddress: o.addressInfo,
      buyerGstin: o.buyerGstin,
      buyerLegalName: o.buyerLegalName,
      items: lines
        .filter((l) => l.orderId === o.id)
        .map((l) => ({
          title: l.title,
          quantity: l.quantity,
          unitPrice: paiseToRupees(l.unitPricePaise),
        })),
      returns: returnRows
        .filter((r) => r.orderId === o.id)
        .map((r) => ({
          status: r.status,
          reason: r.reason,
          note: r.note,
          photos: r.photos,
          requestedAt: r.createdAt,
        })),
    })),
    reviews: reviewRows.map((r) => ({
      productId: r.productId,
      name: r.userName,
      rating: r.value,
      message: r.message,
      createdAt: r.createdAt,
    })),
    consents: await listConsents(db, userId),
    sessions: sessionRows,
    contactMessages: messages,
    tickets: await ticketsOf(db, userId),
  }
}

/**
 * The grievance tickets, when the `grievance_tickets` table exists (the grievances module owns
 * it; this export depends on nothing of it but a `user_id` column). Absent: an empty list.
 */
async function ticketsOf(db: Db, userId: string): Promise<unknown[]> {
  if (!(await hasColumns(db, TICKETS_TABLE, ['user_id']))) return []
  const rows = await db.execute(
    sql`SELECT * FROM ${sql.identifier(TICKETS_TABLE)} WHERE user_id = ${userId} LIMIT ${EXPORT_MAX_ROWS}`,
  )
  return rowsOf(rows)
}
