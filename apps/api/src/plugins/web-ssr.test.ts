import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../app-types'
import { createTestApp, type TestContext } from '../../test/app'
import { createProduct, createSeller } from '../../test/factories'
import { createShopper } from '../../test/shop'

// The real renderer, built from apps/web's source for this file: these tests are about what the
// renderer does with the API's answers, which a stand-in (web.test.ts) cannot show.
const WEB_DIR = path.resolve(import.meta.dirname, '../../../web')
const SHELL = '<!doctype html><title>TechBazaar</title><body><div id="root"></div></body>'

/**
 * This thread's referenced message ports: each keeps Node's event loop alive. One left by the
 * renderer's modules kept the bench's process from ever exiting after its page rows.
 */
const listeningPorts = () =>
  process.getActiveResourcesInfo().filter((resource) => resource === 'MessagePort').length

/** Counts the API calls renders make (inject), and how many are unanswered. */
function countApiCalls(app: App) {
  const counts = { total: 0, inFlight: 0, byUrl: new Map<string, number>() }
  /** API paths that never answer, as a database that stopped answering would. */
  const stuck = new Set<string>()
  const inject = app.inject.bind(app)
  const counting = async (opts: InjectOptions | string) => {
    const url = typeof opts === 'string' ? opts : String(opts.url)
    counts.total++
    counts.byUrl.set(url, (counts.byUrl.get(url) ?? 0) + 1)
    if (stuck.has(url)) return new Promise<never>(() => {})
    counts.inFlight++
    try {
      return await inject(opts)
    } finally {
      counts.inFlight--
    }
  }
  // The renderer (web-ssr.ts) calls app.inject for every API call a page makes; the test's own
  // page requests go through `visit`, which this does not count.
  Object.assign(app, { inject: counting })
  return { counts, stuck, visit: inject }
}

describe('server renders of a ?product= link to nothing (issue 26.2)', () => {
  let t: TestContext
  let api: ReturnType<typeof countApiCalls>
  let productId: string
  let shopperCookie: string
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tb-ssr-real-'))
  let portsBefore = 0

  beforeAll(async () => {
    portsBefore = listeningPorts()
    const build = spawnSync(
      'npx',
      ['vite', 'build', '--ssr', 'src/entry-server.tsx', '--outDir', path.join(dir, 'server')],
      // As `npm run build` does: vitest's NODE_ENV=test would build React's development JSX.
      { cwd: WEB_DIR, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } },
    )
    if (build.status !== 0) throw new Error(`web build failed: ${build.stderr}`)
    mkdirSync(path.join(dir, 'dist'))
    writeFileSync(path.join(dir, 'dist/index.html'), SHELL)
    t = await createTestApp({
      config: {
        webDistDir: path.join(dir, 'dist'),
        webSsrEntry: path.join(dir, 'server/entry-server.js'),
        // Every visit renders: a kept page would hide a render that never ends.
        pageCacheMaxBytes: 0,
      },
    })
    const seller = await createSeller(t.database.db)
    productId = (await createProduct(t.database.db, { sellerId: seller.id, title: 'Pixel Nine' }))
      .id
    shopperCookie = (await createShopper(t.database.db)).cookie
    api = countApiCalls(t.app)
    // The first render loads the renderer's lazy chunks, slow on a busy machine; not under test.
    await api.visit({ url: '/' })
  }, 180_000)
  afterAll(async () => {
    await t?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('draws a product that exists into the listing (the renderer under test renders)', async () => {
    const res = await api.visit({ url: `/shop/listing?product=${productId}` })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('Pixel Nine')
    expect(res.body).toContain('id="ssr-state"')
  })

  it('answers a hundred visits to unknown and malformed product ids, and nothing keeps running', async () => {
    const links = ['garbage', '12345', crypto.randomUUID()]
    const visits = Array.from({ length: 100 }, (_, i) => ({
      url: `/shop/listing?product=${links[i % links.length]}`,
      // Signed-in visitors' pages are rendered from the raw URL; anonymous ones from its key.
      headers: i % 2 ? { cookie: shopperCookie } : {},
    }))
    const before = api.counts.total
    for (let batch = 0; batch < visits.length; batch += 10) {
      const answers = await Promise.all(visits.slice(batch, batch + 10).map(api.visit))
      for (const answer of answers) expect(answer.statusCode).toBe(200)
    }
    // Each render asked the API a handful of times at most, and each bad product once at most.
    const calls = api.counts.total - before
    expect(calls).toBeLessThanOrEqual(visits.length * 8)
    for (const link of links) {
      expect(api.counts.byUrl.get(`/api/shop/products/get/${link}`) ?? 0).toBeLessThanOrEqual(
        visits.length / links.length + 1,
      )
    }
    // Every render was over when its page went out: nothing is waiting for the API...
    expect(api.counts.inFlight).toBe(0)
    // ...nor asks it later (the product query retried 400s after 1 and 2 seconds).
    const after = api.counts.total
    await new Promise((resolve) => setTimeout(resolve, 2_500))
    expect(api.counts.total).toBe(after)
    expect((await api.visit({ url: '/api/health' })).statusCode).toBe(200)
    // ...nor holds the process open: the renderer and its lazy chunks left no listening port.
    expect(listeningPorts()).toBe(portsBefore)
  }, 120_000)

  it('ends every server-rendered page with a bad id in its address after a few API calls', async () => {
    const urls = [
      `/shop/search?q=phone&product=garbage`,
      `/shop/search?q=phone&product=${crypto.randomUUID()}`,
      `/shop/listing?brand=samsung&product=${crypto.randomUUID()}`,
      `/shop/account?tab=orders&order=garbage`,
      `/shop/account?tab=orders&order=${crypto.randomUUID()}`,
      '/shop/checkout',
      '/',
    ]
    for (const url of urls) {
      for (const headers of [{}, { cookie: shopperCookie }]) {
        const before = api.counts.total
        expect((await api.visit({ url, headers })).statusCode).toBe(200)
        expect(api.counts.total - before).toBeLessThanOrEqual(12)
        expect(api.counts.inFlight).toBe(0)
      }
    }
  }, 120_000)

  it('sends the shell when a render runs out of time, and the render calls the API no more', async () => {
    const id = crypto.randomUUID()
    api.stuck.add(`/api/shop/products/get/${id}`)
    const res = await api.visit({
      url: `/shop/listing?product=${id}`,
      headers: { cookie: shopperCookie },
    })
    expect(res.body).toBe(SHELL)
    const after = api.counts.total
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    expect(api.counts.total).toBe(after)
  }, 60_000)

  it('sends the shell for a signed-in visitor’s unknown product: the browser says it is not available', async () => {
    const res = await api.visit({
      url: `/shop/listing?product=${crypto.randomUUID()}`,
      headers: { cookie: shopperCookie },
    })
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe(SHELL)
  })
})
