import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { preferredEncoding } from '../lib/compression'
import { createTestApp, type TestContext } from '../../test/app'
import { createProduct, createSeller } from '../../test/factories'

let t: TestContext

beforeAll(async () => {
  t = await createTestApp()
  const seller = await createSeller(t.database.db)
  for (let i = 0; i < 24; i++) {
    await createProduct(t.database.db, { sellerId: seller.id, title: `Compressible phone ${i}` })
  }
})
afterAll(() => t.close())

const LISTING = '/api/shop/products/get?limit=24'
const get = (url: string, encoding?: string) =>
  t.app.inject({ url, headers: encoding ? { 'accept-encoding': encoding } : {} })

describe('compressed JSON replies', () => {
  it('sends a listing page with br or gzip as the client accepts, the same JSON inside', async () => {
    const plain = await get(LISTING)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.length).toBeGreaterThan(5000)

    for (let i = 0; i < 2; i++) {
      // The first answer is computed, the second comes from the catalog cache: both compressed.
      const br = await get(LISTING, 'gzip, deflate, br, zstd')
      expect(br.headers['content-encoding']).toBe('br')
      expect(br.headers.vary).toMatch(/Accept-Encoding/)
      expect(br.rawPayload.length).toBeLessThan(plain.body.length / 3)
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json())
    }
    const gzip = await get(LISTING, 'gzip')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json())
  })

  it('compresses replies the catalog cache does not keep as well', async () => {
    const docs = await get('/api/docs/json', 'br')
    expect(docs.statusCode).toBe(200)
    expect(docs.headers['content-encoding']).toBe('br')
    expect(JSON.parse(brotliDecompressSync(docs.rawPayload).toString())).toHaveProperty('openapi')
  })

  it('leaves small replies and clients that accept nothing as they are', async () => {
    const health = await get('/api/health', 'br')
    expect(health.headers['content-encoding']).toBeUndefined()
    expect(health.json()).toMatchObject({ status: 'ok' })
    expect((await get(LISTING, 'identity')).headers['content-encoding']).toBeUndefined()
    expect((await get(LISTING, 'br;q=0, gzip;q=0')).headers['content-encoding']).toBeUndefined()
  })
})

describe('preferredEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0', null],
    ['identity', null],
    ['GZIP;q=0.5', 'gzip'],
  ])('%s -> %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected)
  })
})
