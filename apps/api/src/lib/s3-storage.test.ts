import { PutObjectCommand } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeS3, type FakeS3 } from '../../test/fakes/s3'
import { loadConfig } from '../config'
import { createS3Client, createS3Storage, storageCsp, type S3Settings } from './s3-storage'

let s3: FakeS3
let settings: S3Settings

beforeAll(async () => {
  s3 = await startFakeS3()
  const config = loadConfig(s3.env)
  if (!config.s3) throw new Error('S3 not configured')
  settings = config.s3
})
afterAll(() => s3?.close())

const image = Buffer.from('RIFF....WEBPVP8 not really an image')

describe('S3 storage', () => {
  it('should put objects under the public URL with a long cache', async () => {
    const url = await createS3Storage(settings).put('u/abc123.webp', image, 'image/webp')
    expect(url).toBe(`${s3.origin}/${s3.bucket}/u/abc123.webp`)
    expect(s3.objects.get('u/abc123.webp')).toMatchObject({
      body: image,
      contentType: 'image/webp',
      cacheControl: 'public, max-age=31536000, immutable',
    })
  })

  it('should recognise only its own stored images as existing', async () => {
    const storage = createS3Storage(settings)
    const url = await storage.put('u/known.webp', image, 'image/webp')
    await storage.put('incoming/0123456789abcdef0123456789abcdef', image, 'image/png')
    const base = `${s3.origin}/${s3.bucket}`
    expect(await storage.exists(url)).toBe(true)
    expect(await storage.exists(`${base}/u/missing.webp`)).toBe(false)
    // Not under the public URL: another site, the local path, a look-alike prefix.
    expect(await storage.exists(`https://evil.example/${s3.bucket}/u/known.webp`)).toBe(false)
    expect(await storage.exists('/uploads/u/known.webp')).toBe(false)
    expect(await storage.exists(`${base}-other/u/known.webp`)).toBe(false)
    // Under it, but not an image the upload path made.
    expect(await storage.exists(`${base}/incoming/0123456789abcdef0123456789abcdef`)).toBe(false)
    expect(await storage.exists(`${base}/u/../u/known.webp`)).toBe(false)
    expect(await storage.exists(`${base}/u/known.webp?x=1`)).toBe(false)
  })

  it('should be refused by the store with a wrong secret or key id', async () => {
    const wrongSecret = createS3Storage({ ...settings, secretAccessKey: 'not-the-secret' })
    await expect(wrongSecret.put('u/x.webp', image, 'image/webp')).rejects.toMatchObject({
      name: 'SignatureDoesNotMatch',
    })
    const wrongKey = createS3Storage({ ...settings, accessKeyId: 'AKIAUNKNOWN' })
    await expect(wrongKey.put('u/x.webp', image, 'image/webp')).rejects.toMatchObject({
      name: 'InvalidAccessKeyId',
    })
    expect(s3.objects.has('u/x.webp')).toBe(false)
  })

  it('should be refused by the store when the body is not the one signed', async () => {
    const client = createS3Client(settings)
    type Args = { request: { body: unknown; headers: Record<string, string> } }
    // Swaps the body after the request was signed, as a tampering proxy would.
    const tamper = (next: (args: Args) => Promise<unknown>) => async (args: Args) => {
      args.request.body = Buffer.from('tampered body')
      args.request.headers['content-length'] = String(Buffer.byteLength('tampered body'))
      return next(args)
    }
    client.middlewareStack.addRelativeTo(
      // The SDK's middleware type is a union over every step; this one runs after signing.
      tamper as unknown as Parameters<typeof client.middlewareStack.addRelativeTo>[0],
      { relation: 'after', toMiddleware: 'httpSigningMiddleware', name: 'tamper' },
    )
    await expect(
      client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'u/t.webp', Body: image })),
    ).rejects.toMatchObject({ name: 'XAmzContentSHA256Mismatch' })
    expect(s3.objects.has('u/t.webp')).toBe(false)
  })

  it('should refuse anonymous writes and reads outside the public prefix', async () => {
    const put = await fetch(`${s3.origin}/${s3.bucket}/u/anon.webp`, { method: 'PUT', body: 'x' })
    expect(put.status).toBe(403)
    await createS3Storage(settings).put('incoming/secret', image, 'image/png')
    expect((await fetch(`${s3.origin}/${s3.bucket}/incoming/secret`)).status).toBe(403)
  })
})

describe('storageCsp', () => {
  it('should allow PUTs to the store and images from the public URL only when configured', async () => {
    expect(await storageCsp(loadConfig({}))).toEqual({})
    expect(await storageCsp(loadConfig(s3.env))).toEqual({ connect: [s3.origin], img: [s3.origin] })
    const aws = loadConfig({
      S3_BUCKET: 'techbazaar-images',
      S3_REGION: 'ap-south-1',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PUBLIC_URL: 'https://images.techbazaar.in/',
    })
    expect(await storageCsp(aws)).toEqual({
      connect: ['https://techbazaar-images.s3.ap-south-1.amazonaws.com'],
      img: ['https://images.techbazaar.in'],
    })
  })
})
