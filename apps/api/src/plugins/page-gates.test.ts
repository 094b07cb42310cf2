import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { productPath } from '@techbazaar/shared'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { filterOptions, products } from '../db/schema'
import { createTestApp, type TestContext } from '../../test/app'
import { createProduct, createSeller } from '../../test/factories'

/**
 * The storefront's pages named by their path (issue 29): a product's page answers only for a
 * listed product at its own address, a category's or brand's only for one the shop has.
 */
let t: TestContext
const dir = mkdtempSync(path.join(os.tmpdir(), 'tb-page-gates-'))
const shell =
  '<!doctype html><html><head><meta name="description" content="The shop."><title>TechBazaar</title></head><body><div id="root"></div></body></html>'
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers })

beforeAll(async () => {
  mkdirSync(path.join(dir, 'dist'))
  writeFileSync(path.join(dir, 'dist/index.html'), shell)
  // A renderer with entry-server.tsx's contract: it draws the path and gives the page's head.
  writeFileSync(
    path.join(dir, 'entry-server.mjs'),
    `export async function render({ url, origin }) {
      const { pathname } = new URL(url)
      return {
        html: '<main>' + pathname + '</main>',
        state: '{}',
        title: '<title>' + pathname + ' | TechBazaar</title>',
        head: '<link rel="canonical" href="' + origin + pathname + '"><meta name="description" content="Page ' + pathname + '">',
      }
    }`,
  )
  t = await createTestApp({
    config: {
      webDistDir: path.join(dir, 'dist'),
      webSsrEntry: path.join(dir, 'entry-server.mjs'),
      appUrl: 'https://shop.example.in',
    },
  })
  await t.database.db.insert(filterOptions).values([
    { kind: 'category', value: 'smartphones' },
    { kind: 'brand', value: 'apple' },
  ])
})
afterAll(async () => {
  await t.close()
  rmSync(dir, { recursive: true, force: true })
})

async function listedProduct(title: string) {
  const seller = await createSeller(t.database.db)
  const product = await createProduct(t.database.db, { sellerId: seller.id, title })
  const [row] = await t.database.db
    .select({ shortId: products.shortId, title: products.title })
    .from(products)
    .where(eq(products.id, product.id))
  return { id: product.id, shortId: row!.shortId, path: productPath(row!) }
}

describe("a product's page /p/{slug}-{shortId}", () => {
  it('draws a listed product at its own address, with its head, and keeps it for guests', async () => {
    const product = await listedProduct('Apple iPhone 15 (128 GB) - Black')
    expect(product.path).toBe(`/p/apple-iphone-15-128-gb-black-${product.shortId}`)
    const res = await get(product.path)
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain(`<main>${product.path}</main>`)
    // The page's head replaces the shell's description, on the configured origin.
    expect(res.body).toMatch(
      new RegExp(
        `<head>.*<link rel="canonical" href="https://shop.example.in${product.path}">.*</head>`,
      ),
    )
    expect(res.body.match(/name="description"/g)).toHaveLength(1)
    expect(res.body).toContain(`<title>${product.path} | TechBazaar</title>`)
    let source = res.headers['x-cache']
    for (let i = 0; i < 100 && source !== 'hit'; i++) {
      source = (await get(product.path)).headers['x-cache']
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect(source).toBe('hit')
  })

  it('answers an old slug or another spelling with a 301 to its own address', async () => {
    const product = await listedProduct('Samsung Galaxy S24 Ultra')
    for (const stale of [
      `/p/samsung-galaxy-s23-${product.shortId}`,
      `/p/${product.shortId}`,
      `/p/SAMSUNG-GALAXY-S24-ULTRA-${product.shortId}`,
    ]) {
      const res = await get(stale)
      expect(res.statusCode, stale).toBe(301)
      expect(res.headers.location).toBe(product.path)
    }
    // A title change moves the address; the old one leads to the new.
    await t.database.db
      .update(products)
      .set({ title: 'Samsung Galaxy S24 Ultra 5G (Titanium Gray)', updatedAt: new Date() })
      .where(eq(products.id, product.id))
    const moved = await get(product.path)
    expect(moved.statusCode).toBe(301)
    expect(moved.headers.location).toBe(
      `/p/samsung-galaxy-s24-ultra-5g-titanium-gray-${product.shortId}`,
    )
  })

  it('answers 404 for no such product or one not shown, 410 for one deleted, never kept', async () => {
    const hidden = await listedProduct('OnePlus 12R')
    const deleted = await listedProduct('Nothing Phone (2a)')
    await t.database.db.update(products).set({ listed: false }).where(eq(products.id, hidden.id))
    await t.database.db
      .update(products)
      .set({ listed: false, deletedAt: new Date() })
      .where(eq(products.id, deleted.id))
    for (const [url, status] of [
      ['/p/no-such-thing-zzzzzzzz', 404],
      ['/p/x', 404],
      [hidden.path, 404],
      [deleted.path, 410],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        const res = await get(url)
        expect(res.statusCode, url).toBe(status)
        expect(res.headers['x-robots-tag']).toBe('noindex')
        expect(res.headers['x-cache']).not.toBe('hit')
        // The shell: the browser draws the not-found message with links back to the shop.
        expect(res.body).toContain('<div id="root"></div>')
      }
    }
  })

  it('answers a signed-in visitor the same way (drawn per request)', async () => {
    const product = await listedProduct('realme Buds Air 6')
    const res = await get(`/p/old-${product.shortId}`, { cookie: 'session=whatever' })
    expect(res.statusCode).toBe(301)
    expect(res.headers.location).toBe(product.path)
  })
})

describe('landing pages /c/{category} and /b/{brand}', () => {
  it('draws a category or brand the shop has, and 404s one it does not', async () => {
    expect((await get('/c/smartphones')).statusCode).toBe(200)
    expect((await get('/b/apple')).statusCode).toBe(200)
    expect((await get('/b/apple?sortBy=price-lowtohigh&minPrice=1000')).statusCode).toBe(200)
    expect((await get('/c/toasters')).statusCode).toBe(404)
    expect((await get('/b/nokia')).statusCode).toBe(404)
  })
})
