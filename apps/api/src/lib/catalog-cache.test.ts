import { describe, expect, it } from 'vitest'
import type { ChannelHandlers, Database } from '../db/client'
import {
  CATALOG_CHANNEL,
  createCatalogCache,
  ENTRY_OVERHEAD_BYTES,
  heldBytes,
  type CatalogCache,
} from './catalog-cache'

/** A LISTEN whose connection the test drives. */
function fakeChannel() {
  let handlers: ChannelHandlers | undefined
  const listen: Database['listen'] = async (channel, h) => {
    expect(channel).toBe(CATALOG_CHANNEL)
    handlers = h
    h.onUp?.()
    return {
      close: async () => {
        handlers = undefined
      },
      caughtUp: async () => {},
    }
  }
  return {
    listen,
    notify: () => handlers?.onNotify(),
    down: () => handlers?.onDown?.(),
    up: () => handlers?.onUp?.(),
    subscribed: () => handlers !== undefined,
  }
}

const MB = 1024 * 1024

describe('listing cache', () => {
  it('keeps a page until a catalog change is announced', async () => {
    const channel = fakeChannel()
    const cache = await createCatalogCache({ ttlSeconds: 60, maxBytes: MB, listen: channel.listen })
    cache.set('a', '{"page":1}', cache.generation())
    expect(cache.get('a')).toBe('{"page":1}')
    channel.notify()
    expect(cache.get('a')).toBeUndefined()
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 })
  })

  it('does not store a page read before a change that committed meanwhile', async () => {
    const channel = fakeChannel()
    const cache = await createCatalogCache({ ttlSeconds: 60, maxBytes: MB, listen: channel.listen })
    const before = cache.generation()
    channel.notify() // the change commits while the page is being read
    cache.set('a', 'stale', before)
    expect(cache.get('a')).toBeUndefined()
  })

  it('serves and stores nothing while the LISTEN connection is down', async () => {
    const channel = fakeChannel()
    const cache = await createCatalogCache({ ttlSeconds: 60, maxBytes: MB, listen: channel.listen })
    cache.set('a', 'kept', cache.generation())
    channel.down()
    expect(cache.get('a')).toBeUndefined()
    cache.set('b', 'unsafe', cache.generation())
    expect(cache.get('b')).toBeUndefined()
    channel.up()
    cache.set('c', 'fresh', cache.generation())
    expect(cache.get('c')).toBe('fresh')
  })

  it('forgets pages after the TTL and unsubscribes on close', async () => {
    const channel = fakeChannel()
    let clock = 1_000
    const cache = await createCatalogCache({
      ttlSeconds: 10,
      maxBytes: MB,
      listen: channel.listen,
      now: () => clock,
    })
    cache.set('a', 'page', cache.generation())
    clock += 9_999
    expect(cache.get('a')).toBe('page')
    clock += 1
    expect(cache.get('a')).toBeUndefined()
    await cache.close()
    expect(channel.subscribed()).toBe(false)
  })
})

describe('catalog cache loads', () => {
  it('computes a missed key once for every request waiting on it', async () => {
    const channel = fakeChannel()
    const cache = await createCatalogCache({ ttlSeconds: 60, maxBytes: MB, listen: channel.listen })
    let computed = 0
    let release: (body: string) => void = () => {}
    const compute = () => {
      computed++
      return new Promise<string>((resolve) => (release = resolve))
    }
    const loads = [cache.load('a', compute), cache.load('a', compute), cache.load('a', compute)]
    release('page')
    const answers = await Promise.all(loads)
    expect(computed).toBe(1)
    expect(answers.map((a) => a.source)).toEqual(['miss', 'shared', 'shared'])
    expect(answers.every((a) => a.body === 'page')).toBe(true)
    expect(await cache.load('a', compute)).toEqual({ body: 'page', source: 'hit' })
  })

  it('does not hand a body read before a change to a request that came after it', async () => {
    const channel = fakeChannel()
    const cache = await createCatalogCache({ ttlSeconds: 60, maxBytes: MB, listen: channel.listen })
    const releases: ((body: string) => void)[] = []
    const compute = () => new Promise<string>((resolve) => releases.push(resolve))
    const before = cache.load('a', compute)
    channel.notify()
    const after = cache.load('a', compute)
    expect(releases).toHaveLength(2)
    releases[0]?.('old')
    releases[1]?.('new')
    expect((await before).body).toBe('old')
    expect(await after).toEqual({ body: 'new', source: 'miss' })
    expect(cache.get('a')).toBe('new')
  })
})

