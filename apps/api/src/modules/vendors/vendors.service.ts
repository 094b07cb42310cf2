import type { CreateVendorInput, Vendor } from '@techbazaar/shared'
import { and, asc, eq, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { products, users, vendorProfiles } from '../../db/schema'
import { conflict, notFound } from '../../lib/errors'
import { hashPassword } from '../../lib/password'

const vendorColumns = {
  _id: users.id,
  userName: users.userName,
  mobile: users.mobile,
  email: users.email,
  gstNumber: vendorProfiles.gstNumber,
  status: vendorProfiles.status,
}

/** Every seller, pending ones first (they are what an admin comes here for), then by name. */
export async function listVendors(db: Db): Promise<Vendor[]> {
  const rows = await db
    .select(vendorColumns)
    .from(users)
    .innerJoin(vendorProfiles, eq(vendorProfiles.userId, users.id))
    .where(eq(users.type, 'vendor'))
    .orderBy(asc(vendorProfiles.createdAt), asc(users.id))
  const rank = { Pending: 0, Approved: 1, Rejected: 2 } as const
  return rows.sort((a, b) => rank[a.status] - rank[b.status])
}

async function getVendor(db: Db, id: string): Promise<Vendor> {
  const [row] = await db
    .select(vendorColumns)
    .from(users)
    .innerJoin(vendorProfiles, eq(vendorProfiles.userId, users.id))
    .where(and(eq(users.id, id), eq(users.type, 'vendor')))
  if (!row) throw notFound('Vendor not found')
  return row
}

/** "Add New Vendor": a seller (role admin, type vendor) that starts Approved (decisions.md). */
export async function createVendor(
  db: Db,
  input: CreateVendorInput & { email: string },
  now: Date,
): Promise<Vendor> {
  const passwordHash = await hashPassword(input.password)
  const id = await db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, input.email))
    if (taken) throw conflict('An account with this email already exists')
    const [created] = await tx
      .insert(users)
      .values({
        userName: input.userName,
        email: input.email,
        passwordHash,
        role: 'admin',
        type: 'vendor',
      })
      .returning({ id: users.id })
    if (!created) throw new Error('user insert returned nothing')
    await tx
      .insert(vendorProfiles)
      .values({ userId: created.id, status: 'Approved', decidedAt: now })
    return created.id
  })
  return getVendor(db, id)
}

/**
 * Approves or rejects a seller and, in the same transaction, lists or hides its live products,
 * so the shop never shows a rejected seller's product. Sessions stay: a rejected seller can
 * still sign in and see its status (decisions.md).
 */
export async function setVendorStatus(
  db: Db,
  id: string,
  status: 'Approved' | 'Rejected',
  now: Date,
): Promise<Vendor> {
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(vendorProfiles)
      .set({ status, decidedAt: now, updatedAt: now })
      .where(eq(vendorProfiles.userId, id))
      .returning({ id: vendorProfiles.userId })
    if (updated.length === 0) throw notFound('Vendor not found')
    await tx
      .update(products)
      .set({ listed: status === 'Approved' })
      .where(and(eq(products.sellerId, id), isNull(products.deletedAt)))
  })
  return getVendor(db, id)
}
