import { Redis } from 'ioredis'
import { afterAll, describe, expect, it } from 'vitest'
import { createCounters, createMemoryCounters, type Counters } from './counters'

function behavesLikeAWindowCounter(make: (now: () => number) => Counters, prefix: string) {
  it('counts hits in a window and resets after it', async () => {
    let now = 1_000_000
    const counters = make(() => now)
    const key = `${prefix}-${crypto.randomUUID()}`
    expect((await counters.hit(key, 60)).count).toBe(1)
    const second = await counters.hit(key, 60)
    expect(second.count).toBe(2)
    expect(second.resetSeconds).toBeGreaterThan(0)
    expect(second.resetSeconds).toBeLessThanOrEqual(60)
    expect((await counters.peek(key)).count).toBe(2)
    await counters.clear(key)
    expect((await counters.peek(key)).count).toBe(0)
    now += 61_000
  })

  it('gives each of many simultaneous hits its own count', async () => {
    const counters = make(Date.now)
    const key = `${prefix}-${crypto.randomUUID()}`
    const hits = await Promise.all(Array.from({ length: 300 }, () => counters.hit(key, 60)))
    const counts = hits.map((h) => h.count).sort((a, b) => a - b)
    expect(counts).toEqual(Array.from({ length: 300 }, (_, i) => i + 1))
    for (const h of hits) expect(h.resetSeconds).toBeGreaterThan(0)
  })

  it('gives a hit back, never below zero and never into a window that is gone', async () => {
    let now = 5_000_000
    const counters = make(() => now)
    const key = `${prefix}-${crypto.randomUUID()}`
    await counters.hit(key, 60)
    await counters.hit(key, 60)
    await counters.giveBack(key)
    expect((await counters.peek(key)).count).toBe(1)
    await Promise.all([counters.giveBack(key), counters.giveBack(key), counters.giveBack(key)])
    expect((await counters.peek(key)).count).toBe(0)
    expect((await counters.hit(key, 60)).count).toBe(1)
    const absent = `${prefix}-${crypto.randomUUID()}`
    await counters.giveBack(absent)
    expect((await counters.hit(absent, 60)).count).toBe(1)
    now += 61_000
  })
}

describe('in-memory counters', () => {
  behavesLikeAWindowCounter((now) => createCounters(undefined, now), 'mem')

  it('forgets a window once its time has passed', async () => {
    let now = 0
    const counters = createCounters(undefined, () => now)
    await counters.hit('k', 10)
    now += 10_001
    expect((await counters.peek('k')).count).toBe(0)
    expect((await counters.hit('k', 10)).count).toBe(1)
  })

  it('does not stretch a window by hitting it, nor revive it by giving back', async () => {
    let now = 0
    const counters = createCounters(undefined, () => now)
    await counters.hit('k', 10)
    now += 9_000
    expect((await counters.hit('k', 10)).resetSeconds).toBe(1)
    now += 1_001
    await counters.giveBack('k')
    expect((await counters.peek('k')).count).toBe(0)
  })

  it('holds a bounded number of keys however many distinct ones clients send', async () => {
    const now = 0
    const counters = createMemoryCounters(() => now, 1_000)
    await counters.hit('victim', 60)
    await counters.hit('victim', 60)
    for (let i = 0; i < 10_000; i += 1) {
      await counters.hit(`login-fail:acct:guess-${i}@example.in`, 60)
      expect(counters.size()).toBeLessThanOrEqual(1_000)
    }
    // The sweep is amortised: it left room, so the last 10% of keys did not each pay for one.
    expect(counters.size()).toBeGreaterThan(900)
    // A key hit within the bound keeps counting.
    const recent = 'login-fail:acct:guess-9999@example.in'
    expect((await counters.hit(recent, 60)).count).toBe(2)
  })

  it('drops expired windows before live ones when it must make room', async () => {
    let now = 0
    const counters = createMemoryCounters(() => now, 100)
    for (let i = 0; i < 60; i += 1) await counters.hit(`old-${i}`, 1)
    now += 2_000
    for (let i = 0; i < 40; i += 1) await counters.hit(`live-${i}`, 60)
    await counters.hit('one-more', 60)
    expect(counters.size()).toBe(41)
    expect((await counters.peek('live-0')).count).toBe(1)
  })
})

// Runs where a Redis server is given (CI sets TEST_REDIS_URL to the machine's Redis).
describe.runIf(process.env.TEST_REDIS_URL)('Redis counters', () => {
  const redis = new Redis(process.env.TEST_REDIS_URL ?? '', { lazyConnect: true })
  afterAll(() => redis.quit())

  behavesLikeAWindowCounter(() => createCounters(redis), 'redis')

  it('shares one count between two processes', async () => {
    const other = new Redis(process.env.TEST_REDIS_URL ?? '')
    const key = `shared-${crypto.randomUUID()}`
    await createCounters(redis).hit(key, 60)
    expect((await createCounters(other).hit(key, 60)).count).toBe(2)
    await other.quit()
  })

  it('sets the expiry in the same step as the count, so a failed EXPIRE cannot leave a key forever', async () => {
    // A connection whose separate EXPIRE commands fail (as when the link drops between two
    // commands): a counter made in two steps would keep its key without an expiry.
    const flaky = new Proxy(redis, {
      get(target, property, receiver) {
        if (property === 'expire' || property === 'pexpire') {
          return () => Promise.reject(new Error('connection lost'))
        }
        const value: unknown = Reflect.get(target, property, receiver)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
    const key = `flaky-${crypto.randomUUID()}`
    await createCounters(flaky)
      .hit(key, 60)
      .catch(() => undefined)
    const ttl = await redis.pttl(`tb-count:${key}`)
    expect(ttl).toBeGreaterThan(0)
    expect(ttl).toBeLessThanOrEqual(60_000)
  })

  it('gives a key left without an expiry by an older version one at the next hit', async () => {
    const key = `legacy-${crypto.randomUUID()}`
    await redis.set(`tb-count:${key}`, '7')
    const hit = await createCounters(redis).hit(key, 60)
    expect(hit.count).toBe(8)
    expect(hit.resetSeconds).toBe(60)
    expect(await redis.ttl(`tb-count:${key}`)).toBeGreaterThan(0)
  })

  it('gives back without creating a key or touching its expiry', async () => {
    const counters = createCounters(redis)
    const absent = `absent-${crypto.randomUUID()}`
    await counters.giveBack(absent)
    expect(await redis.exists(`tb-count:${absent}`)).toBe(0)
    const key = `kept-${crypto.randomUUID()}`
    await counters.hit(key, 60)
    await counters.hit(key, 60)
    await counters.giveBack(key)
    expect(await redis.pttl(`tb-count:${key}`)).toBeGreaterThan(0)
  })
})
