import { gstinCheckChar, rupeesToPaise } from '@techbazaar/shared'
import type { Db } from '../src/db/client'
import { orders, products, users, vendorProfiles } from '../src/db/schema'

let counter = 0
const next = () => ++counter

/** A hash no password verifies against: factories' users never need to sign in by password. */
const UNUSABLE_HASH = '!unusable'

export async function createUser(db: Db, overrides: Partial<typeof users.$inferInsert> = {}) {
  const n = next()
  const [user] = await db
    .insert(users)
    .values({
      userName: `User ${n}`,
      email: `user${n}-${crypto.randomUUID().slice(0, 8)}@example.test`,
      passwordHash: UNUSABLE_HASH,
      mobile: '9876543210',
      role: 'user',
      type: 'user',
      ...overrides,
    })
    .returning()
  if (!user) throw new Error('user not created')
  return user
}

/** A valid, unique GSTIN (Maharashtra, check digit right) for the n-th factory seller. */
export function testGstin(n: number): string {
  const digits = String(n % 10_000).padStart(4, '0')
  const k = Math.floor(n / 10_000)
  const letters = String.fromCharCode(65 + (Math.floor(k / 26) % 26), 65 + (k % 26))
  const first14 = `27AAA${letters}${digits}A1Z`
  return first14 + gstinCheckChar(first14)
}

/**
 * A seller with a GSTIN (one without is never listed, decision 44), unless `gstNumber: null`.
 * It has the business address its GST invoices print (a Mumbai one, in its GSTIN's state, under
 * its account name), which dispatching its parcels needs, unless `invoiceable: false`.
 */
export async function createSeller(
  db: Db,
  status: 'Pending' | 'Approved' | 'Rejected' = 'Approved',
  profile: { gstNumber?: string | null; invoiceable?: boolean } = {},
) {
  const user = await createUser(db, { role: 'admin', type: 'vendor' })
  const gstNumber = profile.gstNumber === undefined ? testGstin(next()) : profile.gstNumber
  const address =
    (profile.invoiceable ?? gstNumber !== null)
      ? {
          businessName: user.userName,
          addressLine: '1 Marine Drive',
          city: 'Mumbai',
          pincode: '400001',
          stateCode: '27',
        }
      : {}
  await db.insert(vendorProfiles).values({ userId: user.id, status, gstNumber, ...address })
  return user
}

export interface ProductInput {
  title?: string
  price?: number
  salePrice?: number
  category?: string
  /** Six-digit HSN from the shop's list; a phone's by default. */
  hsn?: string
  brand?: string
  section?: 'featured' | 'top-deals' | 'trending' | 'accessories'
  totalStock?: number
  /** Units one order may hold; absent, the shop's default (ORDER_MAX_QTY_PER_PRODUCT). */
  maxPerOrder?: number | null
  listed?: boolean
  /** False: a product from before the declarations (all of them null; it must not be listed). */
  declared?: boolean
  sellerId: string
}

/** Complete package declarations and a warranty, as a phone's label gives them (decision 066). */
export const TEST_DECLARATIONS = {
  manufacturerName: 'Samsung India Electronics Pvt. Ltd.',
  manufacturerAddress: '6th Floor, DLF Centre, Sansad Marg, New Delhi 110001',
  packerRole: 'manufacturer' as const,
  packerName: null,
  packerAddress: null,
  countryOfOrigin: 'India',
  genericName: 'Smartphone',
  netQuantity: '1 N',
  careName: 'Samsung Customer Care',
  careAddress: '6th Floor, DLF Centre, Sansad Marg, New Delhi 110001',
  carePhone: '1800 40 7267864',
  careEmail: 'support.india@samsung.example',
  warrantyMonths: 12,
  warrantyBy: 'Manufacturer' as const,
}

/** The declarations and warranty as the product form sends them (strings, '' for none). */
export function declarationsBody() {
  const {
    warrantyMonths,
    warrantyBy,
    packerName: _n,
    packerAddress: _a,
    ...declarations
  } = TEST_DECLARATIONS
  return {
    declarations: { ...declarations, packerName: '', packerAddress: '' },
    warranty: { months: String(warrantyMonths), by: warrantyBy },
  }
}

export async function createProduct(db: Db, input: ProductInput) {
  const n = next()
  const [product] = await db
    .insert(products)
    .values({
      sellerId: input.sellerId,
      title: input.title ?? `Test Product ${n}`,
      description: 'A product made by a test.',
      image: `/uploads/test/${n}.webp`,
      category: input.category ?? 'electronics',
      hsn: input.hsn ?? '851713',
      section: input.section ?? 'featured',
      brand: input.brand ?? 'samsung',
      pricePaise: rupeesToPaise(input.price ?? 1000),
      salePricePaise: rupeesToPaise(input.salePrice ?? 0),
      totalStock: input.totalStock ?? 10,
      maxPerOrder: input.maxPerOrder ?? null,
      ...(input.declared === false ? {} : TEST_DECLARATIONS),
      listed: input.listed ?? input.declared !== false,
    })
    .returning()
  if (!product) throw new Error('product not created')
  return product
}

/**
 * `count` orders placed by `userIds` in turn, one a minute going back from `newest` (so their
 * order is known), statuses cycling through `statuses`. Inserted in one statement: a list or
 * report test needs many orders, not the checkout that made them.
 */
export async function createOrders(
  db: Db,
  input: {
    count: number
    userIds: string[]
    statuses?: (typeof orders.$inferInsert)['orderStatus'][]
    newest?: Date
  },
) {
  const { count, userIds, statuses = ['confirmed'], newest = new Date() } = input
  const rows = Array.from({ length: count }, (_, i) => ({
    userId: userIds[i % userIds.length]!,
    addressInfo: {
      addressId: crypto.randomUUID(),
      address: '12 MG Road',
      city: 'Bengaluru',
      pincode: '560001',
      phone: '9876543210',
      notes: '',
      stateCode: '29',
    },
    orderStatus: statuses[i % statuses.length],
    paymentMethod: 'COD' as const,
    totalPaise: 100_000 + i,
    createdAt: new Date(newest.getTime() - i * 60_000),
  }))
  return db.insert(orders).values(rows).returning({ id: orders.id, createdAt: orders.createdAt })
}
