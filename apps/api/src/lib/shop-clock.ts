/**
 * A clock that a test moves forward (SHOP_CLOCK_CONTROL, never in production): the shop's time is
 * the machine's plus an offset that only grows, so an end-to-end journey can let a return window
 * close without waiting a week. Only forward: the job schedules, leases and sessions written at
 * the later time stay in order. One process only; the offset is not shared between processes.
 */
export interface ShopClock {
  now: () => Date
  /** Moves the clock forward; answers the new time. */
  advance: (ms: number) => Date
}

export function createShopClock(): ShopClock {
  let offsetMs = 0
  const now = () => new Date(Date.now() + offsetMs)
  return {
    now,
    advance: (ms) => {
      offsetMs += Math.max(0, ms)
      return now()
    },
  }
}
