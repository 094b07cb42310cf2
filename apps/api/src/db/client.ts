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

export type Schema = typeof schema
/** The one database type services use, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  migrate(): Promise<void>
  close(): Promise<void>
}

const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../drizzle')

/** PGlite in `dataDir` (embedded default), or a PostgreSQL server pool when a URL is given. */
export async function openDatabase(opts: {
  databaseUrl?: string
  dataDir?: string
  pglite?: PGlite
  /** Told when the server drops an idle pooled connection (PostgreSQL only). */
  onIdleError?: (err: Error) => void
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 })
    // An idle pooled connection can be cut by the server (restart, failover, admin command).
    // pg reports that on the pool; unheard, the event would crash the process. The pool drops
    // the broken client and opens a new one on the next query, so noting it is enough.
    pool.on('error', (err) => opts.onIdleError?.(err))
    const db = drizzlePg(pool, { schema })
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_DIR }),
      close: () => pool.end(),
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
    close: () => pglite.close(),
  }
}
