import { and, eq, like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createProduct, createSeller, createUser } from '../../../test/factories'
import { filterOptions, outbox, products } from '../../db/schema'
import { createSession } from '../auth/sessions'

// Decision 085: sellers ask for brands the list lacks; admins approve or decline; admins remove
// filter options nothing uses.
let t: TestContext
let sellerId = ''
const cookies = { admin: '', seller: '', other: '' }

beforeAll(async () => {
  t = await createTestApp()
  const db = t.database.db
  const admin = await createUser(db, { role: 'admin', type: 'admin' })
  const seller = await createSeller(db, 'Approved')
  const other = await createSeller(db, 'Approved')
  sellerId = seller.id
  const cookieFor = async (userId: string) =>
    `session=${await createSession(db, { userId, days: 1, now: new Date() })}`
  cookies.admin = await cookieFor(admin.id)
  cookies.seller = await cookieFor(seller.id)
  cookies.other = await cookieFor(other.id)
  await db.insert(filterOptions).values([
    { kind: 'category', value: 'electronics' },
    { kind: 'category', value: 'wearables' },
    { kind: 'brand', value: 'samsung' },
    { kind: 'brand', value: 'boat' },
  ])
})
afterAll(() => t.close())

const ask = (brand: string, note?: string, who: keyof typeof cookies = 'seller') =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/brand-requests',
    headers: { cookie: cookies[who] },
    payload: { brand, note },
  })

const list = async (who: keyof typeof cookies, query = '') => {
  const res = await t.app.inject({
    url: `/api/admin/brand-requests${query}`,
    headers: { cookie: cookies[who] },
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as { id: string; brand: string; status: string; reason: string | null }[]
}

const decide = (verb: 'approve' | 'decline', id: string, reason?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/brand-requests/${verb}/${id}`,
    headers: { cookie: cookies.admin },
    ...(verb === 'decline' ? { payload: { reason } } : {}),
  })

const brands = async () => {
  const res = await t.app.inject({ url: '/api/shop/filter/fetch' })
  return res.json().data.brand as string[]
}

describe('brand requests', () => {
  it('stores a request lower-case, once, and refuses a brand the list has', async () => {
    const res = await ask('  Motorola ', 'We sell Moto G phones')
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().data).toMatchObject({
      brand: 'motorola',
      note: 'We sell Moto G phones',
      status: 'pending',
      reason: null,
      decidedAt: null,
    })
    const twice = await ask('MOTOROLA')
    expect(twice.statusCode).toBe(409)
    expect(twice.json().message).toMatch(/already asked/)
    const listed = await ask('Samsung')
    expect(listed.statusCode).toBe(409)
    expect(listed.json().message).toMatch(/already in the brand list/)
    expect((await ask('')).statusCode).toBe(400)
  })

  it("shows sellers their own requests and admins every seller's pending ones", async () => {
    expect((await list('seller')).map((r) => r.brand)).toContain('motorola')
    expect(await list('other')).toEqual([])
    const pending = await list('admin')
    expect(pending.find((r) => r.brand === 'motorola')).toMatchObject({ status: 'pending' })
  })

  it('approving adds the brand and tells the seller by mail', async () => {
    const [request] = (await list('admin')).filter((r) => r.brand === 'motorola')
    const res = await decide('approve', request!.id)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({ status: 'approved' })
    expect(await brands()).toContain('motorola')
    const mails = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `brand-request:${request!.id}`))
    expect(mails).toHaveLength(1)
    expect(JSON.stringify(mails[0]!.payload)).toMatch(/motorola/)
    expect((await decide('approve', request!.id)).statusCode).toBe(409)
    expect((await list('admin')).map((r) => r.brand)).not.toContain('motorola')
    expect((await list('seller', '?status=approved')).map((r) => r.brand)).toContain('motorola')
  })

  it('approving a brand added meanwhile in another case adds no second one', async () => {
    const request = (await ask('lava')).json().data as { id: string }
    await t.database.db.insert(filterOptions).values({ kind: 'brand', value: 'Lava' })
    expect((await decide('approve', request.id)).statusCode).toBe(200)
    const rows = await t.database.db
      .select()
      .from(filterOptions)
      .where(and(eq(filterOptions.kind, 'brand'), sql`lower(${filterOptions.value}) = 'lava'`))
    expect(rows).toHaveLength(1)
  })

  it('declining needs a reason, which the seller sees', async () => {
    const request = (await ask('noname')).json().data as { id: string }
    expect((await decide('decline', request.id)).statusCode).toBe(400)
    const res = await decide('decline', request.id, 'We could not verify this brand')
    expect(res.statusCode, res.body).toBe(200)
    const mine = (await list('seller')).find((r) => r.id === request.id)
    expect(mine).toMatchObject({ status: 'declined', reason: 'We could not verify this brand' })
    expect(await brands()).not.toContain('noname')
    // Declined, the seller may ask again.
    expect((await ask('noname')).statusCode).toBe(201)
  })

  it('refuses sellers the decisions, admins the asking', async () => {
    const [request] = await list('admin')
    const byseller = await t.app.inject({
      method: 'POST',
      url: `/api/admin/brand-requests/approve/${request!.id}`,
      headers: { cookie: cookies.seller },
    })
    expect(byseller.statusCode).toBe(403)
    expect((await ask('nokia', undefined, 'admin')).statusCode).toBe(403)
  })
})

describe('removing filter options', () => {
  const remove = (kind: string, value: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/admin/filters/${kind}/${encodeURIComponent(value)}`,
      headers: { cookie: cookies.admin },
    })

  it('refuses while products use it, naming how many', async () => {
    await createProduct(t.database.db, { sellerId, brand: 'boat', listed: false, declared: false })
    await createProduct(t.database.db, { sellerId, brand: 'boat' })
    const res = await remove('brand', 'boat')
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe(
      '2 products use the brand “boat”; move them to another brand or delete them first',
    )
    expect(await brands()).toContain('boat')
  })

  it('removes an option only deleted products use', async () => {
    const gone = await createProduct(t.database.db, { sellerId, category: 'wearables' })
    await t.database.db
      .update(products)
      .set({ deletedAt: new Date(), listed: false })
      .where(eq(products.id, gone.id))
    const res = await remove('category', 'wearables')
    expect(res.statusCode, res.body).toBe(200)
    const fetched = await t.app.inject({ url: '/api/shop/filter/fetch' })
    expect(fetched.json().data.category).not.toContain('wearables')
    expect((await remove('category', 'wearables')).statusCode).toBe(404)
    expect((await remove('colour', 'red')).statusCode).toBe(400)
  })

  it('is for admins only', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/filters/brand/samsung',
      headers: { cookie: cookies.seller },
    })
    expect(res.statusCode).toBe(403)
    const left = await t.database.db
      .select()
      .from(filterOptions)
      .where(like(filterOptions.value, 'samsung'))
    expect(left).toHaveLength(1)
  })
})
