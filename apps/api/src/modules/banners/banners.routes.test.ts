import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createProduct, createSeller, createUser } from '../../../test/factories'
import { featureImages, filterOptions } from '../../db/schema'
import { createSession } from '../auth/sessions'

let t: TestContext
// The shop's clock, moved by the schedule tests.
let clock = new Date('2026-12-01T06:30:00.000Z')
const cookies = { admin: '', seller: '', shopper: '' }
let productId = ''
let productPage = ''
let unlistedId = ''
const IMAGE = '/uploads/u/fedcba9876543210fedcba9876543210.webp'
const PHONE_IMAGE = '/uploads/u/0123456789abcdef0123456789abcdef.webp'

async function cookieFor(userId: string) {
  const token = await createSession(t.database.db, { userId, days: 30, now: clock })
  return `session=${token}`
}

beforeAll(async () => {
  t = await createTestApp({ deps: { now: () => clock } })
  const db = t.database.db
  await db
    .insert(filterOptions)
    .values([
      { kind: 'category', value: 'electronics' },
      { kind: 'brand', value: 'samsung' },
    ])
    .onConflictDoNothing()
  const seller = await createSeller(db)
  cookies.admin = await cookieFor((await createUser(db, { role: 'admin', type: 'admin' })).id)
  cookies.seller = await cookieFor(seller.id)
  cookies.shopper = await cookieFor((await createUser(db)).id)
  const product = await createProduct(db, { sellerId: seller.id, title: 'Galaxy S24 Onyx' })
  productId = product.id
  productPage = `/p/galaxy-s24-onyx-${product.shortId}`
  unlistedId = (await createProduct(db, { sellerId: seller.id, listed: false, declared: false })).id
  mkdirSync(path.join(t.dataDir, 'uploads', 'u'), { recursive: true })
  writeFileSync(path.join(t.dataDir, 'uploads', IMAGE.slice(9)), 'webp')
  writeFileSync(path.join(t.dataDir, 'uploads', PHONE_IMAGE.slice(9)), 'webp')
})
afterAll(() => t.close())

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  cookie?: string,
  payload?: object,
) => t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} })

describe('POST /api/common/feature/add and DELETE /api/common/feature/:id', () => {
  it('should let admins add a banner that the home page lists, then delete it', async () => {
    const payload = {
      image: IMAGE,
      title: 'Diwali deals',
      link: { kind: 'product', productId },
    }
    expect((await call('POST', '/api/common/feature/add', undefined, payload)).statusCode).toBe(401)
    expect(
      (await call('POST', '/api/common/feature/add', cookies.shopper, payload)).statusCode,
    ).toBe(403)
    expect(
      (await call('POST', '/api/common/feature/add', cookies.seller, payload)).statusCode,
    ).toBe(403)
    const res = await call('POST', '/api/common/feature/add', cookies.admin, payload)
    expect(res.statusCode).toBe(201)
    const banner = res.json().data
    expect(banner).toMatchObject({
      image: IMAGE,
      title: 'Diwali deals',
      productId,
      link: { kind: 'product', productId },
      href: productPage,
    })
    const listed = (await call('GET', '/api/common/feature/get')).json().data
    expect(listed.map((b: { _id: string }) => b._id)).toContain(banner._id)

    const url = `/api/common/feature/${banner._id}`
    expect((await call('DELETE', url)).statusCode).toBe(401)
    expect((await call('DELETE', url, cookies.seller)).statusCode).toBe(403)
    expect((await call('DELETE', url, cookies.admin)).statusCode).toBe(200)
    expect((await call('DELETE', url, cookies.admin)).statusCode).toBe(404)
  })

  it('should refuse images the shop did not store and unknown products', async () => {
    for (const image of [
      'https://cdn.example/a.webp',
      '/uploads/u/nope.webp',
      'javascript:alert(1)',
    ]) {
      const res = await call('POST', '/api/common/feature/add', cookies.admin, {
        image,
        title: 'Sale',
      })
      expect(res.statusCode, image).toBe(400)
    }
    const res = await call('POST', '/api/common/feature/add', cookies.admin, {
      image: IMAGE,
      title: 'Sale',
      link: { kind: 'product', productId: crypto.randomUUID() },
    })
    expect(res.statusCode).toBe(400)
  })

  it('should keep an optional phone image beside the banner and list it', async () => {
    const res = await call('POST', '/api/common/feature/add', cookies.admin, {
      image: IMAGE,
      mobileImage: PHONE_IMAGE,
      title: 'Phone deals',
    })
    expect(res.statusCode).toBe(201)
    const banner = res.json().data
    expect(banner).toMatchObject({ image: IMAGE, mobileImage: PHONE_IMAGE })
    const listed = (await call('GET', '/api/common/feature/get')).json().data
    expect(listed.find((b: { _id: string }) => b._id === banner._id)).toMatchObject({
      mobileImage: PHONE_IMAGE,
    })

    // Without one, the desktop image serves every width, as before.
    const plain = await call('POST', '/api/common/feature/add', cookies.admin, {
      image: IMAGE,
      title: 'Plain',
    })
    expect(plain.statusCode).toBe(201)
    expect(plain.json().data.mobileImage).toBeNull()
  })

  it('should refuse a phone image the shop did not store, naming the field', async () => {
    for (const mobileImage of ['https://cdn.example/a.webp', '/uploads/u/nope.webp', 42]) {
      const res = await call('POST', '/api/common/feature/add', cookies.admin, {
        image: IMAGE,
        title: 'Sale',
        mobileImage,
      })
      expect(res.statusCode, String(mobileImage)).toBe(400)
      expect(res.json()).toMatchObject({ success: false })
      expect(res.json().message, String(mobileImage)).toMatch(/phone image/i)
    }
  })
})

