import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { CATALOG_CHANNEL, type CatalogCache } from '../../lib/catalog-cache'

/** setTimeout's longest delay is about 24.8 days; a later change is waited for in steps. */
const MAX_WAIT_MS = 24 * 60 * 60 * 1000

/**
 * Keeps the cached home banners (and the home pages kept with them, decision 047) from outliving
 * the next scheduled start or end (issue 31.3). The banners' answer says when the live set next
 * changes by itself; at that moment, whether or not anyone asks, a catalog change is announced on
 * the channel every process listens to, so every catalog cache and page cache drops what it
 * holds, exactly as when an admin edits a banner. A request that finds the moment passed (the
 * timer not yet run, or the shop's clock moved by a test) announces it before reading.
 */
export interface BannerSchedule {
  /** Remembers the next change the last read of the live banners found (null: none due). */
  track(nextChange: Date | null): void
  /** Before serving the kept answer: announces a change whose moment has come. */
  catchUp(): Promise<void>
  close(): void
}

export function createBannerSchedule(deps: {
  db: Db
  catalogCache: CatalogCache<unknown> | undefined
  now: () => Date
  /** A failed announcement (the database away): the next request's catchUp tries again. */
  onError: (error: unknown) => void
}): BannerSchedule {
  let next: Date | null = null
  let timer: NodeJS.Timeout | undefined

  const due = () => next !== null && deps.now().getTime() >= next.getTime()

  async function announce() {
    await deps.db.execute(sql`SELECT pg_notify(${CATALOG_CHANNEL}, 'banner-schedule')`)
    await deps.catalogCache?.caughtUp()
    next = null
  }

  function arm() {
    clearTimeout(timer)
    timer = undefined
    if (!next) return
    const wait = Math.min(Math.max(next.getTime() - deps.now().getTime(), 0), MAX_WAIT_MS)
    timer = setTimeout(() => {
      timer = undefined
      if (due()) announce().catch(deps.onError)
      else arm()
    }, wait)
    timer.unref()
  }

  return {
    track(nextChange) {
      if (nextChange?.getTime() === next?.getTime()) return
      next = nextChange
      arm()
    },
    async catchUp() {
      if (due()) await announce()
    },
    close() {
      clearTimeout(timer)
      timer = undefined
      next = null
    },
  }
}
