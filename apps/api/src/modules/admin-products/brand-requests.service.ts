import type {
  BrandRequest,
  BrandRequestStatus,
  BrandRequestValues,
  SessionUser,
} from '@techbazaar/shared'
import { and, desc, eq, type SQL, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { brandRequests, filterOptions, users } from '../../db/schema'
import { enqueue } from '../../jobs/outbox'
import { conflict, notFound } from '../../lib/errors'

const LIST_MAX = 100

const columns = {
  id: brandRequests.id,
  brand: brandRequests.brand,
  note: brandRequests.note,
  status: brandRequests.status,
  reason: brandRequests.reason,
  sellerName: users.userName,
  createdAt: brandRequests.createdAt,
  decidedAt: brandRequests.decidedAt,
}

async function selectRequests(db: Db | Tx, where: SQL | undefined): Promise<BrandRequest[]> {
  const rows = await db
    .select(columns)
    .from(brandRequests)
    .innerJoin(users, eq(users.id, brandRequests.sellerId))
    .where(where)
    .orderBy(desc(brandRequests.createdAt), desc(brandRequests.id))
    .limit(LIST_MAX)
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  }))
}

/** The brand list's option spelt `brand` in any case, if there is one. */
async function existingBrand(db: Db | Tx, brand: string) {
  const [row] = await db
    .select({ value: filterOptions.value })
    .from(filterOptions)
    .where(and(eq(filterOptions.kind, 'brand'), sql`lower(${filterOptions.value}) = ${brand}`))
  return row?.value
}

/**
 * A seller asks for a brand the list lacks. 409 when the list has it already (in any case) or
 * the seller's request for it is still waiting.
 */
export async function requestBrand(
  db: Db,
  user: SessionUser,
  input: BrandRequestValues,
): Promise<BrandRequest> {
  const brand = input.brand.toLowerCase()
  const existing = await existingBrand(db, brand)
  if (existing) throw conflict(`“${existing}” is already in the brand list: pick it in the form`)
  const [row] = await db
    .insert(brandRequests)
    .values({ sellerId: user.id, brand, note: input.note })
    .onConflictDoNothing()
    .returning({ id: brandRequests.id })
  if (!row) throw conflict(`You already asked for “${brand}”; an admin will answer soon`)
  const [made] = await selectRequests(db, eq(brandRequests.id, row.id))
  return made!
}

/**
 * A seller's own requests, newest first, whatever their status; an admin's list is every
 * seller's with `status` (pending unless asked otherwise), newest first.
 */
export async function listBrandRequests(
  db: Db,
  user: SessionUser,
  status: BrandRequestStatus | undefined,
): Promise<BrandRequest[]> {
  if (user.type !== 'admin') {
    return selectRequests(
      db,
      and(
        eq(brandRequests.sellerId, user.id),
        status ? eq(brandRequests.status, status) : undefined,
      ),
    )
  }
  return selectRequests(db, eq(brandRequests.status, status ?? 'pending'))
}

/** Locks the pending request `id` for a decision; 404 when missing, 409 when decided. */
async function pendingRequest(tx: Tx, id: string) {
  const [row] = await tx
    .select({
      brand: brandRequests.brand,
      status: brandRequests.status,
      email: users.email,
    })
    .from(brandRequests)
    .innerJoin(users, eq(users.id, brandRequests.sellerId))
    .where(eq(brandRequests.id, id))
    .for('update', { of: brandRequests })
  if (!row) throw notFound('Brand request not found')
  if (row.status !== 'pending') throw conflict(`This request was ${row.status} already`)
  return row
}

interface Decision {
  id: string
  admin: SessionUser
  at: Date
  shopName: string
}

function mailSeller(tx: Tx, id: string, to: string, subject: string, text: string) {
  return enqueue(tx, 'mail', { mail: { to, subject, text } }, { dedupeKey: `brand-request:${id}` })
}

/**
 * Adds the requested brand to the list (unless it is there in some case already, then the
 * request is simply approved) and tells the seller by mail, in one transaction.
 */
export async function approveBrandRequest(db: Db, d: Decision): Promise<BrandRequest> {
  await db.transaction(async (tx) => {
    const request = await pendingRequest(tx, d.id)
    if (!(await existingBrand(tx, request.brand))) {
      await tx
        .insert(filterOptions)
        .values({ kind: 'brand', value: request.brand })
        .onConflictDoNothing()
    }
    await tx
      .update(brandRequests)
      .set({ status: 'approved', decidedBy: d.admin.id, decidedAt: d.at })
      .where(eq(brandRequests.id, d.id))
    await mailSeller(
      tx,
      d.id,
      request.email,
      `${d.shopName}: the brand “${request.brand}” is now in the list`,
      `Your request is approved: “${request.brand}” is now one of the shop’s brands. Pick it in your product form to list your products under it.`,
    )
  })
  const [made] = await selectRequests(db, eq(brandRequests.id, d.id))
  return made!
}

/** Declines the request with a reason the seller reads on screen and by mail. */
export async function declineBrandRequest(
  db: Db,
  d: Decision & { reason: string },
): Promise<BrandRequest> {
  await db.transaction(async (tx) => {
    const request = await pendingRequest(tx, d.id)
    await tx
      .update(brandRequests)
      .set({ status: 'declined', reason: d.reason, decidedBy: d.admin.id, decidedAt: d.at })
      .where(eq(brandRequests.id, d.id))
    await mailSeller(
      tx,
      d.id,
      request.email,
      `${d.shopName}: your request for the brand “${request.brand}” was declined`,
      `An admin declined your request to add the brand “${request.brand}”.\n\nReason: ${d.reason}`,
    )
  })
  const [made] = await selectRequests(db, eq(brandRequests.id, d.id))
  return made!
}
