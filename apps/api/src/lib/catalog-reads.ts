import { sql } from 'drizzle-orm'
import type { ChannelHandlers, Db } from '../db/client'
import { AppError } from './errors'

/**
 * Where the public catalog's reads go (listing, facets, filter options, search, product pages,
 * reviews, home banners, sitemaps): the read replica (DATABASE_READ_URL) when it is known to
 * hold every catalog change this process has heard of, else the primary. Everything else
 * (writes, transactions, carts, orders, accounts, back office) never comes here: it uses the
 * primary's `db` as before. docs/decisions/097-catalog-reads-on-a-replica.md
 *
 * The rule, in terms of the catalog change feed (the NOTIFY the catalog cache empties on):
 * - Each event of the feed (a notification, or the feed coming up) is followed by one question
 *   to the primary, `pg_current_wal_insert_lsn()`, asked after the event arrived. NOTIFY is
 *   delivered only after its transaction committed, so that position lies at or past the
 *   change's commit record (the insert position covers it with synchronous_commit off too).
 * - A read uses the replica only when (1) the feed is up, (2) the position after the last event
 *   is known, and (3) the replica's `pg_last_wal_replay_lsn()` has reached it. A replay position
 *   once seen is kept (replay only moves forward), so while the replica keeps up no read asks it
 *   anything; a read that finds it behind asks once (shared by reads at the same moment) and
 *   goes to the primary if it is still behind.
 * - The events are heard before the catalog cache empties (its `observer`), so a reply refilled
 *   after a change is read from the primary until the replica has replayed that change: the
 *   cache stays exact. A write's reply waits for the feed to catch up (app.ts), so its author's
 *   next read goes to the primary or to a replica that has the change.
 * - A replica that fails a read, cannot say how far it is, is not a standby, or does not answer
 *   the check within `checkWaitMs` is rested for `restMs`: reads go to the primary meanwhile,
 *   and a failed read is done again there.
 */
export interface CatalogReads {
  /** Whether a replica was given (DATABASE_READ_URL). */
  readonly replicated: boolean
  /**
   * Runs one public catalog read on the database the rule picks. `work` may run twice (replica,
   * then primary) if the replica fails it with anything but the shop's own answer (AppError).
   */
  read<T>(work: (db: Db) => Promise<T>): Promise<T>
  /**
   * The catalog change feed's events, to be told before anything derived from the catalog is
   * dropped (the catalog cache's observer); undefined without a replica.
   */
  readonly feed: ChannelHandlers | undefined
  stats(): CatalogReadsStats
}

export interface CatalogReadsStats {
  /** Reads the replica answered. */
  replica: number
  /** Reads the primary answered (no replica, replica behind or resting, or failed there). */
  primary: number
  /** Replica reads that failed and were done again on the primary. */
  replicaFailures: number
}

