import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createProduct, createSeller, createUser } from '../../../test/factories'
import { createSession } from '../auth/sessions'

let t: TestContext
const cookies = { admin: '', seller: '', shopper: '' }
let productId = ''
const IMAGE = '/uploads/u/fedcba9876543210fedcba9876543210.webp'
const PHONE_IMAGE = '/uploads/u/0123456789abcdef0123456789abcdef.webp'

async function cookieFor(userId: string) {
  const token = await createSession(t.database.db, { userId, days: 1, now: new Date() })
  return `session=${token}`
}

beforeAll(async () => {
  t = await createTestApp()
  const db = t.database.db
  const seller = await createSeller(db)
  cookies.admin = await cookieFor((await createUser(db, { role: 'admin', type: 'admin' })).id)
  cookies.seller = await cookieFor(seller.id)
  cookies.shopper = await cookieFor((await createUser(db)).id)
  productId = (await createProduct(db, { sellerId: seller.id })).id
  mkdirSync(path.join(t.dataDir, 'uploads', 'u'), { recursive: true })
  writeFileSync(path.join(t.dataDir, 'uploads', IMAGE.slice(9)), 'webp')
  writeFileSync(path.join(t.dataDir, 'uploads', PHONE_IMAGE.slice(9)), 'webp')
})
afterAll(() => t.close())

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} })

describe('POST /api/common/feature/add and DELETE /api/common/feature/:id', () => {
  it('should let admins add a banner that the home page lists, then delete it', async () => {
    const payload = { image: IMAGE, title: 'Diwali deals', productId }
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
    expect(banner).toMatchObject({ image: IMAGE, title: 'Diwali deals', productId })
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
      const res = await call('POST', '/api/common/feature/add', cookies.admin, { image })
      expect(res.statusCode, image).toBe(400)
    }
    const res = await call('POST', '/api/common/feature/add', cookies.admin, {
      image: IMAGE,
      productId: crypto.randomUUID(),
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
    const plain = await call('POST', '/api/common/feature/add', cookies.admin, { image: IMAGE })
    expect(plain.statusCode).toBe(201)
    expect(plain.json().data.mobileImage).toBeNull()
  })

  it('should refuse a phone image the shop did not store, naming the field', async () => {
    for (const mobileImage of ['https://cdn.example/a.webp', '/uploads/u/nope.webp', 42]) {
      const res = await call('POST', '/api/common/feature/add', cookies.admin, {
        image: IMAGE,
        mobileImage,
      })
      expect(res.statusCode, String(mobileImage)).toBe(400)
      expect(res.json()).toMatchObject({ success: false })
      expect(res.json().message, String(mobileImage)).toMatch(/phone image/i)
    }
  })
})
