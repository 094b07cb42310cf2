import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../test/app'

let t: TestContext
const dist = mkdtempSync(path.join(os.tmpdir(), 'tb-dist-'))

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'))
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>TechBazaar</title>')
  writeFileSync(path.join(dist, 'assets/app-abc123.js'), 'console.log(1)')
  t = await createTestApp({ config: { webDistDir: dist } })
})
afterAll(async () => {
  await t.close()
  rmSync(dist, { recursive: true, force: true })
})

describe('serving the web app', () => {
  it('answers the home page with the app', async () => {
    const res = await t.app.inject({ url: '/' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('<title>TechBazaar</title>')
    expect(res.headers['cache-control']).toBe('no-cache')
  })

  it('answers deep links with the app (SPA fallback), revalidated', async () => {
    const res = await t.app.inject({ url: '/shop/listing?category=electronics' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/text\/html/)
    expect(res.body).toContain('<title>TechBazaar</title>')
    expect(res.headers['cache-control']).toBe('no-cache')
  })

  it('serves fingerprinted assets with a long immutable cache', async () => {
    const res = await t.app.inject({ url: '/assets/app-abc123.js' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it("sends the build's compressed copy to a browser that accepts it", async () => {
    const code = 'console.log("compressed")'
    writeFileSync(path.join(dist, 'assets/big-1a2b3c.js'), code)
    writeFileSync(path.join(dist, 'assets/big-1a2b3c.js.br'), brotliCompressSync(code))
    const res = await t.app.inject({
      url: '/assets/big-1a2b3c.js',
      headers: { 'accept-encoding': 'br, gzip' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['content-type']).toMatch(/javascript/)
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(code)

    const plain = await t.app.inject({ url: '/assets/big-1a2b3c.js' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(code)
  })

  it('serves files added after the start (a rebuilt web app needs no restart)', async () => {
    writeFileSync(path.join(dist, 'assets/app-def456.js'), 'console.log(2)')
    expect((await t.app.inject({ url: '/assets/app-def456.js' })).statusCode).toBe(200)
  })

  it('keeps 404s for missing files and unknown API paths as JSON', async () => {
    const missing = await t.app.inject({ url: '/assets/nope.js' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ success: false, message: 'Not found' })
    expect((await t.app.inject({ url: '/api/nope' })).statusCode).toBe(404)
  })
})
