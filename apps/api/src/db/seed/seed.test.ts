import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  SECTIONS,
  SEED_BRANDS,
  SEED_CATEGORIES,
  gstinProblem,
  hsnEntry,
  pincodeStateProblem,
} from '@techbazaar/shared'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifyPassword } from '../../lib/password'
import type { Database } from '../client'
import { openDatabase } from '../client'
import {
  featureImages,
  invoices,
  subOrders,
  filterOptions,
  orders,
  payouts,
  products,
  reviews,
  settlementEntries,
  users,
  vendorProfiles,
} from '../schema'
import { sellerBalances } from '../../modules/settlements'
import { reviewEligibility, verifiedPurchase } from '../../modules/reviews/review-eligibility'
import { DEMO_ACCOUNTS, DEMO_SHOPPER_BOUGHT, seedDemo } from './index'
import { loadConfig } from '../../config'

describe('seedDemo', () => {
  let database: Database
  let uploadsDir: string
  const logs: string[] = []
  let first: { seeded: boolean }

  beforeAll(async () => {
    database = await openDatabase({})
    await database.migrate()
    uploadsDir = await mkdtemp(path.join(tmpdir(), 'techbazaar-seed-'))
    first = await seedDemo(database.db, {
      uploadsDir,
      log: (msg) => logs.push(msg),
      marketplace: loadConfig({}).marketplace,
      settlement: loadConfig({}).settlement,
    })
    // Two or three gallery shots per product besides its cover (decision 091): about 200 more
    // WebP files, which take a busy 2-core box past a minute.
  }, 120_000)

  afterAll(async () => {
    await database?.close()
    if (uploadsDir) await rm(uploadsDir, { recursive: true, force: true })
  })

  /** Where the static server would find a `/uploads/...` URL. */
  const fileOf = (url: string) => path.join(uploadsDir, url.replace(/^\/uploads\//, ''))

  it('seeds an empty database and says so', () => {
    expect(first).toEqual({ seeded: true })
    expect(logs.join('\n')).toMatch(/Demo data seeded/)
  })

  it('lists a catalog across every brand, section and category', async () => {
    const rows = await database.db.select().from(products)
    expect(rows.length).toBeGreaterThanOrEqual(60)
    expect(new Set(rows.map((p) => p.brand))).toEqual(new Set(SEED_BRANDS))
    expect(new Set(rows.map((p) => p.section))).toEqual(new Set(SECTIONS))
    expect(new Set(rows.map((p) => p.category))).toEqual(new Set(SEED_CATEGORIES))
    for (const p of rows.filter((r) => r.section === 'accessories')) {
      expect(p.category).toBe('accessories')
    }
    expect(rows.some((p) => p.section === 'trending' && p.category === 'electronics')).toBe(true)
    // Every seeded seller with products is approved, so the whole catalog shows in the shop.
    expect(rows.every((p) => p.listed && p.deletedAt === null)).toBe(true)
  })

  it('has products on sale, low on stock and out of stock', async () => {
    const rows = await database.db.select().from(products)
    const onSale = rows.filter((p) => p.salePricePaise > 0)
    expect(onSale.length).toBeGreaterThan(rows.length * 0.3)
    expect(onSale.length).toBeLessThan(rows.length * 0.5)
    for (const p of onSale) expect(p.salePricePaise).toBeLessThan(p.pricePaise)
    for (const p of rows) expect(p.effectivePricePaise).toBe(p.salePricePaise || p.pricePaise)
    expect(rows.filter((p) => p.totalStock > 0 && p.totalStock < 10).length).toBeGreaterThanOrEqual(
      5,
    )
    expect(rows.filter((p) => p.totalStock === 0).length).toBeGreaterThanOrEqual(3)
  })

  it('creates the demo accounts with their roles and the demo password', async () => {
    expect(DEMO_ACCOUNTS.map((a) => a.email)).toEqual([
      'admin@demo.test',
      'seller@demo.test',
      'shopper@demo.test',
    ])
    const expected = {
      'admin@demo.test': { role: 'admin', type: 'admin' },
      'seller@demo.test': { role: 'admin', type: 'vendor' },
      'shopper@demo.test': { role: 'user', type: 'user' },
    } as const
    for (const account of DEMO_ACCOUNTS) {
      const [user] = await database.db.select().from(users).where(eq(users.email, account.email))
      expect(user).toBeDefined()
      if (!user) continue
      expect({ role: user.role, type: user.type }).toEqual(
        expected[account.email as keyof typeof expected],
      )
      expect({ role: account.role, type: account.type }).toEqual({
        role: user.role,
        type: user.type,
      })
      expect(user.passwordHash).toMatch(/^\$argon2id\$/)
      expect(await verifyPassword(user.passwordHash, account.password)).toBe(true)
      expect(await verifyPassword(user.passwordHash, 'wrong-password')).toBe(false)
    }
  })

  it('gives other seeded users a password nobody knows', async () => {
    const [reviewer] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, 'priya.k@reviewers.demo.test'))
    expect(reviewer?.passwordHash).toMatch(/^\$argon2id\$/)
    expect(await verifyPassword(reviewer?.passwordHash ?? '', 'Demo@1234')).toBe(false)
  })

  it('approves the demo seller with a valid GSTIN and lists its products', async () => {
    const [seller] = await database.db
      .select({ id: users.id, status: vendorProfiles.status, gst: vendorProfiles.gstNumber })
      .from(users)
      .innerJoin(vendorProfiles, eq(vendorProfiles.userId, users.id))
      .where(eq(users.email, 'seller@demo.test'))
    expect(seller?.status).toBe('Approved')
    expect(gstinProblem(seller?.gst ?? '')).toBeNull()
    const own = await database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.sellerId, seller?.id ?? ''))
    expect(own.length).toBeGreaterThanOrEqual(15)

    const vendors = await database.db.select().from(vendorProfiles)
    expect(vendors.filter((v) => v.status === 'Approved').length).toBeGreaterThanOrEqual(3)
    expect(vendors.some((v) => v.status === 'Pending')).toBe(true)
    for (const v of vendors) expect(gstinProblem(v.gstNumber ?? '')).toBeNull()
    const sellersWithProducts = new Set(
      (await database.db.select({ s: products.sellerId }).from(products)).map((r) => r.s),
    )
    const pending = vendors.filter((v) => v.status !== 'Approved').map((v) => v.userId)
    for (const id of pending) expect(sellersWithProducts.has(id)).toBe(false)
  })

  it('gives every product the HSN code of what it is, from the shop’s list', async () => {
    const rows = await database.db.select().from(products)
    for (const p of rows) expect(hsnEntry(p.hsn), `${p.title}: ${p.hsn}`).toBeDefined()
    const hsnOf = (pattern: RegExp) =>
      new Set(rows.filter((p) => pattern.test(p.title)).map((p) => p.hsn))
    expect(hsnOf(/power bank|battery pack/i)).toEqual(new Set(['850760']))
    expect(hsnOf(/^Samsung Galaxy Buds3 Pro/)).toEqual(new Set(['851830']))
    expect(hsnOf(/headphones?\b|neckband|airpods|buds/i)).toEqual(new Set(['851830']))
    expect(hsnOf(/watch/i)).toEqual(new Set(['851762']))
    expect(hsnOf(/ipad|\btab\b|\bpad\b/i)).toEqual(new Set(['847130']))
    expect(hsnOf(/speaker/i)).toEqual(new Set(['851822']))
    expect(hsnOf(/charger|adapter/i)).toEqual(new Set(['850440']))
    expect(hsnOf(/^(?!.*charger).*cable/i)).toEqual(new Set(['854442']))
    // Not the AirPods' "MagSafe Case": that is the earbuds' charging case.
    expect(hsnOf(/^(?!.*airpods).*\bcase\b/i)).toEqual(new Set(['392690']))
    expect(hsnOf(/^Apple iPhone 16 \(/)).toEqual(new Set(['851713']))
  })

  it('gives every seller the business details its GST invoices print', async () => {
    const vendors = await database.db.select().from(vendorProfiles)
    for (const v of vendors) {
      expect(v.businessName?.trim()).toBeTruthy()
      expect(v.addressLine?.trim()).toBeTruthy()
      expect(v.city?.trim()).toBeTruthy()
      expect(v.pincode).toMatch(/^[1-9]\d{5}$/)
      // The address is in the GSTIN's state, with a PIN code of that state.
      expect(v.stateCode).toBe(v.gstNumber?.slice(0, 2))
      expect(pincodeStateProblem(v.pincode ?? '', v.stateCode ?? '')).toBeNull()
    }
  })

  it('seeds the filter options', async () => {
    const rows = await database.db.select().from(filterOptions)
    const of = (kind: string) =>
      rows
        .filter((r) => r.kind === kind)
        .map((r) => r.value)
        .sort()
    expect(of('category')).toEqual([...SEED_CATEGORIES].sort())
    expect(of('brand')).toEqual([...SEED_BRANDS].sort())
  })

  it('keeps each product rating equal to the mean of its reviews', async () => {
    const rows = await database.db.select().from(products)
    const all = await database.db.select().from(reviews)
    expect(all.length).toBeGreaterThan(rows.length)
    for (const p of rows) {
      const values = all.filter((r) => r.productId === p.id).map((r) => r.value)
      expect(p.reviewCount).toBe(values.length)
      const sum = values.reduce((a, b) => a + b, 0)
      const mean = values.length ? Math.round((sum * 100) / values.length) / 100 : 0
      expect(p.averageReview).toBeCloseTo(mean, 5)
    }
    for (const r of all) {
      expect(r.value).toBeGreaterThanOrEqual(3)
      expect(r.value).toBeLessThanOrEqual(5)
      expect(r.message.trim().length).toBeGreaterThan(0)
    }
    expect(rows.filter((p) => p.reviewCount === 0).length).toBeLessThan(rows.length / 2)
  })

  it('seeds reviews only from shoppers who received the product, and one for the demo shopper to write', async () => {
    const db = database.db
    const rows = await db
      .select({ verified: verifiedPurchase(db, reviews.userId, reviews.productId) })
      .from(reviews)
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.every((r) => r.verified)).toBe(true)

    const [shopper] = await db.select().from(users).where(eq(users.email, 'shopper@demo.test'))
    const [bought] = await db.select().from(products).where(eq(products.title, DEMO_SHOPPER_BOUGHT))
    expect(bought?.listed).toBe(true)
    expect(await reviewEligibility(db, shopper!, bought!.id)).toEqual({
      canReview: true,
      reason: null,
    })
  })

  it('numbers the seeded orders in the order they were placed', async () => {
    const rows = await database.db
      .select({ number: orders.orderNumber, placedAt: orders.createdAt })
      .from(orders)
      .orderBy(orders.orderNumber)
    expect(rows.length).toBeGreaterThan(1)
    const placed = rows.map((r) => r.placedAt.getTime())
    expect(placed).toEqual([...placed].sort((a, b) => a - b))
  })

  it('issued each delivered parcel its invoice when it was dispatched, from the supplier’s series', async () => {
    const parts = await database.db.select({ id: subOrders.id }).from(subOrders)
    const issued = await database.db.select().from(invoices)
    expect(issued).toHaveLength(parts.length)
    for (const invoice of issued) {
      expect(invoice.number).toMatch(/^TB\/\d{4}\/\d{6}$/)
      expect(invoice.document.placeOfSupply.code).toMatch(/^\d{2}$/)
      expect(invoice.document.totals.totalPaise).toBeGreaterThan(0)
    }
  })

  it('gives the demo seller money paid, payable and on hold, and every seller its ledger', async () => {
    const config = loadConfig({})
    const [seller] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'seller@demo.test'))
    const b = await sellerBalances(database.db, config.settlement, seller!.id, new Date())
    expect(b.paidPaise).toBeGreaterThan(0)
    expect(b.payablePaise).toBeGreaterThan(0)
    expect(b.onHoldPaise).toBeGreaterThan(0)
    expect(b.inPayoutPaise).toBe(0)
    const paid = await database.db.select().from(payouts).where(eq(payouts.sellerId, seller!.id))
    expect(paid.length).toBeGreaterThan(1)
    for (const p of paid)
      expect(p).toMatchObject({ status: 'paid', utr: expect.stringMatching(/^\d{12}$/) })
    // Every delivered part with an invoice is in its seller's ledger, once.
    const settled = await database.db
      .selectDistinct({ id: settlementEntries.subOrderId })
      .from(settlementEntries)
      .where(eq(settlementEntries.kind, 'sale'))
    const delivered = await database.db.select({ id: subOrders.id }).from(subOrders)
    expect(settled).toHaveLength(delivered.length)
  })

  it('writes a valid WebP for every product and banner', async () => {
    const rows = await database.db
      .select({ image: products.image, extraImages: products.extraImages })
      .from(products)
    expect(new Set(rows.map((r) => r.image)).size).toBe(rows.length)
    // A gallery of 3 to 5 shots each, in every size the upload path makes (decision 091).
    const galleries = rows.map((r) => [r.image, ...r.extraImages])
    expect(new Set(galleries.map((g) => g.length))).toEqual(new Set([3, 4, 5]))
    for (const { image } of rows.flatMap((r) => r.extraImages.map((url) => ({ image: url })))) {
      expect(image).toMatch(/^\/uploads\/seed\/[a-z0-9-]+\.webp$/)
      expect(existsSync(fileOf(image))).toBe(true)
      expect(existsSync(fileOf(image.replace(/\.webp$/, '-320.webp')))).toBe(true)
    }
    for (const { image } of rows) {
      expect(image).toMatch(/^\/uploads\/seed\/[a-z0-9-]+\.webp$/)
      const meta = await sharp(fileOf(image)).metadata()
      expect(meta).toMatchObject({ format: 'webp', width: 640, height: 640 })
      // The 320 px variant the cards' srcset points at.
      const small = await sharp(fileOf(image.replace(/\.webp$/, '-320.webp'))).metadata()
      expect(small).toMatchObject({ format: 'webp', width: 320, height: 320 })
    }
    const banners = await database.db.select().from(featureImages)
    expect(banners).toHaveLength(3)
    expect(banners.filter((b) => b.productId !== null)).toHaveLength(1)
    // Each painted button goes somewhere (issue 31.3): the phones and earbuds searches, the product.
    expect(banners.map((b) => [b.linkKind, b.linkValue])).toEqual(
      expect.arrayContaining([
        ['search', 'phone'],
        ['search', 'earbuds'],
        ['product', null],
      ]),
    )
    for (const b of banners) {
      expect(existsSync(fileOf(b.image))).toBe(true)
      const meta = await sharp(fileOf(b.image)).metadata()
      expect(meta).toMatchObject({ format: 'webp', width: 1800, height: 600 })
      // The variants the banner's srcset points at, as uploads make them.
      for (const [width, height] of [
        [640, 213],
        [320, 107],
      ]) {
        const variant = await sharp(fileOf(b.image.replace(/\.webp$/, `-${width}.webp`))).metadata()
        expect(variant).toMatchObject({ format: 'webp', width, height })
      }
      // Phones get a portrait artwork of their own, with its 400 px variant.
      expect(b.mobileImage).toMatch(/^\/uploads\/seed\/banner-[a-z0-9-]+\.webp$/)
      const phone = fileOf(b.mobileImage!)
      expect(await sharp(phone).metadata()).toMatchObject({
        format: 'webp',
        width: 800,
        height: 1000,
      })
      const small = await sharp(phone.replace(/\.webp$/, '-400.webp')).metadata()
      expect(small).toMatchObject({ format: 'webp', width: 400, height: 500 })
    }
  })

  it('does nothing the second time', async () => {
    const before = await database.db.select({ id: users.id }).from(users)
    expect(
      await seedDemo(database.db, {
        uploadsDir,
        log: () => {},
        marketplace: loadConfig({}).marketplace,
        settlement: loadConfig({}).settlement,
      }),
    ).toEqual({ seeded: false })
    const after = await database.db.select({ id: users.id }).from(users)
    expect(after.length).toBe(before.length)
  })
})
