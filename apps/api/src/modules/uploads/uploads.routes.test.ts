import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { crc32 } from 'node:zlib'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createSeller, createUser } from '../../../test/factories'
import { createSession } from '../auth/sessions'

let t: TestContext
const cookies: Record<'admin' | 'seller' | 'pending' | 'shopper', string> = {
  admin: '',
  seller: '',
  pending: '',
  shopper: '',
}

async function cookieFor(userId: string) {
  const token = await createSession(t.database.db, { userId, days: 1, now: new Date() })
  return `session=${token}`
}

beforeAll(async () => {
  t = await createTestApp()
  const db = t.database.db
  cookies.admin = await cookieFor((await createUser(db, { role: 'admin', type: 'admin' })).id)
  cookies.seller = await cookieFor((await createSeller(db, 'Approved')).id)
  cookies.pending = await cookieFor((await createSeller(db, 'Pending')).id)
  cookies.shopper = await cookieFor((await createUser(db)).id)
})
afterAll(() => t.close())

/** A multipart body with one part named `field`. */
function multipart(data: Buffer, filename: string, contentType: string, field = 'file') {
  const boundary = `----tb${crypto.randomUUID()}`
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

const png = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 200 } } })
    .png()
    .toBuffer()

async function upload(cookie: string | undefined, body: ReturnType<typeof multipart>, query = '') {
  return t.app.inject({
    method: 'POST',
    url: `/api/uploads${query}`,
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
    payload: body.payload,
  })
}

