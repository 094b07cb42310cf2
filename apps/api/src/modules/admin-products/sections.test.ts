import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createSeller, createUser, declarationsBody } from '../../../test/factories'
import { filterOptions, products } from '../../db/schema'
import { createSession } from '../auth/sessions'

// Decision 085: only admins put products in the home page's sections; sellers suggest.
let t: TestContext
const cookies = { admin: '', seller: '' }
const IMAGE = '/uploads/u/0123456789abcdef0123456789abcdef.webp'

beforeAll(async () => {
  t = await createTestApp()
  const db = t.database.db
  const admin = await createUser(db, { role: 'admin', type: 'admin' })
  const seller = await createSeller(db, 'Approved')
  const cookieFor = async (userId: string) =>
    `session=${await createSession(db, { userId, days: 1, now: new Date() })}`
  cookies.admin = await cookieFor(admin.id)
  cookies.seller = await cookieFor(seller.id)
  await db.insert(filterOptions).values([
    { kind: 'category', value: 'electronics' },
    { kind: 'brand', value: 'samsung' },
  ])
  mkdirSync(path.join(t.dataDir, 'uploads', 'u'), { recursive: true })
  writeFileSync(path.join(t.dataDir, 'uploads', IMAGE.slice(9)), 'webp')
})
afterAll(() => t.close())

const body = (overrides: Record<string, unknown> = {}) => ({
  image: IMAGE,
  title: 'Galaxy S25',
  description: 'A phone.',
  category: 'electronics',
  brand: 'samsung',
  section: 'featured',
  hsn: '851713',
  price: 79999,
  salePrice: 0,
  totalStock: 5,
  ...declarationsBody(),
  ...overrides,
})

async function add(who: keyof typeof cookies, overrides: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/products/add',
    headers: { cookie: cookies[who] },
    payload: body(overrides),
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json().data as { _id: string; section: string | null; suggestedSection: string | null }
}

async function edit(who: keyof typeof cookies, id: string, overrides: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/products/edit/${id}`,
    headers: { cookie: cookies[who] },
    payload: body(overrides),
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as { section: string | null; suggestedSection: string | null }
}

const decide = (verb: 'approve' | 'decline', id: string, who: keyof typeof cookies = 'admin') =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/products/section/${verb}/${id}`,
    headers: { cookie: cookies[who] },
  })

async function featuredIds() {
  const res = await t.app.inject({ url: '/api/shop/products/get?section=featured&limit=100' })
  return (res.json().data as { _id: string }[]).map((p) => p._id)
}

describe('home sections', () => {
  it("keeps a seller's home section as a suggestion: the shop does not show it there", async () => {
    const product = await add('seller', { title: 'Seller phone' })
    expect(product).toMatchObject({ section: null, suggestedSection: 'featured' })
    expect(await featuredIds()).not.toContain(product._id)
    // Still listed, in no section: the listing and the section facets leave it out there.
    const facets = await t.app.inject({ url: '/api/shop/products/facets?brand=samsung' })
    expect(facets.statusCode).toBe(200)
    expect(Object.keys(facets.json().data.section)).not.toContain('null')
  })

  it("applies a seller's plain section, and an admin's home section, at once", async () => {
    expect(await add('seller', { section: 'accessories' })).toMatchObject({
      section: 'accessories',
      suggestedSection: null,
    })
    expect(await add('seller', { section: '' })).toMatchObject({
      section: null,
      suggestedSection: null,
    })
    const admins = await add('admin', { title: 'Admin phone' })
    expect(admins).toMatchObject({ section: 'featured', suggestedSection: null })
    expect(await featuredIds()).toContain(admins._id)
  })

  it('lists and counts the suggestions for admins; an admin approves one', async () => {
    const product = await add('seller', { section: 'top-deals' })
    const list = await t.app.inject({
      url: '/api/admin/products/get?status=suggested&limit=100',
      headers: { cookie: cookies.admin },
    })
    const ids = (list.json().data as { _id: string }[]).map((p) => p._id)
    expect(ids).toContain(product._id)
    expect(list.json().suggested).toBe(list.json().total)
    expect(list.json().suggested).toBeGreaterThanOrEqual(1)

    expect((await decide('approve', product._id, 'seller')).statusCode).toBe(403)
    const approved = await decide('approve', product._id)
    expect(approved.statusCode, approved.body).toBe(200)
    expect(approved.json().data).toMatchObject({ section: 'top-deals', suggestedSection: null })
    const again = await decide('approve', product._id)
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toMatch(/no section suggestion/)
  })

  it('a seller keeps an approved section; a new home pick waits while the old one stays', async () => {
    const { _id } = await add('seller', { section: 'trending' })
    await decide('approve', _id)
    expect(await edit('seller', _id, { section: 'trending', totalStock: 9 })).toMatchObject({
      section: 'trending',
      suggestedSection: null,
    })
    expect(await edit('seller', _id, { section: 'featured' })).toMatchObject({
      section: 'trending',
      suggestedSection: 'featured',
    })
    const declined = await decide('decline', _id)
    expect(declined.statusCode).toBe(200)
    expect(declined.json().data).toMatchObject({ section: 'trending', suggestedSection: null })
    expect((await decide('decline', _id)).statusCode).toBe(409)
  })

  it("an admin's edit keeps a pending suggestion unless it fulfils it", async () => {
    const { _id } = await add('seller', { section: 'featured' })
    expect(await edit('admin', _id, { section: '', totalStock: 3 })).toMatchObject({
      section: null,
      suggestedSection: 'featured',
    })
    expect(await edit('admin', _id, { section: 'featured' })).toMatchObject({
      section: 'featured',
      suggestedSection: null,
    })
  })

  it('a seller taking its product out of a home section withdraws the suggestion', async () => {
    const { _id } = await add('seller', { section: 'featured' })
    expect(await edit('seller', _id, { section: 'accessories' })).toMatchObject({
      section: 'accessories',
      suggestedSection: null,
    })
  })

  it('answers 404 for an unknown or deleted product', async () => {
    const { _id } = await add('seller')
    await t.database.db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, _id))
    expect((await decide('approve', _id)).statusCode).toBe(404)
    expect((await decide('decline', _id)).statusCode).toBe(404)
  })
})
