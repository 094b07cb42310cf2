import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createSeller, declarationsBody } from '../../../test/factories'
import { filterOptions, products } from '../../db/schema'
import { createSession } from '../auth/sessions'

// A product's gallery: up to 8 images in order, the first the cover (decision 091).
let t: TestContext
let seller = ''
/** Nine images as the upload endpoint would have stored them. */
const IMAGES = Array.from(
  { length: 9 },
  (_, i) => `/uploads/u/${String(i).repeat(32).slice(0, 32)}.webp`,
)
const [A, B, C, D] = IMAGES as [string, string, string, string]

beforeAll(async () => {
  t = await createTestApp()
  const db = t.database.db
  const user = await createSeller(db, 'Approved')
  const token = await createSession(db, { userId: user.id, days: 1, now: new Date() })
  seller = `session=${token}`
  await db.insert(filterOptions).values([
    { kind: 'category', value: 'electronics' },
    { kind: 'brand', value: 'samsung' },
  ])
  mkdirSync(path.join(t.dataDir, 'uploads', 'u'), { recursive: true })
  for (const url of IMAGES) writeFileSync(path.join(t.dataDir, 'uploads', url.slice(9)), 'webp')
})
afterAll(() => t.close())

const body = (overrides: Record<string, unknown>) => ({
  title: 'Galaxy Buds 3',
  description: 'Wireless earbuds with noise cancelling.',
  category: 'electronics',
  brand: 'samsung',
  section: '',
  hsn: '851830',
  price: '9999',
  salePrice: '0',
  totalStock: '25',
  ...declarationsBody(),
  ...overrides,
})

const add = (payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/products/add',
    payload,
    headers: { cookie: seller },
  })
const edit = (id: string, payload: object) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/products/edit/${id}`,
    payload,
    headers: { cookie: seller },
  })
const detail = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/shop/products/get/${id}` })).json().data

describe('a product’s images', () => {
  it('are stored in the order sent, the first as the cover, and shown so in the shop', async () => {
    const added = await add(body({ images: [C, A, B] }))
    expect(added.statusCode).toBe(201)
    const { data } = added.json()
    expect(data).toMatchObject({ image: C, images: [C, A, B] })
    const shop = await detail(data._id)
    expect(shop).toMatchObject({ image: C, images: [C, A, B] })

    const reordered = await edit(data._id, body({ images: [B, C] }))
    expect(reordered.statusCode).toBe(200)
    expect(reordered.json().data).toMatchObject({ image: B, images: [B, C] })
    expect(await detail(data._id)).toMatchObject({ image: B, images: [B, C] })
    // The listing's product stays small: its cover only.
    const listing = await t.app.inject({ method: 'GET', url: '/api/shop/products/get' })
    const card = listing.json().data.find((p: { _id: string }) => p._id === data._id)
    expect(card.image).toBe(B)
    expect(card).not.toHaveProperty('images')
  })

  it('are at most 8: a ninth is refused with a 400 that says so', async () => {
    const response = await add(body({ images: IMAGES }))
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({
      success: false,
      message: 'A product can have at most 8 images',
    })
    expect((await add(body({ images: IMAGES.slice(0, 8) }))).statusCode).toBe(201)
  })

  it('are refused when empty, repeated, not ours, or not led by the `image` sent with them', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ images: [] }, 'Add at least one image'],
      [{ images: [A, B, A] }, 'Each image can be added only once'],
      [{ images: [A, 'https://elsewhere.example/x.png'] }, 'Image must be an uploaded image'],
      [
        { images: [A, '/uploads/u/ffffffffffffffffffffffffffffffff.webp'] },
        'Images must be uploaded first',
      ],
      [{ image: B, images: [A, B] }, 'Image must be the first of the images (the cover)'],
      [{}, 'Image is required'],
    ]
    for (const [overrides, message] of cases) {
      const response = await add(body(overrides))
      expect(response.statusCode, message).toBe(400)
      expect(response.json().message).toBe(message)
    }
  })

  it('take a client’s `image` alone as before: the cover, the other images kept', async () => {
    const added = await add(body({ image: A }))
    expect(added.statusCode).toBe(201)
    const id = added.json().data._id
    expect(await detail(id)).toMatchObject({ image: A, images: [A] })

    expect((await edit(id, body({ images: [A, B, C] }))).statusCode).toBe(200)
    // An old form changes the cover only; the gallery keeps the rest, without a repeat.
    const old = await edit(id, body({ image: B }))
    expect(old.statusCode).toBe(200)
    expect(old.json().data.images).toEqual([B, C])
    const replaced = await edit(id, body({ image: D }))
    expect(replaced.json().data.images).toEqual([D, C])
  })

  it('are kept by the database at 8 at most', async () => {
    const [row] = await t.database.db.select({ id: products.id }).from(products).limit(1)
    await expect(
      t.database.db
        .update(products)
        .set({ extraImages: IMAGES.slice(0, 8) })
        .where(eq(products.id, row!.id)),
    ).rejects.toThrow()
  })
})
