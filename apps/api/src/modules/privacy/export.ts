import { desc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client'
import {
  accountActivity,
  addresses,
  contactMessages,
  grievanceEntries,
  grievanceTickets,
  orderLines,
  orders,
  returns,
  reviews,
  sessions,
  users,
  vendorProfiles,
  wishlistItems,
  wishlistPreferences,
  products,
} from '../../db/schema'
import { paiseToRupees } from '@techbazaar/shared'
import { listConsents } from './consents'

/** Rows per section at most: an export is one bounded document, never an unbounded read. */
export const EXPORT_MAX_ROWS = 5000

/**
 * Everything the shop holds about one person, as they can read it (DPDP Act 2023 s.11, the
 * right to a summary of the personal data processed): the profile, addresses, orders with their
 * lines and returns, reviews, consents, the wishlist and its mail setting, the sessions signed
 * in, contact messages, and the grievance tickets with their threads. Secrets (password hash, session tokens) are left out.
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
    // What the inactivity erasure knows (decision 82): the last sign-in kept, a notice mailed.
    activity:
      (
        await db
          .select({
            lastActiveAt: accountActivity.lastActiveAt,
            erasureNoticeAt: accountActivity.erasureNoticeAt,
          })
          .from(accountActivity)
          .where(eq(accountActivity.userId, userId))
      )[0] ?? null,
    wishlist: await wishlistOf(db, userId),
    sessions: sessionRows,
    contactMessages: messages,
    tickets: await ticketsOf(db, userId),
  }
}

/** The person's grievance tickets, each with its thread (what was said and done, and when). */
async function ticketsOf(db: Db, userId: string) {
  const tickets = await db
    .select()
    .from(grievanceTickets)
    .where(eq(grievanceTickets.userId, userId))
    .orderBy(desc(grievanceTickets.createdAt))
    .limit(EXPORT_MAX_ROWS)
  if (tickets.length === 0) return []
  const entries = await db
    .select({
      ticketId: grievanceEntries.ticketId,
      event: grievanceEntries.event,
      author: grievanceEntries.author,
      message: grievanceEntries.message,
      createdAt: grievanceEntries.createdAt,
    })
    .from(grievanceEntries)
    .where(
      inArray(
        grievanceEntries.ticketId,
        tickets.map((t) => t.id),
      ),
    )
    .orderBy(grievanceEntries.createdAt)
    .limit(EXPORT_MAX_ROWS)
  return tickets.map(({ assigneeId: _assignee, ...ticket }) => ({
    ...ticket,
    thread: entries.filter((e) => e.ticketId === ticket.id).map(({ ticketId: _t, ...e }) => e),
  }))
}

/** The saved products (decision 88) with the price each was saved at, and the mail setting. */
async function wishlistOf(db: Db, userId: string) {
  const items = await db
    .select({
      productId: wishlistItems.productId,
      title: products.title,
      savedPricePaise: wishlistItems.savedPricePaise,
      addedAt: wishlistItems.addedAt,
    })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.addedAt))
    .limit(EXPORT_MAX_ROWS)
  const [preferences] = await db
    .select({ notify: wishlistPreferences.notify })
    .from(wishlistPreferences)
    .where(eq(wishlistPreferences.userId, userId))
  return {
    priceAndStockMails: preferences?.notify ?? false,
    items: items.map(({ savedPricePaise, ...item }) => ({
      ...item,
      savedPrice: paiseToRupees(savedPricePaise),
    })),
  }
}
