import {
  formatShopDate,
  type CompleteVendorValues,
  type CreateVendorValues,
  type Vendor,
} from '@techbazaar/shared'
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { products, users, vendorProfiles } from '../../db/schema'
import type { GstinVerifier } from '../../gstn'
import { AppError, conflict, notFound } from '../../lib/errors'
import { hashPassword } from '../../lib/password'
import { familiesOf, refreshFamilies } from '../catalog'
import { verifySellerGstin, type SellerRegistration } from './gstin-check'

const EMAIL_TAKEN = 'An account with this email already exists'
const GSTIN_TAKEN = 'A seller with this GST Number already exists'
const GSTIN_HELD = 'Another approved seller holds this GST Number'

/** PostgreSQL's unique_violation, as node-postgres and PGlite report it (Drizzle wraps it). */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === '23505') return true
  }
  return false
}

/** Turns the unique index's refusal into a 409 with `message`; anything else passes through. */
const uniqueAs =
  (message: string) =>
  (error: unknown): never => {
    throw isUniqueViolation(error) ? conflict(message) : error
  }

const vendorColumns = {
  _id: users.id,
  userName: users.userName,
  mobile: users.mobile,
  email: users.email,
  gstNumber: vendorProfiles.gstNumber,
  gstRegistrationType: vendorProfiles.gstRegistrationType,
  gstinLegalName: vendorProfiles.gstinLegalName,
  gstinProblem: vendorProfiles.gstinProblem,
  status: vendorProfiles.status,
  // products_seller_idx finds them; what a reject would take offline.
  listedProducts: sql<number>`(SELECT count(*)::int FROM ${products}
    WHERE ${products.sellerId} = ${users.id} AND ${products.listed})`.mapWith(Number),
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

/**
 * The rule for a seller's products to be in the shop (decision 3, decision 44): approved by an
 * admin, and with a GSTIN, which its GST invoices print as the supplier's, that no re-check
 * found cancelled (decision 78).
 */
export const sellerMaySell = (profile: {
  status: string | null
  gstNumber: string | null
  gstinProblem?: string | null
}) => profile.status === 'Approved' && profile.gstNumber !== null && !profile.gstinProblem

/** Whether a seller may sell now: an admin (the marketplace's own goods) or `sellerMaySell`. */
export async function sellerIsListable(db: Db | Tx, sellerId: string): Promise<boolean> {
  const [row] = await db
    .select({
      type: users.type,
      status: vendorProfiles.status,
      gstNumber: vendorProfiles.gstNumber,
      gstinProblem: vendorProfiles.gstinProblem,
    })
    .from(users)
    .leftJoin(vendorProfiles, eq(vendorProfiles.userId, users.id))
    .where(eq(users.id, sellerId))
  return row?.type === 'admin' || (row?.type === 'vendor' && sellerMaySell(row))
}

/**
 * The one writer of `products.listed` (a deletion aside, which unlists for good): lists a
 * seller's live products, or only `productIds` of them, when the seller may sell and the
 * product's declarations are complete (decisions 3, 44 and 066), and hides the others. Run it
 * after any change to either; the table's CHECK refuses listing an incomplete product anyway.
 */
export async function relistProducts(
  db: Db | Tx,
  sellerId: string,
  productIds?: string | readonly string[],
) {
  const only = productIds === undefined ? undefined : [productIds].flat()
  const maySell = await sellerIsListable(db, sellerId)
  await db
    .update(products)
    .set({ listed: maySell ? sql`${products.declarationsComplete}` : false })
    .where(
      and(
        eq(products.sellerId, sellerId),
        only ? inArray(products.id, only) : undefined,
        isNull(products.deletedAt),
      ),
    )
  // A variant's listing moves its family's lead and price range (decision 090).
  await refreshFamilies(db, await familiesOf(db, sellerId, only))
}

const profileDetails = (input: CompleteVendorValues) => ({
  gstNumber: input.gstNumber,
  businessName: input.businessName,
  addressLine: input.addressLine,
  city: input.city,
  stateCode: input.stateCode,
  pincode: input.pincode,
})

/**
 * "Add New Vendor": a seller (role admin, type vendor) with what seller registration asks, that
 * starts Approved (decisions.md). A taken email or GSTIN answers 409, also when two requests
 * race: the inserts skip a conflicting row instead of failing on the unique index.
 */
export async function createVendor(
  db: Db,
  gstn: GstinVerifier | undefined,
  input: CreateVendorValues,
  now: Date,
): Promise<Vendor> {
  // Approved at once: its GSTIN is asked of the GST network first (issue 30.10).
  const registration = await verifySellerGstin(gstn, input.gstNumber, now)
  const passwordHash = await hashPassword(input.password)
  const id = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        userName: input.userName,
        email: input.email,
        mobile: input.mobile,
        passwordHash,
        role: 'admin',
        type: 'vendor',
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id })
    if (!created) throw conflict(EMAIL_TAKEN)
    // Approved at once, so it takes the GSTIN; the unique index answers one held meanwhile, and
    // throwing rolls the account back too.
    await tx
      .insert(vendorProfiles)
      .values({
        userId: created.id,
        ...profileDetails(input),
        ...registration,
        status: 'Approved',
        decidedAt: now,
      })
      .catch(uniqueAs(GSTIN_TAKEN))
    return created.id
  })
  return getVendor(db, id)
}

