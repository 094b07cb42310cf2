import type { SessionUser } from '@techbazaar/shared'
import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm'
import type { AppDeps } from '../../app-types'
import type { Tx } from '../../db/client'
import {
  addresses,
  carts,
  wishlistItems,
  wishlistPreferences,
  consents,
  contactMessages,
  grievanceTickets,
  orders,
  otpRequests,
  passwordResets,
  refunds,
  returns,
  reviews,
  sessions,
  users,
} from '../../db/schema'
import { badRequest, conflict, forbidden } from '../../lib/errors'
import { hashPassword, verifyPassword } from '../../lib/password'
import { takeSignInAttempt } from '../auth'
import { removeStoredFiles } from './stored-files'

/** An order in one of these is still under way: its delivery, payment or refund is not done. */
const ORDER_DONE = ['delivered', 'rejected', 'cancelled', 'paymentFailed', 'expired', 'returned']
/** A return in one of these still waits for the seller, the courier or the check. */
const RETURN_OPEN = ['requested', 'approved', 'received']

/** What an erased review is signed with. */
export const ERASED_NAME = 'Former customer'

/** The unique, undeliverable address an erased account keeps in place of its email. */
export const tombstoneEmail = (userId: string) => `deleted-${userId}@deleted.invalid`

/**
 * Deletes a shopper's account (DPDP Act 2023 s.12(3); decision 076). The password is asked
 * again, counted against the same limits as signing in, so a borrowed session cannot do it.
 * Refused while an order, return or refund is under way (the shop still needs to reach the
 * person). Then, in one transaction: the user row keeps its id (orders and invoices point at it)
 * but loses its name, email, phone and password; addresses, cart, sessions, reset links,
 * sign-up codes and contact messages go; reviews stay, signed "Former customer", without photos; orders keep
 * only the GST state their invoices' place of supply came from; returns lose their note, photos
 * and refund account. Issued invoices and credit notes are frozen documents the tax law keeps
 * for eight years: they keep the name and address they print, and nothing else is kept for them.
 * Consents are closed, not deleted: they are the record that the past processing was agreed to.
 */
export async function deleteAccount(
  deps: AppDeps,
  user: SessionUser,
  password: string,
  meta: { ip: string },
): Promise<void> {
  if (user.type !== 'user') {
    throw forbidden(
      user.type === 'vendor'
        ? 'A seller account keeps tax records (invoices, TCS and TDS) the law makes us hold. Please write to the grievance officer to close it.'
        : 'An admin account is closed by another admin.',
    )
  }
  const attempt = await takeSignInAttempt(deps, { email: user.email, ip: meta.ip, device: null })
  const [row] = await deps.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, user.id), isNull(users.deletedAt)))
  if (!row || !(await verifyPassword(row.passwordHash, password))) {
    const message = 'Your password is not correct'
    throw badRequest(message, [{ path: 'password', message }])
  }
  await attempt.giveBack()
  // No password works any more: the hash of a random one nobody knows.
  const unusable = await hashPassword(crypto.randomUUID())
  const now = deps.now()
  const photos = await deps.db.transaction(async (tx) => {
    // Locks the account: an order placed meanwhile waits, then finds no session.
    await tx.execute(sql`SELECT 1 FROM ${users} WHERE ${users.id} = ${user.id} FOR UPDATE`)
    await assertNothingUnderWay(tx, user.id)
    return eraseAccountRows(tx, { id: user.id, email: user.email }, unusable, now)
  })
  // After the commit: a file removed for a rolled-back deletion could not come back.
  await removeStoredFiles(deps, photos)
}

/**
 * Erases one account in the caller's transaction, which holds its row lock and found nothing
 * under way: what the account deletion does, shared with the inactivity erasure (decision 82).
 * Answers the return and review photos to remove once the transaction has committed.
 */