describe('catalog cache memory budget', () => {
  const KB = 1024
  const open = (maxBytes: number, now?: () => number) =>
    createCatalogCache({ ttlSeconds: 60, maxBytes, listen: fakeChannel().listen, now })
  const put = (cache: CatalogCache, key: string, body: string) =>
    cache.set(key, body, cache.generation())
  /** What an entry costs against the budget. */
  const cost = (key: string, body: string) =>
    heldBytes(key) + heldBytes(body) + ENTRY_OVERHEAD_BYTES

  it('counts the text as this process holds it: one byte a character, two past Latin-1', () => {
    expect(heldBytes('')).toBe(0)
    expect(heldBytes('{"title":"Café"}')).toBe(16)
    expect(heldBytes('{"price":"₹10"}')).toBe(30)
  })

  it('counts the key and the body of every entry, and gives them back when they go', async () => {
    const cache = await open(MB)
    put(cache, 'a', 'x'.repeat(1000))
    put(cache, 'key-b', '₹'.repeat(10))
    expect(cache.stats()).toMatchObject({
      entries: 2,
      bytes: cost('a', 'x'.repeat(1000)) + cost('key-b', '₹'.repeat(10)),
      maxBytes: MB,
    })
    // Storing a key again replaces its entry and its size.
    put(cache, 'a', 'short')
    expect(cache.stats().bytes).toBe(cost('a', 'short') + cost('key-b', '₹'.repeat(10)))
  })

  it('evicts the least recently used entries to stay within its bytes, whatever their count', async () => {
    const body = 'x'.repeat(400)
    const keys = Array.from({ length: 20 }, (_, i) => `k${i}`)
    const full = keys.reduce((sum, key) => sum + cost(key, body), 0)
    // Room for the twenty entries and less than one more.
    const budget = full + 50
    const cache = await open(budget)
    for (const key of keys) put(cache, key, body)
    expect(cache.stats()).toMatchObject({ entries: 20, bytes: full, evictions: 0 })
    expect(cache.get('k0')).toBe(body) // k0 is now the most recently used; k1 the least
    put(cache, 'k20', body)
    expect(cache.get('k1')).toBeUndefined()
    expect(cache.get('k0')).toBe(body)
    expect(cache.get('k20')).toBe(body)
    expect(cache.stats()).toMatchObject({ entries: 20, evictions: 1 })
    // One bigger entry (within an eighth of the budget) pushes out as many as it needs.
    put(cache, 'big', 'y'.repeat(1100))
    const stats = cache.stats()
    expect(stats.bytes).toBeLessThanOrEqual(budget)
    expect(stats).toMatchObject({ entries: 18, evictions: 4 })
    expect(['k2', 'k3', 'k4'].map((k) => cache.get(k))).toEqual([undefined, undefined, undefined])
    expect(cache.get('k5')).toBe(body)
    expect(cache.get('big')).toBe('y'.repeat(1100))
  })

  it('never holds more than its budget, for 10,000 distinct keys of any size', async () => {
    const budget = 256 * KB
    const cache = await open(budget)
    for (let i = 0; i < 10_000; i++) {
      const key = JSON.stringify([null, ['brand', String(i)], i % 300_000, 'price-lowtohigh'])
      put(cache, key, '{"success":true,"data":[]}' + '₹'.repeat(i % 700))
      expect(cache.stats().bytes).toBeLessThanOrEqual(budget)
    }
    const stats = cache.stats()
    expect(stats.entries).toBeGreaterThan(100)
    expect(stats.evictions).toBe(10_000 - stats.entries)
  })

  it('does not store a reply bigger than an eighth of the budget, nor evict for it', async () => {
    const budget = 64 * KB
    const cache = await open(budget)
    put(cache, 'small', 'x'.repeat(100))
    put(cache, 'huge', 'x'.repeat(budget / 8))
    expect(cache.get('huge')).toBeUndefined()
    expect(cache.get('small')).toBe('x'.repeat(100))
    expect(cache.stats()).toMatchObject({ entries: 1, evictions: 0 })
  })

  it('frees an expired entry when it is asked for, and everything at a catalog change', async () => {
    let clock = 0
    const channel = fakeChannel()
    const cache = await createCatalogCache({
      ttlSeconds: 1,
      maxBytes: MB,
      listen: channel.listen,
      now: () => clock,
    })
    put(cache, 'a', 'page')
    put(cache, 'b', 'page')
    clock += 1000
    expect(cache.get('a')).toBeUndefined()
    expect(cache.stats()).toMatchObject({ entries: 1, bytes: cost('b', 'page') })
    channel.notify()
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 })
  })

  it('counts hits, misses and shared loads', async () => {
    const cache = await open(MB)
    const compute = async () => 'page'
    await cache.load('a', compute)
    await cache.load('a', compute)
    await cache.load('a', compute)
    await Promise.all([cache.load('b', compute), cache.load('b', compute)])
    expect(cache.stats()).toMatchObject({ hits: 2, misses: 2, shared: 1 })
  })
})
