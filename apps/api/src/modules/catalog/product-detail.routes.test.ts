import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productDetail } from '@techbazaar/shared'
import { createTestApp, type TestContext } from '../../../test/app'
import { createProduct, createSeller, createUser, TEST_DECLARATIONS } from '../../../test/factories'
import { products, users, vendorProfiles } from '../../db/schema'

/** What the law asks a product's listing to show (decision 066), on its detail payload. */
let t: TestContext
let ids: { vendorProduct: string; adminProduct: string; seller: string; admin: string }

beforeAll(async () => {
  t = await createTestApp()
  const db = t.database.db
  const seller = await createSeller(db)
  await db
    .update(vendorProfiles)
    .set({ businessName: 'Mobile Mart Retail LLP' })
    .where(eq(vendorProfiles.userId, seller.id))
  await db.update(users).set({ mobile: '9876543210' }).where(eq(users.id, seller.id))
  const admin = await createUser(db, { role: 'admin', type: 'admin' })
  const vendorProduct = await createProduct(db, { sellerId: seller.id, title: 'Galaxy S24' })
  // Two rated products: the seller's rating weighs each by its reviews ((5*1 + 4*3) / 4 = 4.25).
  await db
    .update(products)
    .set({ averageReview: 5, reviewCount: 1 })
    .where(eq(products.id, vendorProduct.id))
  const rated = await createProduct(db, { sellerId: seller.id })
  await db
    .update(products)
    .set({ averageReview: 4, reviewCount: 3 })
    .where(eq(products.id, rated.id))
  const adminProduct = await createProduct(db, { sellerId: admin.id, title: 'House Cable' })
  ids = {
    vendorProduct: vendorProduct.id,
    adminProduct: adminProduct.id,
    seller: seller.id,
    admin: admin.id,
  }
})
afterAll(() => t.close())

const get = (id: string) => t.app.inject({ url: `/api/shop/products/get/${id}` })

describe('GET /api/shop/products/get/:id', () => {
  it('should name the seller as a business: legal name, address, GSTIN, customer care, rating', async () => {
    const res = await get(ids.vendorProduct)
    expect(res.statusCode).toBe(200)
    const data = productDetail.parse(res.json().data)
    const [profile] = await t.database.db
      .select()
      .from(vendorProfiles)
      .where(eq(vendorProfiles.userId, ids.seller))
    const [account] = await t.database.db.select().from(users).where(eq(users.id, ids.seller))
    expect(data.username).toBe('Mobile Mart Retail LLP')
    expect(data.seller).toEqual({
      legalName: 'Mobile Mart Retail LLP',
      address: '1 Marine Drive, Mumbai, Maharashtra 400001',
      gstin: profile?.gstNumber,
      phone: '9876543210',
      email: account?.email,
      rating: 4.3,
      ratingCount: 4,
      marketplace: false,
    })
  })

  it('should carry the package declarations and the warranty', async () => {
    const data = productDetail.parse((await get(ids.vendorProduct)).json().data)
    const { warrantyMonths, warrantyBy, ...declarations } = TEST_DECLARATIONS
    expect(data.declarations).toEqual(declarations)
    expect(data.warranty).toEqual({ months: warrantyMonths, by: warrantyBy })
  })

  it('should show the marketplace, never the admin’s own name, as the seller of its own goods', async () => {
    const res = await get(ids.adminProduct)
    expect(res.statusCode).toBe(200)
    const data = productDetail.parse(res.json().data)
    const { marketplace } = t.app.deps.config
    const [admin] = await t.database.db.select().from(users).where(eq(users.id, ids.admin))
    expect(data.username).toBe(marketplace.legalName)
    expect(data.username).not.toBe(admin?.userName)
    expect(data.seller).toEqual({
      legalName: marketplace.legalName,
      address: marketplace.address.join(', '),
      gstin: marketplace.gstin,
      phone: marketplace.carePhone,
      email: marketplace.careEmail,
      rating: null,
      ratingCount: 0,
      marketplace: true,
    })
  })

  it('should keep the listing’s products small and name their sellers alike', async () => {
    const res = await t.app.inject({ url: '/api/shop/products/get?limit=50' })
    const rows = res.json().data as Record<string, unknown>[]
    const house = rows.find((row) => row._id === ids.adminProduct)
    expect(house?.username).toBe(t.app.deps.config.marketplace.legalName)
    expect(rows.find((row) => row._id === ids.vendorProduct)?.username).toBe(
      'Mobile Mart Retail LLP',
    )
    expect(house).not.toHaveProperty('seller')
    expect(house).not.toHaveProperty('declarations')
  })

  it('should drop a cached detail when the seller’s business details change', async () => {
    await get(ids.vendorProduct)
    expect((await get(ids.vendorProduct)).headers['x-cache']).toBe('hit')
    await t.database.db
      .update(vendorProfiles)
      .set({ businessName: 'Mobile Mart Retail Pvt. Ltd.' })
      .where(eq(vendorProfiles.userId, ids.seller))
    await t.app.deps.catalogCache?.caughtUp()
    const data = productDetail.parse((await get(ids.vendorProduct)).json().data)
    expect(data.seller.legalName).toBe('Mobile Mart Retail Pvt. Ltd.')
  })

  it('should answer 404 for a product without complete declarations (never listed)', async () => {
    const draft = await createProduct(t.database.db, { sellerId: ids.seller, declared: false })
    expect((await get(draft.id)).statusCode).toBe(404)
  })
})
