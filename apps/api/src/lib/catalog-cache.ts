import type { ChannelHandlers, Database } from '../db/client'
import {
  createGenerationalLru,
  ENTRY_OVERHEAD_BYTES,
  heldBytes,
  type LruStats,
} from './generational-lru'

/** The channel migration 0006's triggers notify on every committed catalog change. */
export const CATALOG_CHANNEL = 'catalog_changed'

/**
 * Serialized public catalog replies (listing pages, filter options, search results) by key, in
 * this process's memory.
 *
 * Kept in step with the database rather than left to expire: every committed change to
 * products, to a seller's shown name or to the filter options raises a NOTIFY that every API
 * process hears within milliseconds, and the cache is emptied then. A reply read from the
 * database while a change commits is not stored (the generation moved on). While the LISTEN
 * connection is down nothing is served from or stored in the cache. The TTL only bounds how long
 * a rarely asked page is kept and covers a notification lost in transit.
 *
 * Its memory is bounded in bytes, not entries: the keys come from anonymous URLs, and a count
 * bound lets a few thousand large pages hold gigabytes. The least recently used entries go first
 * (generational-lru.ts). The page cache (page-cache.ts) follows the same generation.
 */
export interface CatalogCache<V = string> {
  /** The current generation; pass it back to `set` so a page read before a change is dropped. */
  generation(): number
  /** False while the change feed is down: then nothing may be served from a cache. */
  trusted(): boolean
  get(key: string): V | undefined
  set(key: string, body: V, generation: number): void
  /**
   * The cached body, else `compute()`'s. Requests that miss the same key in the same generation
   * share one computation, so a popular page that was just dropped costs the database one
   * query, not one per waiting request. `source` says which happened (the X-Cache header).
   */
  load(
    key: string,
    compute: () => Promise<V>,
  ): Promise<{ body: V; source: 'hit' | 'miss' | 'shared' }>
  /**
   * Resolves once every change committed before the call has emptied the cache. The app awaits
   * it before answering a write, so whoever made a change reads it back at once (read your
   * writes); other readers see it a few milliseconds after the commit.
   */
  caughtUp(): Promise<void>
  /** What it holds now and what `load` found since the start (for tests and metrics). */
  stats(): CatalogCacheStats
  close(): Promise<void>
}

export type CatalogCacheStats = LruStats

export { ENTRY_OVERHEAD_BYTES, heldBytes }

interface CatalogCacheOptions {
  ttlSeconds: number
  maxBytes: number
  listen: Database['listen']
  /**
   * Told of every event of the change feed before the cache acts on it (lib/catalog-reads.ts:
   * a refill after a change must know the change happened before it reads).
   */
  observer?: ChannelHandlers
  now?: () => number
}

/** Holds strings (the bytes V8 holds for them count), or any value with its own `sizeOf`. */
export async function createCatalogCache(opts: CatalogCacheOptions): Promise<CatalogCache>
export async function createCatalogCache<V>(
  opts: CatalogCacheOptions & { sizeOf: (value: V) => number },
): Promise<CatalogCache<V>>
export async function createCatalogCache<V>(
  opts: CatalogCacheOptions & { sizeOf?: (value: V) => number },
): Promise<CatalogCache<V>> {
  let generation = 0
  let trusted = false
  const store = createGenerationalLru<V>({
    maxBytes: opts.maxBytes,
    ttlMs: opts.ttlSeconds * 1000,
    // Without `sizeOf` the overload above promised strings.
    sizeOf: opts.sizeOf ?? (heldBytes as unknown as (value: V) => number),
    generation: () => generation,
    trusted: () => trusted,
    now: opts.now ?? Date.now,
  })
  // A change drops everything held at once (not only when next read), so its memory goes too.
  const drop = () => {
    generation++
    store.clear()
  }
  const { observer } = opts
  const handlers: ChannelHandlers = {
    onNotify: () => {
      observer?.onNotify()
      drop()
    },
    onDown: () => {
      observer?.onDown?.()
      trusted = false
      drop()
    },
    onUp: () => {
      observer?.onUp?.()
      trusted = true
      drop()
    },
  }
  const subscription = await opts.listen(CATALOG_CHANNEL, handlers)

  return {
    generation: () => generation,
    trusted: () => trusted,
    get: (key) => store.get(key),
    set: (key, body, at) => store.set(key, body, at),
    async load(key, compute) {
      const { value, source } = await store.load(key, compute)
      return { body: value, source }
    },
    caughtUp: () => subscription.caughtUp(),
    stats: () => store.stats(),
    close: async () => {
      trusted = false
      drop()
      await subscription.close()
    },
  }
}
