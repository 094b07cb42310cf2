import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createProduct, createSeller, createUser } from '../../../test/factories'
import { products, users } from '../../db/schema'
import { createSession } from '../auth/sessions'

// The back office's product list at scale (issue 31, item 8): one page at a time, searched and
// narrowed by seller and status, with the count of products missing declarations.
let t: TestContext
const cookies = { admin: '', seller: '' }
let sellerName = ''
let sellerId = ''
const newestFirst: string[] = []

beforeAll(async () => {
  t = await createTestApp()
  const db = t.database.db
  const cookieOf = async (userId: string) =>
    `session=${await createSession(db, { userId, days: 1, now: new Date() })}`
  const seller = await createSeller(db, 'Approved')
  const other = await createSeller(db, 'Approved')
  cookies.admin = await cookieOf((await createUser(db, { role: 'admin', type: 'admin' })).id)
  cookies.seller = await cookieOf(seller.id)
  sellerId = seller.id
  sellerName = (await db.select().from(users).where(eq(users.id, seller.id)))[0]!.userName
  // 30 products of the seller, one a second apart so "newest first" is known.
  const start = Date.UTC(2026, 10, 1)
  for (let i = 0; i < 30; i++) {
    const product = await createProduct(db, {
      sellerId: seller.id,
      title: i === 3 ? 'Moto G85 100% Vegan Leather' : `Seller Item ${i}`,
      brand: i === 5 ? 'Realme' : 'samsung',
      category: i === 7 ? 'wearables' : 'electronics',
      totalStock: i === 9 ? 0 : 10,
      declared: i !== 11,
      listed: i === 12 ? false : undefined,
    })
    await db
      .update(products)
      .set({ createdAt: new Date(start + i * 1000) })
      .where(eq(products.id, product.id))
    newestFirst.unshift(product.id)
  }
  await createProduct(db, { sellerId: other.id, title: 'Other Seller Item' })
}, 60_000)
afterAll(() => t.close())

const list = (query: string, cookie = cookies.seller) =>
  t.app.inject({ url: `/api/admin/products/get${query}`, headers: { cookie } })
const idsOf = (body: { data: { _id: string }[] }) => body.data.map((p) => p._id)
const titlesOf = (body: { data: { title: string }[] }) => body.data.map((p) => p.title)

describe('GET /api/admin/products/get, paged and filtered', () => {
  it('gives a page of 24, newest first, with the total, and the rest on page 2', async () => {
    const first = (await list('')).json()
    expect(first).toMatchObject({ success: true, total: 30, page: 1, limit: 24, incomplete: 1 })
    expect(idsOf(first)).toEqual(newestFirst.slice(0, 24))
    const second = (await list('?page=2')).json()
    expect(idsOf(second)).toEqual(newestFirst.slice(24))
    expect((await list('?page=3')).json()).toMatchObject({ data: [], total: 30 })
  })

  it('finds part of a title or brand, ignoring case, % taken literally', async () => {
    expect(titlesOf((await list('?q=moto%20g85')).json())).toEqual(['Moto G85 100% Vegan Leather'])
    expect(titlesOf((await list('?q=100%25')).json())).toEqual(['Moto G85 100% Vegan Leather'])
    expect(titlesOf((await list('?q=REALME')).json())).toEqual(['Seller Item 5'])
    expect((await list('?q=nothing-like-this')).json()).toMatchObject({ data: [], total: 0 })
  })

  it('narrows by status: listed, hidden, declarations missing, out of stock', async () => {
    const of = async (status: string) => (await list(`?status=${status}&limit=100`)).json()
    expect((await of('listed')).total).toBe(28)
    expect(titlesOf(await of('hidden')).sort()).toEqual(['Seller Item 11', 'Seller Item 12'])
    expect(titlesOf(await of('incomplete'))).toEqual(['Seller Item 11'])
    expect(titlesOf(await of('out-of-stock'))).toEqual(['Seller Item 9'])
  })

  it('keeps a seller to its own products, and lets an admin pick one seller', async () => {
    expect(titlesOf((await list('?q=Other%20Seller')).json())).toEqual([])
    const everyone = (await list('?q=Item&limit=100', cookies.admin)).json()
    expect(everyone.total).toBe(30)
    expect(titlesOf(everyone)).toContain('Other Seller Item')
    const one = (
      await list(`?q=Item&limit=100&userName=${encodeURIComponent(sellerName)}`, cookies.admin)
    ).json()
    expect(one.total).toBe(29)
    expect(titlesOf(one)).not.toContain('Other Seller Item')
    const byId = (await list(`?q=Item&limit=100&sellerId=${sellerId}`, cookies.admin)).json()
    expect(byId.total).toBe(29)
  })

  it('refuses an unknown status and pages out of range with a 400', async () => {
    for (const query of ['?status=sold', '?limit=101', '?page=0', '?page=two', '?sellerId=7']) {
      const res = await list(query)
      expect(res.statusCode, query).toBe(400)
      expect(res.json().success).toBe(false)
    }
  })
})
