/** A clock tests can move: `deps.now` reads it. */
export function createClock(start = new Date('2026-11-22T10:00:00Z')) {
  let current = start.getTime()
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms
    },
  }
}
