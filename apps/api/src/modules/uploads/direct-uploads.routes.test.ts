import { randomBytes } from 'node:crypto'
import type { CreateMultipartUploadResponse } from '@techbazaar/shared'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createClock } from '../../../test/clock'
import { startFakeS3, type FakeS3 } from '../../../test/fakes/s3'
import { createSeller, createUser } from '../../../test/factories'
import { createSession } from '../auth/sessions'

let s3: FakeS3
let t: TestContext
const clock = createClock(new Date())
const cookies = { admin: '', seller: '', other: '', pending: '', shopper: '' }

async function cookieFor(userId: string) {
  const token = await createSession(t.database.db, { userId, days: 1, now: clock.now() })
  return `session=${token}`
}

beforeAll(async () => {
  s3 = await startFakeS3()
  t = await createTestApp({ env: s3.env, deps: { now: clock.now } })
  const db = t.database.db
  cookies.admin = await cookieFor((await createUser(db, { role: 'admin', type: 'admin' })).id)
  cookies.seller = await cookieFor((await createSeller(db, 'Approved')).id)
  cookies.other = await cookieFor((await createSeller(db, 'Approved')).id)
  cookies.pending = await cookieFor((await createSeller(db, 'Pending')).id)
  cookies.shopper = await cookieFor((await createUser(db)).id)
})
afterAll(async () => {
  await t?.close()
  await s3?.close()
})

const png = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 200 } } })
    .png()
    .toBuffer()

/** Random noise does not compress: a PNG just over 5 MiB, so it takes two parts. */
const bigPng = () =>
  sharp(randomBytes(1400 * 1400 * 3), { raw: { width: 1400, height: 1400, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer()

function post(url: string, cookie: string | undefined, payload: object) {
  return t.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {}, payload })
}

type Kind = 'product' | 'banner' | 'returnPhoto'

async function start(cookie: string, size: number, kind: Kind = 'product') {
  const res = await post('/api/uploads/multipart', cookie, { kind, contentType: 'image/png', size })
  expect(res.statusCode, res.body).toBe(201)
  return res.json<CreateMultipartUploadResponse>()
}

/** PUTs each part to its presigned URL, as the browser does, and collects the ETags. */
async function sendParts(data: Buffer, created: CreateMultipartUploadResponse) {
  return Promise.all(
    created.parts.map(async ({ partNumber, url }) => {
      const from = (partNumber - 1) * created.partBytes
      const res = await fetch(url, {
        method: 'PUT',
        body: data.subarray(from, from + created.partBytes),
      })
      expect(res.status, await res.clone().text()).toBe(200)
      return { partNumber, etag: res.headers.get('etag') ?? '' }
    }),
  )
}

async function upload(cookie: string, data: Buffer, kind: Kind = 'product') {
  const created = await start(cookie, data.length, kind)
  const parts = await sendParts(data, created)
  const res = await post('/api/uploads/multipart/complete', cookie, {
    key: created.key,
    uploadId: created.uploadId,
    parts,
  })
  return { created, res }
}

const refOf = ({ key, uploadId }: CreateMultipartUploadResponse) => ({ key, uploadId })

const incomingLeft = () => [...s3.objects.keys()].filter((key) => key.startsWith('incoming/'))

describe('GET /api/uploads/config', () => {
  it('should tell the browser to upload to the store in 5 MiB parts, 4 at a time', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/uploads/config' })
    expect(res.json()).toEqual({
      success: true,
      storage: 's3',
      partBytes: 5 * 1024 * 1024,
      concurrency: 4,
    })
  })
})