export async function eraseAccountRows(
  tx: Tx,
  account: { id: string; email: string },
  unusablePasswordHash: string,
  now: Date,
): Promise<string[]> {
  const ownOrders = tx.select({ id: orders.id }).from(orders).where(eq(orders.userId, account.id))
  const erasedReturns = await tx
    .select({ photos: returns.photos })
    .from(returns)
    .where(inArray(returns.orderId, ownOrders))
  await tx
    .update(returns)
    .set({ note: null, photos: [], payout: null })
    .where(inArray(returns.orderId, ownOrders))
  await tx.update(refunds).set({ payout: null }).where(inArray(refunds.orderId, ownOrders))
  // The order keeps the state its invoices' place of supply was taken from, nothing personal.
  await tx
    .update(orders)
    .set({
      addressInfo: sql`jsonb_build_object(
          'addressId', '', 'address', '', 'city', '', 'pincode', '', 'phone', '', 'notes', ''
        ) || COALESCE(jsonb_build_object('stateCode', ${orders.addressInfo}->'stateCode'), '{}')`,
    })
    .where(eq(orders.userId, account.id))
  // Reviews stay, but their photos go with the person (a photo can show them or their home).
  const erasedReviews = await tx
    .select({ photos: reviews.photos })
    .from(reviews)
    .where(eq(reviews.userId, account.id))
  await tx
    .update(reviews)
    .set({ userName: ERASED_NAME, photos: [] })
    .where(eq(reviews.userId, account.id))
  await tx.delete(addresses).where(eq(addresses.userId, account.id))
  await tx.delete(carts).where(eq(carts.userId, account.id))
  // The wishlist and its mail choice go too: no alert may be written to the tombstone (088).
  await tx.delete(wishlistItems).where(eq(wishlistItems.userId, account.id))
  await tx.delete(wishlistPreferences).where(eq(wishlistPreferences.userId, account.id))
  await tx.delete(sessions).where(eq(sessions.userId, account.id))
  await tx.delete(passwordResets).where(eq(passwordResets.userId, account.id))
  await tx.delete(otpRequests).where(eq(otpRequests.email, account.email))
  await tx.delete(contactMessages).where(eq(contactMessages.userId, account.id))
  // Grievance tickets stay (the complaint and its handling are the shop's record, decision
  // 076) without the complainant's name and email.
  await tx
    .update(grievanceTickets)
    .set({ name: ERASED_NAME, email: tombstoneEmail(account.id) })
    .where(eq(grievanceTickets.userId, account.id))
  await tx
    .update(consents)
    .set({ withdrawnAt: now })
    .where(and(eq(consents.userId, account.id), isNull(consents.withdrawnAt)))
  await tx
    .update(users)
    .set({
      userName: ERASED_NAME,
      email: tombstoneEmail(account.id),
      mobile: null,
      passwordHash: unusablePasswordHash,
      deletedAt: now,
    })
    .where(eq(users.id, account.id))
  const reviewPhotos = erasedReviews.flatMap((r) => r.photos)
  return [
    ...erasedReturns.flatMap((r) => r.photos),
    ...reviewPhotos,
    ...reviewPhotos.map((url) => url.replace(/\.webp$/, '-320.webp')),
  ]
}

/** Whether an order, return or refund of the account is under way (the shop still needs it). */
export async function isAnythingUnderWay(tx: Tx, userId: string): Promise<boolean> {
  const [openOrder] = await tx
    .select({ orderNumber: orders.orderNumber })
    .from(orders)
    .where(and(eq(orders.userId, userId), notInArray(orders.orderStatus, ORDER_DONE as never)))
    .limit(1)
  const ownOrders = tx.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId))
  const [openReturn] = await tx
    .select({ id: returns.id })
    .from(returns)
    .where(and(inArray(returns.orderId, ownOrders), inArray(returns.status, RETURN_OPEN as never)))
    .limit(1)
  const [openRefund] = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(inArray(refunds.orderId, ownOrders), notInArray(refunds.status, ['completed'])))
    .limit(1)
  return Boolean(openOrder || openReturn || openRefund)
}

async function assertNothingUnderWay(tx: Tx, userId: string) {
  if (await isAnythingUnderWay(tx, userId)) {
    throw conflict(
      'Your account cannot be deleted while an order, return or refund is under way. Please try again once it is delivered, cancelled or refunded.',
    )
  }
}
