/**
 * A byte-bounded, least-recently-used store whose entries belong to a generation: when the
 * generation moves on (a committed change was heard), everything held is dropped, and a value
 * computed before the move is not stored. The catalog cache (JSON replies) and the page cache
 * (finished HTML) are two of these on one generation counter.
 */
export interface GenerationalLru<V> {
  get(key: string): V | undefined
  /** Stores `value` if `at` is still the current generation and the store is trusted. */
  set(key: string, value: V, at: number): void
  /**
   * The held value, else `compute()`'s. Requests that miss the same key in the same generation
   * share one computation, so a popular entry that was just dropped is computed once, not once
   * per waiting request. `keep` decides whether a computed value is stored (default: always).
   */
  load(
    key: string,
    compute: () => Promise<V>,
    keep?: (value: V) => boolean,
  ): Promise<{ value: V; source: 'hit' | 'miss' | 'shared' }>
  clear(): void
  stats(): LruStats
}

export interface LruStats {
  entries: number
  /** The held entries as counted by `sizeOf`, plus ENTRY_OVERHEAD_BYTES each. */
  bytes: number
  maxBytes: number
  hits: number
  misses: number
  shared: number
  /** Entries dropped to stay within `maxBytes` (not those dropped by a change or the TTL). */
  evictions: number
}

/** The map slot, the entry record and the string headers, roughly, per entry. */
export const ENTRY_OVERHEAD_BYTES = 100

/**
 * A value above this share of the budget is served but not kept: storing it would push out many
 * popular entries for one that may never be asked again.
 */
const MAX_ENTRY_SHARE = 1 / 8

/**
 * The bytes V8 holds for a flat string: one per character while every character is Latin-1,
 * else two per character (the whole string is stored as UTF-16 then).
 */
export function heldBytes(text: string): number {
  // eslint-disable-next-line no-control-regex -- the test is "any character past Latin-1"
  return /[^\u0000-\u00ff]/.test(text) ? text.length * 2 : text.length
}

export function createGenerationalLru<V>(opts: {
  maxBytes: number
  ttlMs: number
  /** The bytes a value holds (the key and the entry overhead are added). */
  sizeOf: (value: V) => number
  /** The current generation; it only grows. */
  generation: () => number
  /** While false (the change feed is down) nothing is served or stored. */
  trusted: () => boolean
  now: () => number
}): GenerationalLru<V> {
  const maxEntryBytes = opts.maxBytes * MAX_ENTRY_SHARE
  // Maps iterate in insertion order; a hit re-inserts its key, so the first key is the least
  // recently used.
  const entries = new Map<string, { value: V; expires: number; bytes: number }>()
  const inFlight = new Map<string, { generation: number; value: Promise<V> }>()
  const counts = { bytes: 0, hits: 0, misses: 0, shared: 0, evictions: 0 }
  let heldGeneration = opts.generation()

  /** Drops what an earlier generation left, so a reader never sees it. */
  const current = () => {
    const generation = opts.generation()
    if (generation !== heldGeneration) {
      heldGeneration = generation
      store.clear()
    }
    return generation
  }
  const remove = (key: string) => {
    const entry = entries.get(key)
    if (!entry) return
    entries.delete(key)
    counts.bytes -= entry.bytes
  }

  const store: GenerationalLru<V> = {
    get(key) {
      current()
      if (!opts.trusted()) return undefined
      const entry = entries.get(key)
      if (!entry) return undefined
      if (entry.expires <= opts.now()) {
        remove(key)
        return undefined
      }
      entries.delete(key)
      entries.set(key, entry)
      return entry.value
    },
    set(key, value, at) {
      if (!opts.trusted() || at !== current()) return
      remove(key)
      const bytes = heldBytes(key) + opts.sizeOf(value) + ENTRY_OVERHEAD_BYTES
      if (bytes > maxEntryBytes) return
      for (const oldest of entries.keys()) {
        if (counts.bytes + bytes <= opts.maxBytes) break
        remove(oldest)
        counts.evictions++
      }
      entries.set(key, { value, expires: opts.now() + opts.ttlMs, bytes })
      counts.bytes += bytes
    },
    async load(key, compute, keep = () => true) {
      const hit = store.get(key)
      if (hit !== undefined) {
        counts.hits++
        return { value: hit, source: 'hit' }
      }
      const at = current()
      const trusted = opts.trusted()
      const pending = inFlight.get(key)
      // Joined only within one generation: a request that arrived after a change must not get
      // a value computed before it.
      if (trusted && pending?.generation === at) {
        counts.shared++
        return { value: await pending.value, source: 'shared' }
      }
      counts.misses++
      const value = compute()
      const flight = { generation: at, value }
      if (trusted) inFlight.set(key, flight)
      try {
        const computed = await value
        if (keep(computed)) store.set(key, computed, at)
        return { value: computed, source: 'miss' }
      } finally {
        if (inFlight.get(key) === flight) inFlight.delete(key)
      }
    },
    clear() {
      entries.clear()
      counts.bytes = 0
    },
    stats: () => ({ entries: entries.size, maxBytes: opts.maxBytes, ...counts }),
  }
  return store
}
