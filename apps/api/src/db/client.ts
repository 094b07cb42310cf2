import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import * as schema from './schema'
import { coalesced } from '../lib/coalesced'

export type Schema = typeof schema
/** The one database type services use, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** What a LISTEN subscriber is told. */
export interface ChannelHandlers {
  /** A NOTIFY arrived on the channel (after its transaction committed), with its payload. */
  onNotify(payload?: string): void
  /**
   * The listening connection broke (PostgreSQL only): notifications may be missed until
   * `onUp`, so a subscriber must not trust what it derived from them in between.
   */
  onDown?(): void
  /** Listening (again). */
  onUp?(): void
}

/** A LISTEN in place. */
export interface Subscription {
  close(): Promise<void>
  /**
   * Resolves once every notification committed before the call has been handed to the
   * subscriber (PostgreSQL: one round trip on the listening connection, which the server
   * answers only after delivering what is pending; PGlite delivers before a write returns).
   */
  caughtUp(): Promise<void>
}

export interface Database {
  db: Db
  /**
   * A pool on the read replica (DATABASE_READ_URL), for the public catalog's reads only; absent
   * without one. Which reads may use it, and when, is lib/catalog-reads.ts's rule (decision 097).
   */
  readDb?: Db
  kind: 'pglite' | 'postgres'
  migrate(): Promise<void>
  /** LISTENs on `channel`. */
  listen(channel: string, handlers: ChannelHandlers): Promise<Subscription>
  close(): Promise<void>
}

const REPLICA_CONNECT_TIMEOUT_MS = 2000

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../drizzle')

/** PGlite in `dataDir` (embedded default), or a PostgreSQL server pool when a URL is given. */
export async function openDatabase(opts: {
  databaseUrl?: string
  /**
   * PostgreSQL itself, when `databaseUrl` is a pooler in transaction mode: migrations and LISTEN
   * need a session that stays theirs. Default: `databaseUrl`.
   */
  directUrl?: string
  /** The pool's size (default 10); the replica's pool has as many. */
  poolMax?: number
  /** A streaming standby of `databaseUrl`'s server, for catalog reads (PostgreSQL only). */
  readUrl?: string
  dataDir?: string
  pglite?: PGlite
  /** Told when the server drops an idle pooled connection (PostgreSQL only). */
  onIdleError?: (err: Error) => void
}): Promise<Database> {
  const databaseUrl = opts.databaseUrl
  if (databaseUrl) {
    const directUrl = opts.directUrl ?? databaseUrl
    // No named prepared statements (drizzle names none unless asked), so a pooler in transaction
    // mode can hand each transaction to any server connection.
    const pool = new pg.Pool({ connectionString: databaseUrl, max: opts.poolMax ?? 10 })
    // An idle pooled connection can be cut by the server (restart, failover, admin command).
    // pg reports that on the pool; unheard, the event would crash the process. The pool drops
    // the broken client and opens a new one on the next query, so noting it is enough.
    pool.on('error', (err) => opts.onIdleError?.(err))
    const db = drizzlePg(pool, { schema })
    const readPool = opts.readUrl
      ? new pg.Pool({
          connectionString: opts.readUrl,
          max: opts.poolMax ?? 10,
          // An unreachable replica fails a read (which is then done on the primary) instead of
          // holding it until the operating system gives up on the connection.
          connectionTimeoutMillis: REPLICA_CONNECT_TIMEOUT_MS,
        })
      : undefined
    readPool?.on('error', (err) => opts.onIdleError?.(err))
    return {
      db: db as unknown as Db,
      readDb: readPool ? (drizzlePg(readPool, { schema }) as unknown as Db) : undefined,
      kind: 'postgres',
      migrate: () =>
        directUrl === databaseUrl
          ? migratePg(db, { migrationsFolder: MIGRATIONS_DIR })
          : migrateDirect(directUrl),
      listen: (channel, handlers) => listenPg(directUrl, channel, handlers),
      close: async () => {
        await Promise.all([pool.end(), readPool?.end()])
      },
    }
  }
  let client = opts.pglite
  if (!client) {
    if (opts.dataDir) mkdirSync(path.dirname(opts.dataDir), { recursive: true })
    client = await PGlite.create({ dataDir: opts.dataDir, extensions: { pg_trgm } })
  }
  const pglite = client
  const db = drizzlePglite(pglite, { schema })
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    listen: async (channel, handlers) => {
      const unlisten = await pglite.listen(channel, (payload) => handlers.onNotify(payload))
      handlers.onUp?.()
      return { close: unlisten, caughtUp: async () => {} }
    },
    close: () => pglite.close(),
  }
}

/** Migrates through a connection of its own to PostgreSQL itself (not the pooler). */
async function migrateDirect(connectionString: string) {
  const client = new pg.Client({ connectionString })
  await client.connect()
  try {
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR })
  } finally {
    await client.end()
  }
}

const RECONNECT_MS = 1000

/**
 * LISTEN needs a connection of its own (a pooled one goes back to the pool). When it breaks,
 * the subscriber hears `onDown` at once and a new connection is tried every second until it
 * listens again (`onUp`).
 */
async function listenPg(
  connectionString: string,
  channel: string,
  handlers: ChannelHandlers,
): Promise<Subscription> {
  let client: pg.Client | undefined
  let stopped = false
  let retry: NodeJS.Timeout | undefined
  const identifier = `"${channel.replaceAll('"', '""')}"`

  const connect = async () => {
    // Named in pg_stat_activity, so an operator (and a test) can tell what it listens to.
    const next = new pg.Client({ connectionString, application_name: `listen ${channel}` })
    const lost = () => {
      if (client !== next) return
      client = undefined
      next.end().catch(() => {})
      handlers.onDown?.()
      if (!stopped) retry = setTimeout(() => void connect(), RECONNECT_MS)
    }
    next.on('error', lost)
    next.on('end', lost)
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? '')
    })
    try {
      client = next
      await next.connect()
      await next.query(`LISTEN ${identifier}`)
      if (client === next) handlers.onUp?.()
    } catch {
      lost()
    }
  }

  await connect()
  return {
    close: async () => {
      stopped = true
      clearTimeout(retry)
      const last = client
      client = undefined
      await last?.end().catch(() => {})
    },
    // While the connection is down there is nothing to catch up with (onDown stopped trust).
    // Writes finishing together share a round trip that started after each of them asked.
    caughtUp: coalesced(async () => {
      await client?.query('SELECT 1').catch(() => {})
    }),
  }
}
