import { brandPath, categoryPath, productPath } from '@techbazaar/shared'
import { and, asc, eq, gt, gte, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { products } from '../../db/schema'

/**
 * Sitemaps (issue 29, docs/decisions/065-product-urls-and-sitemaps.md): an index, one file of
 * the shop's own pages and landing pages, and the listed products in files of `perFile` URLs in
 * id order. Product files are written from the database in keyset batches as the reply is read,
 * so a catalog of a million products never sits in memory.
 */

/** Products read per query while a product file is written. */
export const SITEMAP_BATCH = 2000

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n'
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9'

/** The storefront's own pages worth indexing (home, the listing and the static pages). */
export const SITEMAP_PAGES = [
  '/',
  '/shop/listing',
  '/aboutUs',
  '/shipping-policy',
  '/return',
  '/returnAndRefunds',
  '/privacy-policy',
  '/term-conditions',
  '/contact-us',
]

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
}

/** Text as XML character data or an attribute value (the sitemap protocol asks all five). */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch]!)
}

/** A W3C Datetime to the second, in UTC (`2026-11-27T12:35:29Z`). */
export function w3cDate(at: Date): string {
  return `${at.toISOString().slice(0, 19)}Z`
}

const urlEntry = (origin: string, path: string, lastmod?: Date) =>
  `<url><loc>${escapeXml(origin + path)}</loc>${lastmod ? `<lastmod>${w3cDate(lastmod)}</lastmod>` : ''}</url>\n`

/** The latest `updated_at` of a group of rows, read back as a Date on PGlite and node-postgres. */
const latestChange = sql<Date>`max(${products.updatedAt})`.mapWith(products.updatedAt)

/** One product file of the index: its number (from 1) and its products' latest change. */
export interface ProductFile {
  file: number
  lastmod: Date
}

/**
 * The product files the index lists: listed products in id order, cut every `perFile`, with
 * each cut's latest change. One query per file, each an index range of the primary key from
 * the last cut's end (`id > last ORDER BY id LIMIT perFile`) folded into one row: no sort and
 * no pass that grows with the catalog in memory, here or in the database.
 */
export async function productFiles(db: Db, perFile: number): Promise<ProductFile[]> {
  const fileAfter = async (after: string | null) => {
    const cut = db
      .select({ id: products.id, updatedAt: products.updatedAt })
      .from(products)
      .where(and(eq(products.listed, true), after === null ? undefined : gt(products.id, after)))
      .orderBy(asc(products.id))
      .limit(perFile)
      .as('cut')
    const [row] = await db
      .select({
        count: sql<number>`count(*)::int`,
        // Lower-case hex compares as the UUIDs do, byte by byte ("C").
        lastId: sql<string | null>`max(${cut.id}::text COLLATE "C")`,
        lastmod: sql<Date>`max(${cut.updatedAt})`.mapWith(products.updatedAt),
      })
      .from(cut)
    return row
  }
  const files: ProductFile[] = []
  let after: string | null = null
  for (;;) {
    const row = await fileAfter(after)
    if (!row || Number(row.count) === 0 || !row.lastId) break
    files.push({ file: files.length + 1, lastmod: row.lastmod })
    if (Number(row.count) < perFile) break
    after = row.lastId
  }
  return files
}

/** The sitemap index: the pages' file, then every product file with its latest change. */
export function sitemapIndex(origin: string, files: readonly ProductFile[]): string {
  const entry = (path: string, lastmod?: Date) =>
    `<sitemap><loc>${escapeXml(origin + path)}</loc>${lastmod ? `<lastmod>${w3cDate(lastmod)}</lastmod>` : ''}</sitemap>\n`
  return (
    `${XML_HEAD}<sitemapindex xmlns="${SITEMAP_NS}">\n` +
    entry('/sitemaps/pages.xml') +
    files.map((f) => entry(`/sitemaps/products-${f.file}.xml`, f.lastmod)).join('') +
    '</sitemapindex>\n'
  )
}

/**
 * The pages' file: the storefront's own pages, then a landing page for every category and
 * every brand that has listed products (`/c/{slug}`, `/b/{slug}`), each with its products'
 * latest change. Two names with one slug are one page.
 */
