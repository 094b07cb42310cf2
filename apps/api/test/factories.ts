import { rupeesToPaise } from '@techbazaar/shared'
import type { Db } from '../src/db/client'
import { products, users, vendorProfiles } from '../src/db/schema'

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

export async function createSeller(
  db: Db,
  status: 'Pending' | 'Approved' | 'Rejected' = 'Approved',
) {
  const user = await createUser(db, { role: 'admin', type: 'vendor' })
  await db.insert(vendorProfiles).values({ userId: user.id, status })
  return user
}

export interface ProductInput {
  title?: string
  price?: number
  salePrice?: number
  category?: string
  brand?: string
  section?: 'featured' | 'top-deals' | 'trending' | 'accessories'
  totalStock?: number
  /** Units one order may hold; absent, the shop's default (ORDER_MAX_QTY_PER_PRODUCT). */
  maxPerOrder?: number | null
  listed?: boolean
  sellerId: string
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
      section: input.section ?? 'featured',
      brand: input.brand ?? 'samsung',
      pricePaise: rupeesToPaise(input.price ?? 1000),
      salePricePaise: rupeesToPaise(input.salePrice ?? 0),
      totalStock: input.totalStock ?? 10,
      maxPerOrder: input.maxPerOrder ?? null,
      listed: input.listed ?? true,
    })
    .returning()
  if (!product) throw new Error('product not created')
  return product
}
