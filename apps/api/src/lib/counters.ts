import type { Redis } from 'ioredis'

/**
 * Counts events in a fixed window per key (sign-in attempts, OTP sends), shared through Redis
 * when configured so several API processes agree, else in process memory. Every operation is
 * one atomic step, so simultaneous requests each get their own count.
 */
export interface Counters {
  /**
   * Adds one and answers the count in the current window and the seconds until it resets. The
   * first hit starts the window; later hits never stretch it.
   */
  hit(key: string, windowSeconds: number): Promise<{ count: number; resetSeconds: number }>
  /**
   * Takes one hit back (an attempt that turned out not to count). Never goes below zero and never
   * creates or revives a window that is gone.
   */
  giveBack(key: string): Promise<void>
  peek(key: string): Promise<{ count: number; resetSeconds: number }>
  clear(key: string): Promise<void>
}

/**
 * INCR and the expiry in one script: two commands could leave a key without expiry when the
 * second one fails, and that counter would then lock its account for good. PEXPIRE is set when
 * the key is new, and also on a key an older version left without one.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`

/** DECR keeps the key's expiry; a missing key (window over) stays missing. */
const GIVE_BACK_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0
`

/** The scripts as ioredis commands (EVALSHA, loading the script when Redis does not know it). */
interface CounterCommands {
  tbCounterHit(key: string, windowMs: number): Promise<[number, number]>
  tbCounterGiveBack(key: string): Promise<number>
}

function counterCommands(redis: Redis): CounterCommands {
  redis.defineCommand('tbCounterHit', { numberOfKeys: 1, lua: HIT_SCRIPT })
  redis.defineCommand('tbCounterGiveBack', { numberOfKeys: 1, lua: GIVE_BACK_SCRIPT })
  // defineCommand adds the methods at run time; ioredis cannot type them.
  return redis as unknown as CounterCommands
}

export function createCounters(redis?: Redis, now: () => number = Date.now): Counters {
  if (redis) {
    const prefix = 'tb-count:'
    const commands = counterCommands(redis)
    return {
      async hit(key, windowSeconds) {
        const [count, ttlMs] = await commands.tbCounterHit(prefix + key, windowSeconds * 1000)
        return { count, resetSeconds: Math.ceil(ttlMs / 1000) }
      },
      async giveBack(key) {
        await commands.tbCounterGiveBack(prefix + key)
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
  return createMemoryCounters(now)
}

/** Keys the in-process counters hold at most (one key costs about 150 bytes). */
export const MEMORY_COUNTER_KEYS = 100_000

/**
 * The in-process counters, for one API process. Keys come from clients (emails, addresses), so
 * the map is bounded: past `maxKeys` the expired windows go, and if that is not enough the
 * oldest windows (first to expire) go too, down to 90% so that the sweep runs once per 10% of
 * new keys, not at every hit. Evicting a live window forgets a few counts under a flood of
 * distinct keys; a shop open to the internet shares its counters through Redis, which has no
 * such bound.
 */
export function createMemoryCounters(
  now: () => number = Date.now,
  maxKeys = MEMORY_COUNTER_KEYS,
): Counters & { size(): number } {
  // One process, one thread: each call below reads and writes without awaiting in between, so
  // it is as atomic as the Redis scripts.
  const windows = new Map<string, { count: number; resetAt: number }>()
  const makeRoom = () => {
    for (const [key, entry] of windows) if (entry.resetAt <= now()) windows.delete(key)
    const keep = Math.floor(maxKeys * 0.9)
    for (const key of windows.keys()) {
      if (windows.size <= keep) break
      windows.delete(key)
    }
  }
  const current = (key: string) => {
    const entry = windows.get(key)
    if (entry && entry.resetAt <= now()) {
      windows.delete(key)
      return undefined
    }
    return entry
  }
  const secondsLeft = (entry: { resetAt: number }) => Math.ceil((entry.resetAt - now()) / 1000)
  return {
    async hit(key, windowSeconds) {
      const existing = current(key)
      if (!existing && windows.size >= maxKeys) makeRoom()
      const entry = existing ?? { count: 0, resetAt: now() + windowSeconds * 1000 }
      entry.count += 1
      windows.set(key, entry)
      return { count: entry.count, resetSeconds: secondsLeft(entry) }
    },
    async giveBack(key) {
      const entry = current(key)
      if (entry && entry.count > 0) entry.count -= 1
    },
    async peek(key) {
      const entry = current(key)
      return entry
        ? { count: entry.count, resetSeconds: secondsLeft(entry) }
        : { count: 0, resetSeconds: 0 }
    },
    async clear(key) {
      windows.delete(key)
    },
    size: () => windows.size,
  }
}