const add = (body: object) =>
  call('POST', '/api/common/feature/add', cookies.admin, { image: IMAGE, title: 'Offer', ...body })
const liveTitles = async () =>
  ((await call('GET', '/api/common/feature/get')).json().data as { title: string }[]).map(
    (b) => b.title,
  )

describe('banner links, order, dates and alt text (issue 31.3)', () => {
  it('links a banner to a category, a brand or a search, each to its storefront path', async () => {
    const cases = [
      [{ kind: 'category', value: 'Electronics' }, '/shop/listing?category=electronics'],
      [{ kind: 'brand', value: 'samsung' }, '/shop/listing?brand=samsung'],
      [{ kind: 'search', value: ' noise cancelling ' }, '/shop/search?q=noise%20cancelling'],
    ] as const
    for (const [link, href] of cases) {
      const res = await add({ link })
      expect(res.statusCode, link.kind).toBe(201)
      expect(res.json().data.href).toBe(href)
      expect(res.json().data.link.kind).toBe(link.kind)
    }
  })

  it('refuses a link to a category, brand or product the shop does not have, naming the field', async () => {
    for (const [link, message] of [
      [{ kind: 'category', value: 'toys' }, /No category "toys"/],
      [{ kind: 'brand', value: 'nokia' }, /No brand "nokia"/],
      [{ kind: 'product', productId: unlistedId }, /not listed/],
      [{ kind: 'search', value: 'ab' }, /at least 4 characters/],
      [{ kind: 'url', value: 'https://evil.example' }, /where the banner links/],
    ] as const) {
      const res = await add({ link })
      expect(res.statusCode, JSON.stringify(link)).toBe(400)
      expect(res.json()).toMatchObject({ success: false, message: expect.stringMatching(message) })
    }
  })

  it('requires alt text', async () => {
    for (const title of [undefined, '', '   ']) {
      const res = await call('POST', '/api/common/feature/add', cookies.admin, {
        image: IMAGE,
        title,
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toMatch(/Alt text is required/)
    }
  })

  it('serves banners in their order, and a PATCH moves one', async () => {
    await t.database.db.delete(featureImages)
    const second = (await add({ title: 'Second', sortOrder: 20 })).json().data
    await add({ title: 'First', sortOrder: 10 })
    await add({ title: 'Third' }) // no order: after every other
    expect(await liveTitles()).toEqual(['First', 'Second', 'Third'])

    const moved = await call('PATCH', `/api/common/feature/${second._id}`, cookies.admin, {
      sortOrder: 1,
      link: { kind: 'search', value: 'earbuds' },
    })
    expect(moved.statusCode).toBe(200)
    expect(moved.json().data).toMatchObject({ title: 'Second', href: '/shop/search?q=earbuds' })
    expect(await liveTitles()).toEqual(['Second', 'First', 'Third'])
    const patchAsSeller = await call('PATCH', `/api/common/feature/${second._id}`, cookies.seller, {
      sortOrder: 5,
    })
    expect(patchAsSeller.statusCode).toBe(403)
  })

  it('shows a banner only between its start and end, without any other change', async () => {
    await t.database.db.delete(featureImages)
    const hour = 3_600_000
    const at = (ms: number) => new Date(clock.getTime() + ms).toISOString()
    await add({ title: 'Always' })
    await add({ title: 'Later', startsAt: at(hour), endsAt: at(3 * hour) })
    expect(await liveTitles()).toEqual(['Always'])
    // Kept in the cache now; the start must still show it.
    expect((await call('GET', '/api/common/feature/get')).headers['x-cache']).toBe('hit')

    clock = new Date(clock.getTime() + hour)
    expect(await liveTitles()).toEqual(['Always', 'Later'])
    clock = new Date(clock.getTime() + 2 * hour)
    expect(await liveTitles()).toEqual(['Always'])

    const all = (await call('GET', '/api/common/feature/all', cookies.admin)).json().data
    expect(all.map((b: { title: string; live: boolean }) => [b.title, b.live])).toEqual([
      ['Always', true],
      ['Later', false],
    ])
    expect((await call('GET', '/api/common/feature/all', cookies.shopper)).statusCode).toBe(403)
  })

  it('empties the cache at the next start by itself, so kept home pages follow', async () => {
    await t.database.db.delete(featureImages)
    await t.app.deps.catalogCache?.caughtUp()
    await add({ title: 'Soon', startsAt: new Date(clock.getTime() + 150).toISOString() })
    expect(await liveTitles()).toEqual([])
    const generation = t.app.deps.catalogCache!.generation()
    clock = new Date(clock.getTime() + 150)
    // No request: the schedule's timer announces the change on the catalog channel.
    await expect
      .poll(() => t.app.deps.catalogCache!.generation(), { timeout: 3000 })
      .toBeGreaterThan(generation)
  })

  it('refuses an end before the start or in the past', async () => {
    const soon = new Date(clock.getTime() + 60_000).toISOString()
    const later = new Date(clock.getTime() + 120_000).toISOString()
    const before = await add({ startsAt: later, endsAt: soon })
    expect(before.statusCode).toBe(400)
    expect(before.json().message).toMatch(/End must be after the start/)
    const past = await add({ endsAt: new Date(clock.getTime() - 1000).toISOString() })
    expect(past.statusCode).toBe(400)
    expect(past.json().message).toMatch(/End must be in the future/)
    // Year 0 is no time a database keeps: a 400, not a 500.
    const yearZero = await add({ startsAt: '0000-01-01T00:00:00Z' })
    expect(yearZero.statusCode).toBe(400)
    expect(yearZero.json().message).toMatch(/must be in 2000-2099/)
  })
})