export async function pagesSitemap(db: Db, origin: string): Promise<string> {
  const [categories, brands] = await Promise.all(
    [products.category, products.brand].map((column) =>
      db
        .select({ value: column, lastmod: latestChange })
        .from(products)
        .where(eq(products.listed, true))
        .groupBy(column)
        .orderBy(asc(column)),
    ),
  )
  const landing = new Map<string, Date>()
  const add = (path: string, lastmod: Date) => {
    const seen = landing.get(path)
    if (!seen || seen < lastmod) landing.set(path, lastmod)
  }
  for (const row of categories!) add(categoryPath(row.value), row.lastmod)
  for (const row of brands!) add(brandPath(row.value), row.lastmod)
  return (
    `${XML_HEAD}<urlset xmlns="${SITEMAP_NS}">\n` +
    SITEMAP_PAGES.map((path) => urlEntry(origin, path)).join('') +
    [...landing].map(([path, lastmod]) => urlEntry(origin, path, lastmod)).join('') +
    '</urlset>\n'
  )
}

/**
 * The id the product file `file` (from 1) starts at, or null when there is no such file. An
 * index range of the listed products (OFFSET over the primary key), not a pass over the table.
 */
export async function productFileStart(
  db: Db,
  file: number,
  perFile: number,
): Promise<string | null> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.listed, true))
    .orderBy(asc(products.id))
    .limit(1)
    .offset((file - 1) * perFile)
  return row?.id ?? null
}

/**
 * A product file's XML in pieces, from `startId` on for at most `perFile` listed products: one
 * piece per keyset batch (`id > last`, ORDER BY id, LIMIT batch). A piece is made only when the
 * reply's reader has taken the one before, so the reader sets the pace and memory holds at most
 * two batches.
 */
export async function* productSitemap(
  db: Db,
  opts: { origin: string; startId: string; perFile: number; batch?: number },
): AsyncGenerator<string> {
  const batch = opts.batch ?? SITEMAP_BATCH
  yield `${XML_HEAD}<urlset xmlns="${SITEMAP_NS}">\n`
  // Promise.resolve runs the query once, now (a query builder runs again on every `then`).
  const read = (after: string | null, limit: number) =>
    Promise.resolve(
      db
        .select({
          id: products.id,
          shortId: products.shortId,
          title: products.title,
          updatedAt: products.updatedAt,
        })
        .from(products)
        .where(
          and(
            eq(products.listed, true),
            after === null ? gte(products.id, opts.startId) : gt(products.id, after),
          ),
        )
        .orderBy(asc(products.id))
        .limit(limit),
    )
  let left = opts.perFile
  type Row = { id: string; shortId: string; title: string; updatedAt: Date }
  let next: Promise<Row[]> | null = read(null, Math.min(batch, left))
  while (next) {
    const rows: Row[] = await next
    const limit = Math.min(batch, left)
    left -= rows.length
    // The next batch is asked for before this one is written out: on a PostgreSQL server it is
    // read while this process builds and compresses the XML (at most two batches held).
    next =
      rows.length === limit && left > 0
        ? read(rows[rows.length - 1]!.id, Math.min(batch, left))
        : null
    // A batch that is never awaited (the reader went away) must not be an unhandled rejection.
    next?.catch(() => {})
    if (rows.length === 0) break
    let piece = ''
    for (const row of rows) piece += urlEntry(opts.origin, productPath(row), row.updatedAt)
    yield piece
  }
  yield '</urlset>\n'
}

/** robots.txt: what crawlers may not fetch, and where the sitemap is. */
export function robotsTxt(origin: string): string {
  const disallowed = [
    '/admin',
    '/shop/account',
    '/wishlist',
    '/shop/checkout',
    '/shop/payment-success',
    '/shop/paypal-return',
    '/api/',
    '/login',
    '/register',
    '/forgot-password',
    '/reset-password',
    '/deposit',
    '/payment-status',
    '/unauth-page',
  ]
  return (
    'User-agent: *\n' +
    disallowed.map((path) => `Disallow: ${path}\n`).join('') +
    `\nSitemap: ${origin}/sitemap.xml\n`
  )
}
