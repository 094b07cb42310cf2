import type { SessionUser } from '@techbazaar/shared'
import type { Database, Db, Subscription } from '../../db/client'
import { hashToken, readSessionUser } from './sessions'

/** The channel migration 0059's triggers notify, with the account's id, on a session's change. */
export const SESSIONS_CHANNEL = 'sessions_changed'

type SessionUserRow = SessionUser & { sessionId: string }

interface Entry {
  user: SessionUserRow
  expiresAt: Date
  /** When this process stops keeping it (a notification lost in transit is bounded by it). */
  until: number
}

/**
 * The signed-in user of each session token this process saw lately, so a request's auth hook
 * costs no round trip (issue 33.5, decision 100).
 *
 * Kept exact by the database rather than left to expire: every committed change that can end a
 * session or change who it stands for (migration 0059: a session ended or changed; an account's
 * name, email, mobile, role or type; a seller's approval) is announced with the account's id,
 * and every API process drops that account's sessions when it hears it, within milliseconds of
 * the commit. The process that made the change has heard it before it answers (app.ts waits for
 * it on every write), so a signed-out cookie, a password changed elsewhere or a role taken
 * away is refused from the next request on. A session's own expiry is checked on every read.
 * While the LISTEN connection is down, nothing is kept or served: every request reads the
 * database. A read that started before a change and finished after it is not kept.
 *
 * Only sessions the database answered are kept (an unknown token costs a read each time, so
 * guessed tokens cannot fill memory), at most `maxEntries`, oldest first out.
 */
export interface SessionCache {
  find(db: Db, token: string, now: Date): Promise<SessionUserRow | null>
  /** Resolves once every change committed before the call has dropped what it concerns. */
  caughtUp(): Promise<void>
  /** Sessions kept now, and reads answered from memory and from the database since the start. */
  stats(): { entries: number; hits: number; misses: number }
  close(): Promise<void>
}

export async function createSessionCache(opts: {
  listen: Database['listen']
  ttlMs: number
  maxEntries: number
  now?: () => number
}): Promise<SessionCache> {
  const clock = opts.now ?? Date.now
  const byToken = new Map<string, Entry>()
  const byAccount = new Map<string, Set<string>>()
  let trusted = false
  // Moves on every notification: a read that began in an older generation is not kept.
  let generation = 0
  let hits = 0
  let misses = 0

  const forget = (tokenHash: string) => {
    const entry = byToken.get(tokenHash)
    if (!entry) return
    byToken.delete(tokenHash)
    const tokens = byAccount.get(entry.user.id)
    tokens?.delete(tokenHash)
    if (tokens?.size === 0) byAccount.delete(entry.user.id)
  }
  const dropAll = () => {
    generation++
    byToken.clear()
    byAccount.clear()
  }
  const dropAccount = (accountId: string) => {
    generation++
    for (const tokenHash of byAccount.get(accountId) ?? []) forget(tokenHash)
  }

  const subscription: Subscription = await opts.listen(SESSIONS_CHANNEL, {
    onNotify: (payload) => (payload && payload !== '*' ? dropAccount(payload) : dropAll()),
    onDown: () => {
      trusted = false
      dropAll()
    },
    onUp: () => {
      trusted = true
      dropAll()
    },
  })

  const keep = (tokenHash: string, user: SessionUserRow, expiresAt: Date) => {
    // Oldest first out: a Map iterates in insertion order.
    if (byToken.size >= opts.maxEntries) forget(byToken.keys().next().value!)
    byToken.set(tokenHash, { user, expiresAt, until: clock() + opts.ttlMs })
    let tokens = byAccount.get(user.id)
    if (!tokens) byAccount.set(user.id, (tokens = new Set()))
    tokens.add(tokenHash)
  }

  return {
    async find(db, token, now) {
      const tokenHash = hashToken(token)
      const entry = trusted ? byToken.get(tokenHash) : undefined
      if (entry && entry.until > clock()) {
        if (entry.expiresAt > now) {
          hits++
          return entry.user
        }
        forget(tokenHash)
        return null
      }
      if (entry) forget(tokenHash)
      misses++
      const startedIn = generation
      const found = await readSessionUser(db, tokenHash, now)
      // Frozen: one object answers many requests, so none of them may change it for the others.
      if (found && trusted && generation === startedIn) {
        keep(tokenHash, Object.freeze(found.user), found.expiresAt)
      }
      return found?.user ?? null
    },
    caughtUp: () => subscription.caughtUp(),
    stats: () => ({ entries: byToken.size, hits, misses }),
    close: async () => {
      trusted = false
      dropAll()
      await subscription.close()
    },
  }
}
