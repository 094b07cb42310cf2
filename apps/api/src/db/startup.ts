import { sql } from 'drizzle-orm'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import pg from 'pg'
import { MIGRATIONS_DIR, type Db } from './client'

/** Any fixed number works: advisory locks are per database, and this is the only one we take. */
const STARTUP_LOCK = 7_470_137

/**
 * Makes API processes starting together take turns at migrating and seeding: two runs of the
 * migrator would both apply the same migrations, and two seeds would both find no users. The
 * lock is held by a connection of its own and released when the caller says, or when the
 * process dies (the server drops the session's locks with its connection). PGlite belongs to
 * one process, so there is nothing to wait for.
 */
export async function acquireStartupLock(
  databaseUrl: string | undefined,
): Promise<() => Promise<void>> {
  if (!databaseUrl) return async () => {}
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK])
  } catch (err) {
    await client.end()
    throw err
  }
  return async () => {
    try {
      await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK])
    } finally {
      await client.end()
    }
  }
}

let latestMigration: number | undefined

/** node-postgres and PGlite both answer raw statements with `.rows`. */
async function firstRow<T>(db: Db, query: ReturnType<typeof sql>): Promise<T | undefined> {
  const result = await db.execute(query)
  return (result as unknown as { rows: T[] }).rows[0]
}

/**
 * True when the database has every migration this build ships (the migrator records each one's
 * folder time and applies those newer than the last recorded). False when any is missing,
 * including when the migrator never ran.
 */
export async function migrationsApplied(db: Db): Promise<boolean> {
  latestMigration ??= Math.max(
    0,
    ...readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).map((m) => m.folderMillis),
  )
  const table = await firstRow<{ name: string | null }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`,
  )
  if (!table?.name) return false
  const last = await firstRow<{ at: string | number | null }>(
    db,
    sql`select max(created_at) as at from drizzle.__drizzle_migrations`,
  )
  return last?.at != null && Number(last.at) >= latestMigration
}
