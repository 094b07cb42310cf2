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

describe('server-rendered pages', () => {
  let ssr: TestContext
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tb-ssr-'))
  const shell = '<!doctype html><title>TechBazaar</title><body><div id="root"></div></body>'

  beforeAll(async () => {
    mkdirSync(path.join(dir, 'dist'))
    writeFileSync(path.join(dir, 'dist/index.html'), shell)
    // A renderer with the contract of apps/web/src/entry-server.tsx: it asks the API through
    // fetchApi, as the visitor, and says which page it drew.
    writeFileSync(
      path.join(dir, 'entry-server.mjs'),
      `export async function render({ url, cookie, fetchApi }) {
        const { pathname } = new URL(url)
        if (pathname === '/boom') throw new Error('render failed')
        if (pathname.startsWith('/admin')) return null
        const health = await fetchApi('/api/health', { headers: { Accept: 'application/json' } })
        const { status } = await health.json()
        return {
          html: '<main>' + pathname + ' ' + status + ' ' + (cookie ?? 'guest') + '</main>',
          state: JSON.stringify({ pathname }).replace(/</g, '\\\\u003c'),
        }
      }`,
    )
    ssr = await createTestApp({
      config: {
        webDistDir: path.join(dir, 'dist'),
        webSsrEntry: path.join(dir, 'entry-server.mjs'),
      },
    })
  })
  afterAll(async () => {
    await ssr.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('sends the page drawn with API answers inside #root, with its state, never shared', async () => {
    const res = await ssr.app.inject({ url: '/shop/listing?page=2', headers: { cookie: 'a=1' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/text\/html/)
    expect(res.body).toContain(
      '<div id="root"><main>/shop/listing ok a=1</main></div>' +
        '<script type="application/json" id="ssr-state">{"pathname":"/shop/listing"}</script>',
    )
    expect(res.headers['cache-control']).toBe('no-cache, private')
    expect(res.headers.vary).toMatch(/Cookie/)
  })

  it('draws the home page too, and compresses pages for browsers that accept it', async () => {
    const res = await ssr.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, br' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<main>/ ok guest</main>')
  })

  it('sends the plain shell when the renderer declines, fails, or for HEAD', async () => {
    for (const url of ['/admin/dashboard', '/boom']) {
      const res = await ssr.app.inject({ url })
      expect(res.statusCode).toBe(200)
      expect(res.body).toBe(shell)
      expect(res.headers['cache-control']).toBe('no-cache')
    }
    const head = await ssr.app.inject({ method: 'HEAD', url: '/' })
    expect(head.statusCode).toBe(200)
    expect(head.headers['cache-control']).toBe('no-cache')
  })
})
