import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { reviews as reviewsTable } from '../../db/schema'
import { createTestApp, type TestContext } from '../../../test/app'
import { createProduct, createSeller, createUser } from '../../../test/factories'
import { buyProduct, createShopper } from '../../../test/shop'

let t: TestContext
let productId: string
type Buyer = Awaited<ReturnType<typeof createShopper>>
let five: Buyer
let alsoFive: Buyer
let three: Buyer

async function buyer(userName: string) {
  const shopper = await createShopper(t.database.db, { userName })
  await buyProduct(t.app, t.database.db, shopper, productId)
  return shopper
}

/** A file in the test app's local storage, as the upload route would have stored it. */
function storedPhoto(name: string): string {
  const dir = path.join(t.dataDir, 'uploads', 'u')
  mkdirSync(dir, { recursive: true })
  writeFileSync(path.join(dir, `${name}.webp`), Buffer.from('RIFF....WEBP'))
  writeFileSync(path.join(dir, `${name}-320.webp`), Buffer.from('RIFF....WEBP'))
  return `/uploads/u/${name}.webp`
}
const onDisk = (url: string) => existsSync(path.join(t.dataDir, url))

const review = (who: Buyer, value: number, extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/shop/review/add',
    headers: { cookie: who.cookie },
    payload: {
      productId,
      userId: who.user.id,
      reviewMessage: `${value} stars`,
      reviewValue: value,
      ...extra,
    },
  })
const list = (query = '', id = productId) => t.app.inject({ url: `/api/shop/review/${id}${query}` })
const vote = (method: 'POST' | 'DELETE', reviewId: string, cookie?: string) =>
  t.app.inject({
    method,
    url: `/api/shop/review/${reviewId}/helpful`,
    headers: cookie ? { cookie } : {},
  })
const idOf = async (who: Buyer) =>
  ((await list()).json().data as { _id: string; userId: string }[]).find(
    (r) => r.userId === who.user.id,
  )!._id

beforeAll(async () => {
  t = await createTestApp()
  const seller = await createSeller(t.database.db)
  productId = (await createProduct(t.database.db, { sellerId: seller.id, totalStock: 100 })).id
  five = await buyer('Asha Five')
  alsoFive = await buyer('Bilal Five')
  three = await buyer('Chitra Three')
  for (const [who, value] of [
    [five, 5],
    [alsoFive, 5],
    [three, 3],
  ] as const) {
    expect((await review(who, value)).statusCode).toBe(200)
  }
})
afterAll(() => t.close())

describe('the rating histogram', () => {
  it('counts the reviews per star, 5 first, and filters the page to one star', async () => {
    const res = await list()
    expect(res.json().histogram).toEqual([
      { stars: 5, count: 2 },
      { stars: 4, count: 0 },
      { stars: 3, count: 1 },
      { stars: 2, count: 0 },
      { stars: 1, count: 0 },
    ])
    const threes = (await list('?stars=3')).json()
    expect(threes.data.map((r: { userName: string }) => r.userName)).toEqual(['Chitra Three'])
    expect(threes.pagination).toMatchObject({ total: 1, totalPages: 1 })
    // The histogram is the product's, not the filtered page's.
    expect(threes.histogram[0]).toEqual({ stars: 5, count: 2 })
    expect((await list('?stars=6')).statusCode).toBe(400)
  })

  it('follows an edited rating', async () => {
    expect((await review(three, 4)).statusCode).toBe(200)
    const bars = (await list()).json().histogram
    expect(bars).toContainEqual({ stars: 4, count: 1 })
    expect(bars).toContainEqual({ stars: 3, count: 0 })
  })
})

describe('review photos', () => {
  it('accepts up to 3 photos from the shop storage and removes dropped ones after an edit', async () => {
    const photos = ['a', 'b', 'c'].map((n) => storedPhoto(`${n}${Date.now()}`))
    const res = await review(five, 5, { photos })
    expect(res.statusCode).toBe(200)
    expect(res.json().data.photos).toEqual(photos)

    // Left out, an edit keeps them.
    expect((await review(five, 5)).json().data.photos).toEqual(photos)

    const kept = await review(five, 5, { photos: [photos[0]] })
    expect(kept.json().data.photos).toEqual([photos[0]])
    expect(onDisk(photos[0]!)).toBe(true)
    expect(onDisk(photos[1]!)).toBe(false)
    expect(onDisk(photos[2]!.replace('.webp', '-320.webp'))).toBe(false)
  })

  it('refuses a fourth photo, a file not in storage and another site', async () => {
    const four = ['d', 'e', 'f', 'g'].map((n) => storedPhoto(`${n}${Date.now()}`))
    const tooMany = await review(alsoFive, 5, { photos: four })
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json().errors).toEqual([{ path: 'photos', message: 'Attach up to 3 photos' }])
    const missing = await review(alsoFive, 5, { photos: ['/uploads/u/never-uploaded.webp'] })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().errors).toEqual([
      { path: 'photos.0', message: 'Upload this photo again' },
    ])
    const foreign = await review(alsoFive, 5, { photos: ['https://evil.example/x.png'] })
    expect(foreign.statusCode).toBe(400)
  })
})