/**
 * Gives a seller made without one its mobile, GSTIN and business address, and lists its
 * products if it is approved. A GSTIN is not replaced here (409): invoices already carry it.
 */
export async function completeVendor(
  db: Db,
  gstn: GstinVerifier | undefined,
  id: string,
  input: CompleteVendorValues,
  now: Date,
): Promise<Vendor> {
  const registration = await verifySellerGstin(gstn, input.gstNumber, now)
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ gstNumber: vendorProfiles.gstNumber })
      .from(vendorProfiles)
      .where(eq(vendorProfiles.userId, id))
      .for('update')
    if (!current) throw notFound('Vendor not found')
    if (current.gstNumber) throw conflict('This seller already has a GST Number')
    await tx.update(users).set({ mobile: input.mobile, updatedAt: now }).where(eq(users.id, id))
    // An UPDATE has no ON CONFLICT: the unique index itself answers a GSTIN taken meanwhile.
    await tx
      .update(vendorProfiles)
      .set({ ...profileDetails(input), ...registration, updatedAt: now })
      .where(eq(vendorProfiles.userId, id))
      .catch(uniqueAs(GSTIN_TAKEN))
    await relistProducts(tx, id)
  })
  return getVendor(db, id)
}

/**
 * Approves or rejects a seller and, in the same transaction, lists or hides its live products,
 * so the shop never shows a rejected seller's product (nor an approved one's without a GSTIN).
 * Sessions stay: a rejected seller can still sign in and see its status (decisions.md).
 */
export async function setVendorStatus(
  db: Db,
  gstn: GstinVerifier | undefined,
  id: string,
  status: 'Approved' | 'Rejected',
  now: Date,
): Promise<Vendor> {
  // Approval asks the GST network first: a cancelled GSTIN cannot be approved, and a composition
  // dealer is recorded as one (bills of supply, sales within its state; decision 075).
  const current = status === 'Approved' ? await getVendor(db, id) : undefined
  const registration = current?.gstNumber
    ? await verifySellerGstin(gstn, current.gstNumber, now)
    : {}
  await db.transaction(async (tx) => {
    // Approval takes the GSTIN: the partial unique index refuses a second approved holder.
    const updated = await tx
      .update(vendorProfiles)
      .set({ status, ...registration, decidedAt: now, updatedAt: now })
      .where(eq(vendorProfiles.userId, id))
      .returning({ id: vendorProfiles.userId })
      .catch(uniqueAs(GSTIN_HELD))
    if (updated.length === 0) throw notFound('Vendor not found')
    await relistProducts(tx, id)
  })
  return getVendor(db, id)
}

/**
 * "Re-check GSTIN" (decision 78): asks the GST network again about an approved seller's GSTIN,
 * for sellers approved before verification existed. Active: what it answers is recorded as at
 * approval. Cancelled, suspended, unknown or not a supplier: the finding is recorded and the
 * seller's listings suspended (its products hidden) until it is approved again. The network
 * down or not set up: 503, nothing recorded.
 */
export async function recheckVendorGstin(
  db: Db,
  gstn: GstinVerifier | undefined,
  id: string,
  now: Date,
): Promise<Vendor> {
  const current = await getVendor(db, id)
  if (current.status !== 'Approved' || !current.gstNumber) {
    throw conflict('Only an approved seller’s GSTIN is re-checked: approving a seller checks it.')
  }
  let found: Omit<Partial<SellerRegistration>, 'gstinProblem'> & { gstinProblem: string | null }
  try {
    found = await verifySellerGstin(gstn, current.gstNumber, now)
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode !== 409) throw error
    found = { gstinProblem: `${error.message} (checked ${formatShopDate(now, 'medium')})` }
  }
  await db.transaction(async (tx) => {
    await tx
      .update(vendorProfiles)
      .set({ ...found, updatedAt: now })
      .where(eq(vendorProfiles.userId, id))
    await relistProducts(tx, id)
  })
  return getVendor(db, id)
}