describe('with S3 storage', () => {
  it('should allow the store in the CSP: PUTs to it and images from its public URL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' })
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toContain(`connect-src 'self' ${s3.origin}`)
    expect(csp).toContain(`img-src 'self' data: blob: ${s3.origin}`)
  })

  it('should store a file posted to POST /api/uploads in the bucket too', async () => {
    const boundary = `----tb${crypto.randomUUID()}`
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      await png(100, 100),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: {
        cookie: cookies.seller,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    })
    expect(res.statusCode, res.body).toBe(201)
    const key = res.json().url.slice(s3.env.S3_PUBLIC_URL.length + 1)
    expect(s3.objects.get(key)?.contentType).toBe('image/webp')
  })
})

describe('POST /api/uploads/multipart → PUT parts → POST /api/uploads/multipart/complete', () => {
  it('should store a small image as WebP variants in the bucket and clean up', async () => {
    const { created, res } = await upload(cookies.seller, await png())
    expect(created.key).toMatch(/^incoming\/[a-f0-9]{32}$/)
    expect(created.parts).toHaveLength(1)
    expect(res.statusCode, res.body).toBe(201)
    const { url, variants } = res.json()
    expect(url).toMatch(new RegExp(`^${s3.env.S3_PUBLIC_URL}/u/[a-f0-9]{32}\\.webp$`))
    expect(variants).toEqual({ '320': url.replace('.webp', '-320.webp') })

    // Served from the public URL (anonymous read), re-encoded, with a long cache.
    const served = await fetch(url)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/webp')
    expect(served.headers.get('cache-control')).toContain('immutable')
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 640 })

    expect(incomingLeft()).toEqual([])
    expect(s3.openUploads()).toEqual([])
  })

  it('should take a photo over 5 MiB in two parts sent at once', async () => {
    const data = await bigPng()
    expect(data.length).toBeGreaterThan(5 * 1024 * 1024)
    const { created, res } = await upload(cookies.admin, data, 'banner')
    expect(created.parts.map((part) => part.partNumber)).toEqual([1, 2])
    expect(res.statusCode, res.body).toBe(201)
    expect(Object.keys(res.json().variants).sort()).toEqual(['320', '640'])
    const key = res.json().url.slice(s3.env.S3_PUBLIC_URL.length + 1)
    expect((await sharp(s3.objects.get(key)?.body).metadata()).width).toBe(1400)
    expect(incomingLeft()).toEqual([])
    // What the store saw of the incoming object: the two parts straight from the client, the
    // API's one read of the assembled file, and its deletion.
    const seen = s3.log.filter((entry) => entry.key === created.key)
    expect(seen.map(({ method, status }) => `${method} ${status}`)).toEqual([
      'POST 200',
      'PUT 200',
      'PUT 200',
      'POST 200',
      'HEAD 200',
      'GET 200',
      'DELETE 204',
    ])
  })

  it('should let the image be used for a banner, as an uploaded file is', async () => {
    const { res } = await upload(cookies.admin, await png(1800, 600), 'banner')
    const added = await post('/api/common/feature/add', cookies.admin, {
      image: res.json().url,
      title: 'Offer',
    })
    expect(added.statusCode, added.body).toBe(201)
  })

  it('should refuse a non-image and an SVG after completing, deleting what arrived', async () => {
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>')
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    )
    for (const data of [html, svg]) {
      const { res } = await upload(cookies.seller, data)
      expect(res.statusCode).toBe(415)
      expect(res.json().message).toBe('Only JPEG, PNG, WebP, AVIF or GIF images can be uploaded')
    }
    expect(incomingLeft()).toEqual([])
    expect(s3.openUploads()).toEqual([])
  })

  it('should refuse a declared size over 10 MB, and a part larger than its URL allows', async () => {
    const tooBig = await post('/api/uploads/multipart', cookies.seller, {
      contentType: 'image/png',
      size: 10 * 1024 * 1024 + 1,
    })
    expect(tooBig.statusCode).toBe(400)
    expect(tooBig.json().errors).toEqual([{ path: 'size', message: 'Image is larger than 10 MB' }])

    // Each part URL is signed for its exact length: more bytes than declared are refused.
    const created = await start(cookies.seller, 1000)
    const res = await fetch(created.parts[0]!.url, { method: 'PUT', body: randomBytes(2000) })
    expect(res.status).toBe(403)
    expect(await res.text()).toContain('SignatureDoesNotMatch')
    await post('/api/uploads/multipart/abort', cookies.seller, refOf(created))
  })

  it('should refuse declared content types that are not images', async () => {
    const res = await post('/api/uploads/multipart', cookies.seller, {
      contentType: 'text/html',
      size: 100,
    })
    expect(res.statusCode).toBe(400)
  })

  it('should refuse a complete that leaves out a part, and drop the parts', async () => {
    const data = await bigPng()
    const created = await start(cookies.seller, data.length)
    const parts = await sendParts(data, created)
    const res = await post('/api/uploads/multipart/complete', cookies.seller, {
      ...refOf(created),
      parts: parts.slice(0, 1),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('Every part of the file must be uploaded')
    expect(s3.openUploads()).not.toContain(created.key)
  })

  it('should refuse ETags the store did not give', async () => {
    const data = await png(40, 40)
    const created = await start(cookies.seller, data.length)
    await sendParts(data, created)
    const res = await post('/api/uploads/multipart/complete', cookies.seller, {
      key: created.key,
      uploadId: created.uploadId,
      parts: [{ partNumber: 1, etag: '"0123456789abcdef0123456789abcdef"' }],
    })
    expect(res.statusCode).toBe(400)
    expect(s3.openUploads()).not.toContain(created.key)
  })
})

