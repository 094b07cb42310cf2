import { LIMITS, type Address, type AddressFields } from '@techbazaar/shared'
import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { addresses, users } from '../../db/schema'
import { badRequest, notFound } from '../../lib/errors'

const columns = {
  _id: addresses.id,
  userId: addresses.userId,
  recipientName: addresses.recipientName,
  address: addresses.address,
  landmark: addresses.landmark,
  kind: addresses.kind,
  city: addresses.city,
  pincode: addresses.pincode,
  phone: addresses.phone,
  notes: addresses.notes,
  stateCode: addresses.stateCode,
  isDefault: addresses.isDefault,
}

export const MAX_ADDRESSES_MESSAGE = `You can add max ${LIMITS.maxAddresses} addresses`

/** The user's saved addresses, oldest first. */
export function listAddresses(db: Db, userId: string): Promise<Address[]> {
  return db
    .select(columns)
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(asc(addresses.createdAt), asc(addresses.id))
}

/**
 * Every change to a user's address book locks the user's row first, so two at once run one
 * after the other: two adds cannot both pass at two saved addresses, and the default rules
 * (decision 086) see each other's result.
 */
async function lockUser(tx: Tx, userId: string) {
  await tx.execute(sql`SELECT ${users.id} FROM ${users} WHERE ${users.id} = ${userId} FOR UPDATE`)
}

/**
 * Saves a new address, at most LIMITS.maxAddresses per user. The first one the user saves is
 * their default.
 */
export async function addAddress(db: Db, userId: string, fields: AddressFields): Promise<Address> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId)
    const [row] = await tx
      .select({ n: count() })
      .from(addresses)
      .where(eq(addresses.userId, userId))
    const saved = Number(row?.n ?? 0)
    if (saved >= LIMITS.maxAddresses) throw badRequest(MAX_ADDRESSES_MESSAGE)
    const [created] = await tx
      .insert(addresses)
      .values({ userId, ...fields, isDefault: saved === 0 })
      .returning(columns)
    if (!created) throw new Error('address not created')
    return created
  })
}

/** Edits one of the user's addresses; another user's address id is "not found" (404). */
export async function updateAddress(
  db: Db,
  userId: string,
  addressId: string,
  fields: AddressFields,
): Promise<Address> {
  const [updated] = await db
    .update(addresses)
    .set(fields)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
    .returning(columns)
  if (!updated) throw notFound('Address not found')
  return updated
}

/**
 * Makes one of the user's addresses their default (another user's id is "not found", 404). The
 * old default is cleared first: the unique index allows one default per user at any moment.
 */
export async function setDefaultAddress(
  db: Db,
  userId: string,
  addressId: string,
): Promise<Address> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId)
    const [own] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
    if (!own) throw notFound('Address not found')
    await tx
      .update(addresses)
      .set({ isDefault: false })
      .where(
        and(eq(addresses.userId, userId), eq(addresses.isDefault, true), ne(addresses.id, own.id)),
      )
    const [updated] = await tx
      .update(addresses)
      .set({ isDefault: true })
      .where(eq(addresses.id, own.id))
      .returning(columns)
    if (!updated) throw notFound('Address not found')
    return updated
  })
}

/**
 * Deletes one of the user's addresses; orders keep their own copy of it. Deleting the default
 * passes it to the most recently saved address left.
 */
export async function deleteAddress(db: Db, userId: string, addressId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockUser(tx, userId)
    const [deleted] = await tx
      .delete(addresses)
      .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
      .returning({ isDefault: addresses.isDefault })
    if (!deleted) throw notFound('Address not found')
    if (!deleted.isDefault) return
    const [next] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .orderBy(desc(addresses.createdAt), desc(addresses.id))
      .limit(1)
    if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id))
  })
}
