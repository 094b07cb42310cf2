import { createHash } from 'node:crypto'
import type { CatalogCache } from './catalog-cache'
import { compressedText, compressedTextBytes, type CompressedText } from './compression'
import { createGenerationalLru, type LruStats } from './generational-lru'

/** A finished page as it is kept and sent: its HTML, compressed forms and validators. */
export interface CachedPage extends CompressedText {
  /** A weak validator: the compressed forms differ in bytes, never in meaning. */
  etag: string
  /** When it was rendered, to the second (HTTP dates have no finer grain). */
  lastModified: Date
}

export interface PageCache {
  /**
   * The page kept under `key`, else `render()`'s (kept unless it is null: the renderer declined
   * and the browser renders the page). Misses of one key in one generation share one render.
   */
  load(
    key: string,
    render: () => Promise<string | null>,
  ): Promise<{ page: CachedPage | null; source: 'hit' | 'miss' | 'shared' }>
  stats(): LruStats
}

/**
 * Anonymous visitors' server-rendered pages, finished and compressed, by canonical URL
 * (page-keys.ts). The pages show the catalog, so they follow the catalog cache's generation: a
 * committed change to products, stock, prices, banners, reviews or filter options that empties
 * the catalog cache empties this one too, and a page rendered while a change commits is not
 * kept. While the change feed is down nothing is kept or served. Bounded in bytes, least
 * recently used first, like the catalog cache; its TTL only bounds rarely asked pages.
 */
export function createPageCache(opts: {
  catalog: Pick<CatalogCache<unknown>, 'generation' | 'trusted'>
  ttlSeconds: number
  maxBytes: number
  now?: () => number
}): PageCache {
  const now = opts.now ?? Date.now
  const store = createGenerationalLru<CachedPage | null>({
    maxBytes: opts.maxBytes,
    ttlMs: opts.ttlSeconds * 1000,
    sizeOf: (page) => (page ? compressedTextBytes(page) + page.etag.length : 0),
    generation: () => opts.catalog.generation(),
    trusted: () => opts.catalog.trusted(),
    now,
  })
  return {
    async load(key, render) {
      const { value, source } = await store.load(
        key,
        async () => {
          const html = await render()
          return html === null ? null : finishedPage(html, now())
        },
        (page) => page !== null,
      )
      return { page: value, source }
    },
    stats: () => store.stats(),
  }
}

async function finishedPage(html: string, renderedAt: number): Promise<CachedPage> {
  const hash = createHash('sha256').update(html).digest('base64url').slice(0, 27)
  return {
    ...(await compressedText(html)),
    etag: `W/"${hash}"`,
    lastModified: new Date(Math.floor(renderedAt / 1000) * 1000),
  }
}