describe('ownership', () => {
  it('should not let another user complete or abort your upload', async () => {
    const data = await png(60, 60)
    const created = await start(cookies.seller, data.length)
    const parts = await sendParts(data, created)
    const ref = { key: created.key, uploadId: created.uploadId }
    const stolen = await post('/api/uploads/multipart/complete', cookies.other, { ...ref, parts })
    expect(stolen.statusCode).toBe(404)
    const aborted = await post('/api/uploads/multipart/abort', cookies.other, ref)
    expect(aborted.statusCode).toBe(404)
    // The right key with another upload's id is not the owner's upload either.
    const mixed = await post('/api/uploads/multipart/abort', cookies.seller, {
      key: created.key,
      uploadId: 'not-the-upload-id',
    })
    expect(mixed.statusCode).toBe(404)

    const own = await post('/api/uploads/multipart/complete', cookies.seller, { ...ref, parts })
    expect(own.statusCode, own.body).toBe(201)
    // Completed once: a replay finds nothing.
    const again = await post('/api/uploads/multipart/complete', cookies.seller, { ...ref, parts })
    expect(again.statusCode).toBe(404)
  })

  it('should only let admins and approved sellers start uploads', async () => {
    const body = { contentType: 'image/png', size: 100 }
    expect((await post('/api/uploads/multipart', undefined, body)).statusCode).toBe(401)
    expect((await post('/api/uploads/multipart', cookies.shopper, body)).statusCode).toBe(403)
    const pending = await post('/api/uploads/multipart', cookies.pending, body)
    expect(pending.statusCode).toBe(403)
    expect(pending.json().message).toBe('Your seller account is not approved yet')
  })
})