/** A WAL position as PostgreSQL writes it ('16/B374D848'), as a number in WAL order. */
export function walPosition(text: string): bigint {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text)
  if (!match) throw new Error(`not a WAL position: ${text}`)
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`)
}

async function lsnOf(db: Db, query: ReturnType<typeof sql>): Promise<bigint | null> {
  const { rows } = (await db.execute(query)) as unknown as { rows: { lsn: string | null }[] }
  const lsn = rows[0]?.lsn
  return lsn ? walPosition(lsn) : null
}

const NEVER = -1n

export function createCatalogReads(opts: {
  primary: Db
  replica?: Db
  /** The primary's WAL insert position now (default: asked of `primary`). */
  primaryPosition?: () => Promise<bigint>
  /** How far the replica has replayed; null when it is not a standby (default: asked of it). */
  replayedPosition?: () => Promise<bigint | null>
  /** The longest a read waits for the replica's answer before going to the primary. */
  checkWaitMs?: number
  /** How long a replica that failed is left alone. */
  restMs?: number
  now?: () => number
  /** Told once when the replica starts failing (not again until it has answered). */
  onReplicaTrouble?: (problem: unknown) => void
}): CatalogReads {
  const { primary, replica } = opts
  const counts = { replica: 0, primary: 0, replicaFailures: 0 }
  const onPrimary = <T>(work: (db: Db) => Promise<T>) => {
    counts.primary++
    return work(primary)
  }
  if (!replica) {
    return { replicated: false, feed: undefined, read: onPrimary, stats: () => ({ ...counts }) }
  }
  const standby = replica
  const primaryPosition =
    opts.primaryPosition ??
    (async () => {
      const lsn = await lsnOf(primary, sql`SELECT pg_current_wal_insert_lsn()::text AS lsn`)
      if (lsn === null) throw new Error('the primary did not say its WAL position')
      return lsn
    })
  // A promoted or plain server says null here: it is not replaying the primary's changes.
  const replayedPosition =
    opts.replayedPosition ??
    (() =>
      lsnOf(
        standby,
        sql`SELECT CASE WHEN pg_is_in_recovery() THEN pg_last_wal_replay_lsn()::text END AS lsn`,
      ))
  const checkWaitMs = opts.checkWaitMs ?? 500
  const restMs = opts.restMs ?? 5000
  const now = opts.now ?? Date.now

  let listening = false
  /** Events of the feed heard so far, and how many of them `target` covers. */
  let heard = 0
  let covered = 0
  /** The primary's position after the last covered event: the replica must have replayed it. */
  let target = NEVER
  /** The furthest the replica was seen to have replayed. */
  let replayed = NEVER
  let locating = false
  let checking: Promise<void> | undefined
  let restingUntil = 0
  let troubled = false

  const trouble = (problem: unknown) => {
    replayed = NEVER
    restingUntil = now() + restMs
    if (!troubled) opts.onReplicaTrouble?.(problem)
    troubled = true
  }

  /** Asks the primary where its WAL is, for the events heard so far (one question at a time). */
  function locate() {
    if (locating || covered === heard) return
    locating = true
    const upTo = heard
    primaryPosition().then(
      (lsn) => {
        locating = false
        if (lsn > target) target = lsn
        if (upTo > covered) covered = upTo
        locate()
      },
      // The primary is away: reads go there and fail anyway. The next read asks again.
      () => {
        locating = false
      },
    )
  }

  function check(): Promise<void> {
    checking ??= replayedPosition()
      .then(
        (lsn) => {
          if (lsn === null) {
            trouble(new Error('DATABASE_READ_URL is not a standby in recovery'))
            return
          }
          troubled = false
          if (lsn > replayed) replayed = lsn
        },
        (err: unknown) => trouble(err),
      )
      .finally(() => {
        checking = undefined
      })
    return checking
  }

  const current = () => listening && covered === heard && target !== NEVER && replayed >= target

  async function replicaCurrent(): Promise<boolean> {
    if (!listening) return false
    if (covered !== heard) {
      locate()
      return false
    }
    if (current()) return true
    if (now() < restingUntil) return false
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), checkWaitMs)
    })
    const answered = await Promise.race([check().then(() => true), late])
    clearTimeout(timer)
    if (!answered) trouble(new Error(`the replica did not answer within ${checkWaitMs} ms`))
    return current()
  }

  const feed: ChannelHandlers = {
    onNotify: () => {
      heard++
      locate()
    },
    onUp: () => {
      listening = true
      heard++
      locate()
    },
    // Changes may pass unheard until the feed is back: nothing on the replica can be trusted.
    onDown: () => {
      listening = false
    },
  }

  return {
    replicated: true,
    feed,
    async read(work) {
      if (!(await replicaCurrent())) return onPrimary(work)
      try {
        const result = await work(standby)
        counts.replica++
        return result
      } catch (err) {
        // The shop's own answer (404, 410) is the same on either server.
        if (err instanceof AppError) {
          counts.replica++
          throw err
        }
        counts.replicaFailures++
        trouble(err)
        return onPrimary(work)
      }
    },
    stats: () => ({ ...counts }),
  }
}