describe('POST /api/uploads', () => {
  it('should store a PNG as WebP variants and serve it with a long cache', async () => {
    const res = await upload(cookies.seller, multipart(await png(), 'photo.png', 'image/png'))
    expect(res.statusCode).toBe(201)
    const { url, variants } = res.json()
    expect(url).toMatch(/^\/uploads\/u\/[a-f0-9]{32}\.webp$/)
    expect(variants['320']).toBe(url.replace('.webp', '-320.webp'))
    const file = path.join(t.dataDir, 'uploads', url.replace('/uploads/', ''))
    expect(existsSync(file)).toBe(true)
    const meta = await sharp(file).metadata()
    expect(meta.format).toBe('webp')
    expect(meta.width).toBe(640)
    expect(
      (await sharp(path.join(t.dataDir, 'uploads', variants['320'].slice(9))).metadata()).width,
    ).toBe(320)

    const served = await t.app.inject({ method: 'GET', url })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/webp')
    expect(served.headers['cache-control']).toContain('immutable')
    expect(served.headers['x-content-type-options']).toBe('nosniff')
  })

  it('should make a 1800 px banner with smaller variants', async () => {
    const res = await upload(
      cookies.admin,
      multipart(await png(2400, 800), 'banner.png', 'image/png'),
      '?kind=banner',
    )
    expect(res.statusCode).toBe(201)
    const { url, variants } = res.json()
    const meta = await sharp(path.join(t.dataDir, 'uploads', url.slice(9))).metadata()
    expect(meta.width).toBe(1800)
    expect(Object.keys(variants).sort()).toEqual(['320', '640'])
  })

  it("should make a banner's 800 px phone artwork with a 400 px variant", async () => {
    const res = await upload(
      cookies.admin,
      multipart(await png(1200, 1500), 'phone.png', 'image/png'),
      '?kind=bannerPhone',
    )
    expect(res.statusCode).toBe(201)
    const { url, variants } = res.json()
    const meta = await sharp(path.join(t.dataDir, 'uploads', url.slice(9))).metadata()
    expect(meta).toMatchObject({ width: 800, height: 1000 })
    expect(variants).toEqual({ '400': url.replace('.webp', '-400.webp') })
  })

  it('should accept JPEG, WebP and GIF by content whatever the name says', async () => {
    const base = sharp({ create: { width: 50, height: 50, channels: 3, background: '#f60' } })
    for (const data of [
      await base.clone().jpeg().toBuffer(),
      await base.clone().webp().toBuffer(),
      await base.clone().gif().toBuffer(),
    ]) {
      const res = await upload(
        cookies.admin,
        multipart(data, 'no-extension', 'application/octet-stream'),
      )
      expect(res.statusCode, res.body).toBe(201)
    }
  })

  it('should refuse an SVG with a script', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
    )
    const res = await upload(cookies.admin, multipart(svg, 'logo.png', 'image/png'))
    expect(res.statusCode).toBe(415)
    expect(res.json().message).toBe('Only JPEG, PNG, WebP, AVIF or GIF images can be uploaded')
  })

  it('should refuse HTML named .png', async () => {
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>')
    const res = await upload(cookies.admin, multipart(html, 'photo.png', 'image/png'))
    expect(res.statusCode).toBe(415)
  })

  it('should refuse a file over 10 MB', async () => {
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(10 * 1024 * 1024 + 10)])
    const res = await upload(cookies.admin, multipart(big, 'big.png', 'image/png'))
    expect(res.statusCode).toBe(413)
    expect(res.json().message).toBe('Image is larger than 10 MB')
  })

  it('should refuse a huge pixel count before decoding it', async () => {
    // A real PNG whose header claims 10 000 × 5 000 (50 MP): the decompression-bomb shape.
    const bomb = Buffer.from(await png(16, 16))
    bomb.writeUInt32BE(10_000, 16)
    bomb.writeUInt32BE(5_000, 20)
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29)
    expect(bomb.length).toBeLessThan(10 * 1024 * 1024)
    const res = await upload(cookies.admin, multipart(bomb, 'bomb.png', 'image/png'))
    expect(res.statusCode).toBe(413)
    expect(res.json().message).toBe('Image is too large: at most 40 megapixels')
  })

  it('should refuse a request without the file field', async () => {
    const res = await upload(cookies.admin, multipart(await png(), 'a.png', 'image/png', 'photo'))
    expect(res.statusCode).toBe(400)
  })

  it('should answer 401 to guests, 403 to shoppers and to pending sellers', async () => {
    const body = multipart(await png(20, 20), 'a.png', 'image/png')
    expect((await upload(undefined, body)).statusCode).toBe(401)
    expect((await upload(cookies.shopper, body)).statusCode).toBe(403)
    const pending = await upload(cookies.pending, body)
    expect(pending.statusCode).toBe(403)
    expect(pending.json().message).toBe('Your seller account is not approved yet')
  })

  it('should accept a large photo under 10 MB', async () => {
    // Random noise does not compress: a ≈ 5 MB PNG, well over the JSON body limit.
    const noise = await sharp(randomBytes(1300 * 1300 * 3), {
      raw: { width: 1300, height: 1300, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer()
    expect(noise.length).toBeGreaterThan(4 * 1024 * 1024)
    const res = await upload(cookies.seller, multipart(noise, 'noise.png', 'image/png'))
    expect(res.statusCode, res.body).toBe(201)
  })

  it('should limit uploads per user', async () => {
    const cookie = await cookieFor((await createSeller(t.database.db, 'Approved')).id)
    const body = multipart(await png(8, 8), 'a.png', 'image/png')
    for (let i = 0; i < 60; i++) expect((await upload(cookie, body)).statusCode).toBe(201)
    const limited = await upload(cookie, body)
    expect(limited.statusCode).toBe(429)
    // Another user is not affected.
    expect((await upload(cookies.admin, body)).statusCode).toBe(201)
  })
})

describe('POST /api/uploads?kind=returnPhoto', () => {
  it('should let a shopper upload a return photo: 1280 px with a 320 px thumbnail', async () => {
    const res = await upload(
      cookies.shopper,
      multipart(await png(2000, 1500), 'scratch.jpg', 'image/png'),
      '?kind=returnPhoto',
    )
    expect(res.statusCode, res.body).toBe(201)
    const { url, variants } = res.json()
    const meta = await sharp(path.join(t.dataDir, 'uploads', url.slice(9))).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 1280, height: 960 })
    expect(variants).toEqual({ '320': url.replace('.webp', '-320.webp') })
  })

  it('should keep every other kind for admins and approved sellers, refused before validation', async () => {
    const body = multipart(await png(20, 20), 'a.png', 'image/png')
    for (const query of ['', '?kind=product', '?kind=banner', '?kind=bannerPhone', '?kind=nope']) {
      const res = await upload(cookies.shopper, body, query)
      // 403 whatever the kind, never a 400 that lists the kinds there are.
      expect([query, res.statusCode]).toEqual([query, 403])
      expect(res.json()).toEqual({ success: false, message: 'You are not allowed to do that' })
    }
    // Two kinds sent: not a return photo.
    expect((await upload(cookies.shopper, body, '?kind=returnPhoto&kind=product')).statusCode).toBe(
      403,
    )
    expect((await upload(undefined, body, '?kind=returnPhoto')).statusCode).toBe(401)
    const pending = await upload(cookies.pending, body, '?kind=returnPhoto')
    expect(pending.statusCode).toBe(403)
    expect(pending.json().message).toBe('Your seller account is not approved yet')
    // The back office still uploads products and banners (and may add a return photo).
    expect((await upload(cookies.seller, body, '?kind=product')).statusCode).toBe(201)
    expect((await upload(cookies.admin, body, '?kind=returnPhoto')).statusCode).toBe(201)
    const wrong = await upload(cookies.seller, body, '?kind=nope')
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().message).toContain(
      'kind must be product, banner, bannerPhone, returnPhoto or reviewPhoto',
    )
  })

  it('should allow a shopper 20 photos an hour', async () => {
    const cookie = await cookieFor((await createUser(t.database.db)).id)
    const body = multipart(await png(8, 8), 'a.png', 'image/png')
    for (let i = 0; i < 20; i++) {
      expect((await upload(cookie, body, '?kind=returnPhoto')).statusCode).toBe(201)
    }
    const limited = await upload(cookie, body, '?kind=returnPhoto')
    expect(limited.statusCode).toBe(429)
    // The window is an hour, not the back office's 10 minutes.
    const seconds = Number(/in (\d+) seconds/.exec(limited.json().message)?.[1])
    expect(seconds).toBeGreaterThan(3500)
    // Refusals cost nothing, and another shopper is not affected.
    expect((await upload(cookies.shopper, body, '?kind=returnPhoto')).statusCode).toBe(201)
  })
})

describe('direct uploads without S3', () => {
  it('should tell the browser to post files to the API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/uploads/config' })
    expect(res.json()).toEqual({ success: true, storage: 'local' })
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/multipart',
      headers: { cookie: cookies.seller },
      payload: { contentType: 'image/png', size: 100 },
    })
    expect(start.statusCode).toBe(409)
  })
})
