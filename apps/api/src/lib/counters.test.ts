import { Redis } from 'ioredis'
import { afterAll, describe, expect, it } from 'vitest'
import { createCounters, type Counters } from './counters'

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
})