describe('shoppers', () => {
  it('should upload a return photo straight to the store', async () => {
    const { res } = await upload(cookies.shopper, await png(1600, 1200), 'returnPhoto')
    expect(res.statusCode, res.body).toBe(201)
    const meta = await sharp(
      Buffer.from(await (await fetch(res.json().url)).arrayBuffer()),
    ).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 1280 })
    expect(incomingLeft()).toEqual([])
  })

  it('should start no other kind, refused before the body is validated', async () => {
    for (const kind of ['product', 'banner', 'bannerPhone', undefined, 'nope']) {
      const res = await post('/api/uploads/multipart', cookies.shopper, {
        kind,
        contentType: 'image/png',
        size: 100,
      })
      expect([kind, res.statusCode]).toEqual([kind, 403])
    }
    const pending = await post('/api/uploads/multipart', cookies.pending, {
      kind: 'returnPhoto',
      contentType: 'image/png',
      size: 100,
    })
    expect(pending.statusCode).toBe(403)
  })

  it('should finish only their own uploads; pending sellers none', async () => {
    const data = await png(60, 60)
    const created = await start(cookies.seller, data.length)
    const ref = refOf(created)
    const parts = await sendParts(data, created)
    const stolen = await post('/api/uploads/multipart/complete', cookies.shopper, { ...ref, parts })
    expect(stolen.statusCode).toBe(404)
    expect((await post('/api/uploads/multipart/abort', cookies.shopper, ref)).statusCode).toBe(404)
    const pending = await post('/api/uploads/multipart/abort', cookies.pending, ref)
    expect(pending.statusCode).toBe(403)
    expect((await post('/api/uploads/multipart/abort', undefined, ref)).statusCode).toBe(401)
    expect((await post('/api/uploads/multipart/abort', cookies.seller, ref)).statusCode).toBe(200)
  })
})

describe('POST /api/uploads/multipart/abort', () => {
  it('should drop the upload and its parts; it cannot be completed afterwards', async () => {
    const data = await bigPng()
    const created = await start(cookies.seller, data.length)
    const parts = await sendParts(data.subarray(0, created.partBytes), {
      ...created,
      parts: created.parts.slice(0, 1),
    })
    expect(s3.openUploads()).toContain(created.key)
    const ref = { key: created.key, uploadId: created.uploadId }
    const res = await post('/api/uploads/multipart/abort', cookies.seller, ref)
    expect(res.json()).toEqual({ success: true, message: 'Upload cancelled' })
    expect(s3.openUploads()).not.toContain(created.key)
    const late = await post('/api/uploads/multipart/complete', cookies.seller, { ...ref, parts })
    expect(late.statusCode).toBe(404)
    expect((await post('/api/uploads/multipart/abort', cookies.seller, ref)).statusCode).toBe(404)
  })

  it('should expire an upload left unfinished for an hour', async () => {
    const data = await png(30, 30)
    const created = await start(cookies.seller, data.length)
    const parts = await sendParts(data, created)
    clock.advance(61 * 60_000)
    try {
      const res = await post('/api/uploads/multipart/complete', cookies.seller, {
        key: created.key,
        uploadId: created.uploadId,
        parts,
      })
      expect(res.statusCode).toBe(410)
    } finally {
      clock.advance(-61 * 60_000)
    }
    expect(s3.openUploads()).not.toContain(created.key)
  })
})

describe('presigned part URLs', () => {
  it('should be refused by the store when the signature is altered or expired', async () => {
    const created = await start(cookies.seller, 10)
    const url = new URL(created.parts[0]!.url)
    const signature = url.searchParams.get('X-Amz-Signature') ?? ''
    url.searchParams.set(
      'X-Amz-Signature',
      signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
    )
    const forged = await fetch(url, { method: 'PUT', body: randomBytes(10) })
    expect(forged.status).toBe(403)
    expect(await forged.text()).toContain('SignatureDoesNotMatch')

    // Another key with the same signature is not covered by it.
    const moved = new URL(created.parts[0]!.url.replace(created.key, `u/${'a'.repeat(32)}`))
    expect((await fetch(moved, { method: 'PUT', body: randomBytes(10) })).status).toBe(403)

    s3.advance(16 * 60_000)
    try {
      const late = await fetch(created.parts[0]!.url, { method: 'PUT', body: randomBytes(10) })
      expect(late.status).toBe(403)
      expect(await late.text()).toContain('Request has expired')
    } finally {
      s3.advance(-16 * 60_000)
    }
    const ok = await fetch(created.parts[0]!.url, { method: 'PUT', body: randomBytes(10) })
    expect(ok.status).toBe(200)
    await post('/api/uploads/multipart/abort', cookies.seller, refOf(created))
  })
})