describe('helpful votes', () => {
  it('counts one vote per shopper, toggles, and refuses their own review', async () => {
    const target = await idOf(five)
    const voter = await createShopper(t.database.db)
    expect((await vote('POST', target)).statusCode).toBe(401)

    const first = await vote('POST', target, voter.cookie)
    expect(first.statusCode).toBe(200)
    expect(first.json().data).toEqual({ reviewId: target, helpful: true, helpfulCount: 1 })
    // Again: still one.
    expect((await vote('POST', target, voter.cookie)).json().data.helpfulCount).toBe(1)
    expect((await vote('POST', target, three.cookie)).json().data.helpfulCount).toBe(2)

    const mine = await t.app.inject({
      url: `/api/shop/review/mine/${productId}`,
      headers: { cookie: voter.cookie },
    })
    expect(mine.json().data).toEqual({ review: null, helpful: [target] })
    const own = await t.app.inject({
      url: `/api/shop/review/mine/${productId}`,
      headers: { cookie: five.cookie },
    })
    expect(own.json().data.review).toMatchObject({ _id: target, helpfulCount: 2 })

    const back = await vote('DELETE', target, voter.cookie)
    expect(back.json().data).toEqual({ reviewId: target, helpful: false, helpfulCount: 1 })
    expect((await vote('DELETE', target, voter.cookie)).json().data.helpfulCount).toBe(1)

    const self = await vote('POST', target, five.cookie)
    expect(self.statusCode).toBe(403)
    expect(self.json().message).toBe('You cannot mark your own review as helpful.')
    const staff = await createShopper(t.database.db, { role: 'admin', type: 'vendor' })
    expect((await vote('POST', target, staff.cookie)).statusCode).toBe(403)
    expect((await vote('POST', crypto.randomUUID(), voter.cookie)).statusCode).toBe(404)
    expect((await list()).json().data.find((r: { _id: string }) => r._id === target)).toMatchObject(
      {
        helpfulCount: 1,
      },
    )
  })

  it('counts votes sent at the same time once each', async () => {
    const target = await idOf(alsoFive)
    const voter = await createShopper(t.database.db)
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => vote('POST', target, voter.cookie)),
    )
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200])
    expect((await vote('POST', target, voter.cookie)).json().data.helpfulCount).toBe(1)
  })
})

describe('sorting and pages', () => {
  it('orders newest or most helpful first, ten a page', async () => {
    const seller = await createSeller(t.database.db)
    const busy = (await createProduct(t.database.db, { sellerId: seller.id })).id
    const start = Date.parse('2026-01-01T00:00:00Z')
    for (let i = 0; i < 12; i++) {
      const author = await createUser(t.database.db, { userName: `Reviewer ${i}` })
      await t.database.db.insert(reviewsTable).values({
        productId: busy,
        userId: author.id,
        userName: author.userName,
        message: `Review ${i}`,
        value: 1 + (i % 5),
        // Later reviews are newer; every third one has helpful marks.
        createdAt: new Date(start + i * 60_000),
        helpfulCount: i % 3 === 0 ? i : 0,
      })
    }
    const names = (body: { data: { userName: string }[] }) => body.data.map((r) => r.userName)

    const newest = (await list('', busy)).json()
    expect(names(newest)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2].map((i) => `Reviewer ${i}`))
    expect(newest.pagination).toEqual({ page: 1, pageSize: 10, total: 12, totalPages: 2 })
    expect(names((await list('?sort=newest&page=2', busy)).json())).toEqual([
      'Reviewer 1',
      'Reviewer 0',
    ])

    const helpful = (await list('?sort=helpful', busy)).json()
    // 9, 6, 3 by their marks; then the unmarked newest first; 0 has zero marks too.
    expect(names(helpful).slice(0, 5)).toEqual([
      'Reviewer 9',
      'Reviewer 6',
      'Reviewer 3',
      'Reviewer 11',
      'Reviewer 10',
    ])
    expect(names((await list('?sort=helpful&page=2', busy)).json())).toEqual([
      'Reviewer 1',
      'Reviewer 0',
    ])
    expect((await list('?sort=rating', busy)).statusCode).toBe(400)
    expect((await list('?page=0', busy)).statusCode).toBe(400)
  })
})
