import { LIMITS, type Address, type AddressFields } from '@techbazaar/shared'
import { and, asc, count, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { addresses, users } from '../../db/schema'
import { badRequest, notFound } from '../../lib/errors'

const columns = {
  _id: addresses.id,
  userId: addresses.userId,
  address: addresses.address,
  city: addresses.city,
  pincode: addresses.pincode,
  phone: addresses.phone,
  notes: addresses.notes,
  stateCode: addresses.stateCode,
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
 * Saves a new address, at most LIMITS.maxAddresses per user. The user's row is locked first, so
 * two adds at once count one after the other and cannot both pass at two saved addresses.
 */
export async function addAddress(db: Db, userId: string, fields: AddressFields): Promise<Address> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT ${users.id} FROM ${users} WHERE ${users.id} = ${userId} FOR UPDATE`)
    const [row] = await tx
      .select({ n: count() })
      .from(addresses)
      .where(eq(addresses.userId, userId))
    if (Number(row?.n ?? 0) >= LIMITS.maxAddresses) throw badRequest(MAX_ADDRESSES_MESSAGE)
    const [created] = await tx
      .insert(addresses)
      .values({ userId, ...fields })
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

/** Deletes one of the user's addresses; orders keep their own copy of it. */
export async function deleteAddress(db: Db, userId: string, addressId: string): Promise<void> {
  const deleted = await db
    .delete(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
    .returning({ id: addresses.id })
  if (deleted.length === 0) throw notFound('Address not found')
}
