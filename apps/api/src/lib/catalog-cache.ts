import type { ChannelHandlers, Database } from '../db/client'

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
 * connection is down nothing is served from or stored in the cache. The TTL only bounds the
 * memory held by rarely asked pages and covers a notification lost in transit.
 */
export interface CatalogCache {
  /** The current generation; pass it back to `set` so a page read before a change is dropped. */
  generation(): number
  get(key: string): string | undefined
  set(key: string, body: string, generation: number): void
  /**
   * The cached body, else `compute()`'s. Requests that miss the same key in the same generation
   * share one computation, so a popular page that was just dropped costs the database one
   * query, not one per waiting request. `source` says which happened (the X-Cache header).
   */
  load(
    key: string,
    compute: () => Promise<string>,
  ): Promise<{ body: string; source: 'hit' | 'miss' | 'shared' }>
  /** Entries held now (for tests and metrics). */
  size(): number
  close(): Promise<void>
}

const MAX_ENTRIES = 2000

export async function createCatalogCache(opts: {
  ttlSeconds: number
  listen: Database['listen']
  now?: () => number
}): Promise<CatalogCache> {
  const now = opts.now ?? Date.now
  const ttlMs = opts.ttlSeconds * 1000
  const entries = new Map<string, { body: string; expires: number }>()
  const inFlight = new Map<string, { generation: number; body: Promise<string> }>()
  let generation = 0
  let trusted = false

  const drop = () => {
    generation++
    entries.clear()
  }
  const handlers: ChannelHandlers = {
    onNotify: drop,
    onDown: () => {
      trusted = false
      drop()
    },
    onUp: () => {
      trusted = true
      drop()
    },
  }
  const unlisten = await opts.listen(CATALOG_CHANNEL, handlers)

  const cache: CatalogCache = {
    generation: () => generation,
    get(key) {
      if (!trusted) return undefined
      const entry = entries.get(key)
      if (!entry) return undefined
      if (entry.expires <= now()) {
        entries.delete(key)
        return undefined
      }
      return entry.body
    },
    set(key, body, at) {
      if (!trusted || at !== generation) return
      // Maps iterate in insertion order: the first key is the oldest entry.
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string)
      entries.set(key, { body, expires: now() + ttlMs })
    },
    async load(key, compute) {
      const hit = cache.get(key)
      if (hit !== undefined) return { body: hit, source: 'hit' }
      const pending = inFlight.get(key)
      // Joined only within one generation: a request that arrived after a change must not get
      // a body read before it.
      if (trusted && pending?.generation === generation) {
        return { body: await pending.body, source: 'shared' }
      }
      const at = generation
      const body = compute()
      const flight = { generation: at, body }
      if (trusted) inFlight.set(key, flight)
      try {
        const text = await body
        cache.set(key, text, at)
        return { body: text, source: 'miss' }
      } finally {
        if (inFlight.get(key) === flight) inFlight.delete(key)
      }
    },
    size: () => entries.size,
    close: async () => {
      trusted = false
      drop()
      await unlisten()
    },
  }
  return cache
}
