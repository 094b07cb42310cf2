import type { Redis } from 'ioredis'

/**
 * Counts events in a fixed window per key (failed sign-ins, OTP sends), shared through Redis
 * when configured so several API processes agree, else in process memory.
 */
export interface Counters {
  /** Adds one and answers the count in the current window and the seconds until it resets. */
  hit(key: string, windowSeconds: number): Promise<{ count: number; resetSeconds: number }>
  peek(key: string): Promise<{ count: number; resetSeconds: number }>
  clear(key: string): Promise<void>
}

export function createCounters(redis?: Redis, now: () => number = Date.now): Counters {
  if (redis) {
    const prefix = 'tb-count:'
    return {
      async hit(key, windowSeconds) {
        const k = prefix + key
        const [[, count], [, ttl]] = (await redis.multi().incr(k).ttl(k).exec()) as [
          [null, number],
          [null, number],
        ]
        let resetSeconds = ttl
        if (ttl < 0) {
          await redis.expire(k, windowSeconds)
          resetSeconds = windowSeconds
        }
        return { count, resetSeconds }
      },
      async peek(key) {
        const k = prefix + key
        const [count, ttl] = await Promise.all([redis.get(k), redis.ttl(k)])
        return { count: Number(count ?? 0), resetSeconds: Math.max(ttl, 0) }
      },
      async clear(key) {
        await redis.del(prefix + key)
      },
    }
  }
  const windows = new Map<string, { count: number; resetAt: number }>()
  const current = (key: string) => {
    const entry = windows.get(key)
    if (entry && entry.resetAt <= now()) {
      windows.delete(key)
      return undefined
    }
    return entry
  }
  return {
    async hit(key, windowSeconds) {
      // Drop stale windows now and then so the map cannot grow without bound.
      if (windows.size > 10_000) for (const k of [...windows.keys()]) current(k)
      const entry = current(key) ?? { count: 0, resetAt: now() + windowSeconds * 1000 }
      entry.count += 1
      windows.set(key, entry)
      return { count: entry.count, resetSeconds: Math.ceil((entry.resetAt - now()) / 1000) }
    },
    async peek(key) {
      const entry = current(key)
      return entry
        ? { count: entry.count, resetSeconds: Math.ceil((entry.resetAt - now()) / 1000) }
        : { count: 0, resetSeconds: 0 }
    },
    async clear(key) {
      windows.delete(key)
    },
  }
}
