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
 * connection is down nothing is served from or stored in the cache. The TTL only bounds how long
 * a rarely asked page is kept and covers a notification lost in transit.
 *
 * Its memory is bounded in bytes, not entries: the keys come from anonymous URLs, and a count
 * bound lets a few thousand large pages hold gigabytes. The least recently used entries go first.
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

export interface CatalogCacheStats {
  entries: number
  /** The held keys and bodies as counted by `heldBytes`, plus ENTRY_OVERHEAD_BYTES each. */
  bytes: number
  maxBytes: number
  hits: number
  misses: number
  shared: number
  /** Entries dropped to stay within `maxBytes` (not those dropped by a change or the TTL). */
  evictions: number
}

/**
 * The bytes V8 holds for a flat string: one per character while every character is Latin-1,
 * else two per character (the whole string is stored as UTF-16 then).
 */
export function heldBytes(text: string): number {
  // eslint-disable-next-line no-control-regex -- the test is "any character past Latin-1"
  return /[^\u0000-\u00ff]/.test(text) ? text.length * 2 : text.length
}

/** The map slot, the entry record and the two string headers, roughly, per entry. */
export const ENTRY_OVERHEAD_BYTES = 100

/**
 * A reply above this share of the budget is served but not kept: storing it would push out many
 * popular pages for one that may never be asked again.
 */
const MAX_ENTRY_SHARE = 1 / 8

export async function createCatalogCache(opts: {
  ttlSeconds: number
  maxBytes: number
  listen: Database['listen']
  now?: () => number
}): Promise<CatalogCache> {
  const now = opts.now ?? Date.now
  const ttlMs = opts.ttlSeconds * 1000
  const maxEntryBytes = opts.maxBytes * MAX_ENTRY_SHARE
  // Maps iterate in insertion order; a hit re-inserts its key, so the first key is the least
  // recently used.
  const entries = new Map<string, { body: string; expires: number; bytes: number }>()
  const inFlight = new Map<string, { generation: number; body: Promise<string> }>()
  const counts = { bytes: 0, hits: 0, misses: 0, shared: 0, evictions: 0 }
  let generation = 0
  let trusted = false

  const remove = (key: string) => {
    const entry = entries.get(key)
    if (!entry) return
    entries.delete(key)
    counts.bytes -= entry.bytes
  }
  const drop = () => {
    generation++
    entries.clear()
    counts.bytes = 0
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
  const subscription = await opts.listen(CATALOG_CHANNEL, handlers)

  const cache: CatalogCache = {
    generation: () => generation,
    get(key) {
      if (!trusted) return undefined
      const entry = entries.get(key)
      if (!entry) return undefined
      if (entry.expires <= now()) {
        remove(key)
        return undefined
      }
      entries.delete(key)
      entries.set(key, entry)
      return entry.body
    },
    set(key, body, at) {
      if (!trusted || at !== generation) return
      remove(key)
      const bytes = heldBytes(key) + heldBytes(body) + ENTRY_OVERHEAD_BYTES
      if (bytes > maxEntryBytes) return
      for (const oldest of entries.keys()) {
        if (counts.bytes + bytes <= opts.maxBytes) break
        remove(oldest)
        counts.evictions++
      }
      entries.set(key, { body, expires: now() + ttlMs, bytes })
      counts.bytes += bytes
    },
    async load(key, compute) {
      const hit = cache.get(key)
      if (hit !== undefined) {
        counts.hits++
        return { body: hit, source: 'hit' }
      }
      const pending = inFlight.get(key)
      // Joined only within one generation: a request that arrived after a change must not get
      // a body read before it.
      if (trusted && pending?.generation === generation) {
        counts.shared++
        return { body: await pending.body, source: 'shared' }
      }
      counts.misses++
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
    caughtUp: () => subscription.caughtUp(),
    stats: () => ({ entries: entries.size, maxBytes: opts.maxBytes, ...counts }),
    close: async () => {
      trusted = false
      drop()
      await subscription.close()
    },
  }
  return cache
}
