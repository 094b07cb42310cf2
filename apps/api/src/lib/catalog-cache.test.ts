import { describe, expect, it } from 'vitest'
import type { ChannelHandlers, Database } from '../db/client'
import { CATALOG_CHANNEL, createCatalogCache } from './catalog-cache'

/** A LISTEN whose connection the test drives. */
function fakeChannel() {
  let handlers: ChannelHandlers | undefined
  const listen: Database['listen'] = async (channel, h) => {
    expect(channel).toBe(CATALOG_CHANNEL)
    handlers = h
    h.onUp?.()
    return async () => {
      handlers = undefined
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

describe('listing cache', () => {
  it('keeps a page until a catalog change is announced', async () => {
    const channel = fakeChannel()
    const cache = await createCatalogCache({ ttlSeconds: 60, listen: channel.listen })
    cache.set('a', '{"page":1}', cache.generation())
    expect(cache.get('a')).toBe('{"page":1}')
    channel.notify()
    expect(cache.get('a')).toBeUndefined()
    expect(cache.size()).toBe(0)
  })

  it('does not store a page read before a change that committed meanwhile', async () => {
    const channel = fakeChannel()
    const cache = await createCatalogCache({ ttlSeconds: 60, listen: channel.listen })
    const before = cache.generation()
    channel.notify() // the change commits while the page is being read
    cache.set('a', 'stale', before)
    expect(cache.get('a')).toBeUndefined()
  })

  it('serves and stores nothing while the LISTEN connection is down', async () => {
    const channel = fakeChannel()
    const cache = await createCatalogCache({ ttlSeconds: 60, listen: channel.listen })
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
    const cache = await createCatalogCache({ ttlSeconds: 60, listen: channel.listen })
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
    const cache = await createCatalogCache({ ttlSeconds: 60, listen: channel.listen })
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
