import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { productPath } from '@techbazaar/shared'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products } from '../../db/schema'
import { createTestApp, type TestContext } from '../../../test/app'
import { MARKETPLACE_ENV } from '../../../test/production-env'
import { createProduct, createSeller } from '../../../test/factories'
import { escapeXml, productSitemap, w3cDate } from './sitemaps'

const ORIGIN = 'https://shop.example.in'
const PER_FILE = 2

let t: TestContext
/** The listed products in id order, with their updated_at as set below. */
let listed: { id: string; title: string; shortId: string; updatedAt: Date }[]
let hidden: { id: string; shortId: string }[]
const dist = mkdtempSync(path.join(os.tmpdir(), 'tb-dist-'))

beforeAll(async () => {
  // A built web app whose files would answer these paths if the static files came first.
  mkdirSync(path.join(dist, 'sitemaps'))
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>TechBazaar</title>')
  writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\nDisallow: /\n')
  writeFileSync(path.join(dist, 'sitemap.xml'), '<stale/>')
  writeFileSync(path.join(dist, 'sitemaps/pages.xml'), '<stale/>')
  t = await createTestApp({
    // A public address is not demo mode: the marketplace must be named (issue 30.2).
    env: { ...MARKETPLACE_ENV, APP_URL: ORIGIN },
    config: { webDistDir: dist, sitemapUrlsPerFile: PER_FILE },
  })
  const db = t.database.db
  const seller = await createSeller(db)
  const made = []
  const titles = [
    'Samsung Galaxy A35 5G',
    'boAt Airdopes 141 & Case',
    'Apple iPhone 15 Plus',
    'realme narzo 70 Pro',
    'OnePlus Nord CE4',
  ]
  for (const [i, title] of titles.entries()) {
    const brand = ['samsung', 'boat', 'apple', 'realme', 'oneplus'][i]!
    const category = i === 1 ? 'accessories' : 'electronics'
    made.push(await createProduct(db, { sellerId: seller.id, title, brand, category }))
  }
  const unlisted = await createProduct(db, {
    sellerId: seller.id,
    title: 'Unlisted Gadget',
    brand: 'nokia',
    listed: false,
  })
  const deleted = await createProduct(db, { sellerId: seller.id, title: 'Deleted Gadget' })
  await db
    .update(products)
    .set({ listed: false, deletedAt: new Date('2026-03-01T00:00:00Z') })
    .where(eq(products.id, deleted.id))
  hidden = [unlisted, deleted]
  // Known, distinct change times: the n-th product by id changed on day n of October.
  made.sort((a, b) => (a.id < b.id ? -1 : 1))
  listed = []
  for (const [i, p] of made.entries()) {
    const updatedAt = new Date(Date.UTC(2026, 9, 1 + i, 10, 30, 15, 250))
    await db.execute(sql`UPDATE products SET updated_at = ${updatedAt.toISOString()}::timestamptz
      WHERE id = ${p.id}`)
    listed.push({ id: p.id, title: p.title, shortId: p.shortId, updatedAt })
  }
})
afterAll(async () => {
  await t.close()
  rmSync(dist, { recursive: true, force: true })
})

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers })

/**
 * A strict enough XML check for these files: one declaration, tags that nest and close, quoted
 * attributes, and text without a raw `<` or an `&` that starts no entity.
 */
function expectWellFormed(xml: string) {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true)
  const body = xml.slice(xml.indexOf('?>') + 2)
  const open: string[] = []
  let rest = body
  let roots = 0
  while (rest.length) {
    const lt = rest.indexOf('<')
    const text = lt < 0 ? rest : rest.slice(0, lt)
    expect(text.replace(/&(amp|lt|gt|quot|apos);/g, '')).not.toMatch(/[&<>]/)
    if (open.length === 0) expect(text.trim()).toBe('')
    if (lt < 0) break
    const tag = /^<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<&]*")*)\s*(\/?)>/.exec(
      rest.slice(lt),
    )
    expect(tag, rest.slice(lt, lt + 80)).not.toBeNull()
    const [whole, closing, name, , selfClosing] = tag!
    if (closing) expect(open.pop()).toBe(name)
    else if (!selfClosing) {
      if (open.length === 0) roots++
      open.push(name!)
    }
    rest = rest.slice(lt + whole.length)
  }
  expect(open).toEqual([])
  expect(roots).toBe(1)
}

/** The `<loc>`s of a sitemap or index, unescaped. */
const locs = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replaceAll('&amp;', '&'))

