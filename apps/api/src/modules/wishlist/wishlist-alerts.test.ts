import { and, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outbox, products, wishlistItems, wishlistPreferences } from '../../db/schema'
import { createTestApp, type TestContext } from '../../../test/app'
import { createProduct, createSeller, createUser } from '../../../test/factories'
import { sendWishlistAlerts } from './wishlist-alerts'

let t: TestContext
let sellerId: string
const config = { appUrl: 'https://shop.example', shopName: 'TechBazaar' }

beforeAll(async () => {
  t = await createTestApp()
  sellerId = (await createSeller(t.database.db)).id
})
afterAll(() => t.close())

const run = () => sendWishlistAlerts({ db: t.database.db, config })

/** A shopper with `notify` set who saved one product at `price` rupees (stock as given). */
async function saver(notify: boolean, price = 1000, totalStock = 5) {
  const db = t.database.db
  const user = await createUser(db)
  const product = await createProduct(db, { sellerId, price, totalStock })
  await db.insert(wishlistPreferences).values({ userId: user.id, notify })
  await db.insert(wishlistItems).values({
    userId: user.id,
    productId: product.id,
    savedPricePaise: product.effectivePricePaise,
    awaitingStock: totalStock === 0,
  })
  return { user, product }
}

const setProduct = (id: string, values: Partial<typeof products.$inferInsert>) =>
  t.database.db.update(products).set(values).where(eq(products.id, id))

async function mailsTo(email: string) {
  const rows = await t.database.db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(and(eq(outbox.kind, 'mail'), like(outbox.dedupeKey, 'wishlist-alert:%')))
  return rows
    .map((row) => (row.payload as { mail: { to: string; subject: string; text: string } }).mail)
    .filter((mail) => mail.to === email)
}

describe('sendWishlistAlerts', () => {
  it('should mail a price drop once, and again only for a new low', async () => {
    const { user, product } = await saver(true, 1000)
    await run()
    expect(await mailsTo(user.email)).toEqual([])

    await setProduct(product.id, { salePricePaise: 90000 })
    await run()
    await run()
    const mails = await mailsTo(user.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toBe(`Price drop: ${product.title}`)
    expect(mails[0]!.text).toContain('now ₹900 (was ₹1,000 when you saved it)')
    expect(mails[0]!.text).toContain('https://shop.example/wishlist')

    // Back up, then down to the same price: nothing new. Lower still: a second mail.
    await setProduct(product.id, { salePricePaise: 0 })
    await run()
    await setProduct(product.id, { salePricePaise: 90000 })
    await run()
    expect(await mailsTo(user.email)).toHaveLength(1)
    await setProduct(product.id, { salePricePaise: 85000 })
    await run()
    expect(await mailsTo(user.email)).toHaveLength(2)
  })

  it('should mail once when a sold-out product is back in stock', async () => {
    const { user, product } = await saver(true, 1000, 5)
    await setProduct(product.id, { totalStock: 0 })
    await run()
    expect(await mailsTo(user.email)).toEqual([])
    await setProduct(product.id, { totalStock: 3 })
    await run()
    await run()
    const mails = await mailsTo(user.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toBe(`Back in stock: ${product.title}`)
    expect(mails[0]!.text).toContain('back in stock at ₹1,000')
  })

  it('should not tell of a drop while the product is sold out or unlisted', async () => {
    const { user, product } = await saver(true, 1000, 0)
    await setProduct(product.id, { salePricePaise: 50000 })
    await run()
    await setProduct(product.id, { totalStock: 2, listed: false })
    await run()
    expect(await mailsTo(user.email)).toEqual([])
    await setProduct(product.id, { listed: true })
    await run()
    const mails = await mailsTo(user.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.text).toContain('back in stock, now ₹500')
  })

  it('should write nothing to shoppers who did not turn the mails on', async () => {
    const { user, product } = await saver(false, 1000)
    await setProduct(product.id, { salePricePaise: 10000 })
    await run()
    expect(await mailsTo(user.email)).toEqual([])
  })

  it('should put every change of one shopper in one mail', async () => {
    const db = t.database.db
    const { user, product } = await saver(true, 1000)
    const other = await createProduct(db, { sellerId, price: 2000, totalStock: 0 })
    await db.insert(wishlistItems).values({
      userId: user.id,
      productId: other.id,
      savedPricePaise: other.effectivePricePaise,
      awaitingStock: true,
    })
    await setProduct(product.id, { salePricePaise: 50000 })
    await setProduct(other.id, { totalStock: 1 })
    await run()
    const mails = await mailsTo(user.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toBe('2 products on your wishlist have news')
    expect(mails[0]!.text).toContain(product.title)
    expect(mails[0]!.text).toContain(other.title)
  })
})