describe('GET /robots.txt', () => {
  it('keeps crawlers out of the private and API paths and names the sitemap', async () => {
    const res = await get('/robots.txt')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/)
    const lines = res.body.split('\n')
    expect(lines[0]).toBe('User-agent: *')
    for (const path of [
      '/admin',
      '/shop/account',
      '/wishlist',
      '/shop/checkout',
      '/api/',
      '/login',
      '/register',
      '/deposit',
      '/payment-status',
      '/shop/payment-success',
      '/shop/paypal-return',
    ]) {
      expect(lines).toContain(`Disallow: ${path}`)
    }
    expect(lines).not.toContain('Disallow: /')
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`)
  })
})

describe('GET /sitemap.xml', () => {
  it('lists the pages file and ceil(listed / per file) product files, each with its latest change', async () => {
    const res = await get('/sitemap.xml')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8')
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/)
    expectWellFormed(res.body)
    expect(res.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    expect(locs(res.body)).toEqual([
      `${ORIGIN}/sitemaps/pages.xml`,
      `${ORIGIN}/sitemaps/products-1.xml`,
      `${ORIGIN}/sitemaps/products-2.xml`,
      `${ORIGIN}/sitemaps/products-3.xml`,
    ])
    const lastmods = [...res.body.matchAll(/<lastmod>([^<]*)<\/lastmod>/g)].map((m) => m[1])
    // Each file's latest change: the second of its two products, and the fifth alone.
    expect(lastmods).toEqual([
      '2026-10-02T10:30:15Z',
      '2026-10-04T10:30:15Z',
      '2026-10-05T10:30:15Z',
    ])
  })
})

describe('GET /sitemaps/products-{n}.xml', () => {
  it('cuts the listed products in id order at the file size, leaving out unlisted and deleted ones', async () => {
    const files: string[][] = []
    for (const n of [1, 2, 3]) {
      const res = await get(`/sitemaps/products-${n}.xml`)
      expect(res.statusCode, `file ${n}`).toBe(200)
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8')
      expectWellFormed(res.body)
      expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
      files.push(locs(res.body))
    }
    expect(files.map((f) => f.length)).toEqual([2, 2, 1])
    expect(files.flat()).toEqual(listed.map((p) => `${ORIGIN}${productPath(p)}`))
    const all = files.flat().join('\n')
    for (const p of hidden) expect(all).not.toContain(p.shortId)
  })

  it('gives each product its last change as a W3C date', async () => {
    const res = await get('/sitemaps/products-1.xml')
    expect(res.body).toContain(
      `<url><loc>${ORIGIN}${productPath(listed[0]!)}</loc><lastmod>2026-10-01T10:30:15Z</lastmod></url>`,
    )
  })

  it('answers 404 past the last file and for names that are not product files', async () => {
    for (const url of [
      '/sitemaps/products-4.xml',
      '/sitemaps/products-0.xml',
      '/sitemaps/products-01.xml',
      '/sitemaps/products-1.xml.gz',
      '/sitemaps/products-x.xml',
      '/sitemaps/other.xml',
    ]) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(404)
      expect(res.json(), url).toMatchObject({ success: false, message: 'Not found' })
    }
  })

  it('streams gzip to crawlers that accept it', async () => {
    const plain = await get('/sitemaps/products-1.xml')
    const res = await get('/sitemaps/products-1.xml', { 'accept-encoding': 'gzip' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(res.headers.vary).toMatch(/Accept-Encoding/)
    expect(gunzipSync(res.rawPayload).toString('utf8')).toBe(plain.body)
  })
})

describe('GET /sitemaps/pages.xml', () => {
  it('lists the home and static pages and a landing page per category and brand with listed products', async () => {
    const res = await get('/sitemaps/pages.xml')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8')
    expectWellFormed(res.body)
    const urls = locs(res.body)
    expect(urls).toContain(`${ORIGIN}/`)
    expect(urls).toContain(`${ORIGIN}/aboutUs`)
    expect(urls).toContain(`${ORIGIN}/privacy-policy`)
    for (const landing of [
      '/c/accessories',
      '/c/electronics',
      '/b/apple',
      '/b/boat',
      '/b/oneplus',
      '/b/realme',
      '/b/samsung',
    ]) {
      expect(urls).toContain(`${ORIGIN}${landing}`)
    }
    // Only an unlisted product has this brand.
    expect(urls).not.toContain(`${ORIGIN}/b/nokia`)
    expect(new Set(urls).size).toBe(urls.length)
    // A landing page's lastmod is its products' latest change (accessories: the boAt case).
    const boat = listed.find((p) => p.title.startsWith('boAt'))!
    expect(res.body).toContain(
      `<url><loc>${ORIGIN}/c/accessories</loc><lastmod>${w3cDate(boat.updatedAt)}</lastmod></url>`,
    )
  })
})

describe('productSitemap', () => {
  it('reads the products in keyset batches, one piece per batch, up to the file size', async () => {
    const pieces: string[] = []
    for await (const piece of productSitemap(t.database.db, {
      origin: ORIGIN,
      startId: listed[1]!.id,
      perFile: 3,
      batch: 2,
    })) {
      pieces.push(piece)
    }
    // Head, a batch of 2, a batch of 1 (the file is full), tail.
    expect(pieces).toHaveLength(4)
    expect(locs(pieces.join(''))).toEqual(
      listed.slice(1, 4).map((p) => `${ORIGIN}${productPath(p)}`),
    )
    expectWellFormed(pieces.join(''))
  })
})

describe('escapeXml', () => {
  it('escapes the five characters XML reserves', () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f')
  })
})
