import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import type { NodePgDatabase } from 'drizzle-orm/node-postgres'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { MIGRATIONS_DIR, openDatabase, type Database } from '../src/db/client'

// What the migration tests share: a scratch database migrated to just before the migration
// under test, so the test can write rows as they stood and then run it.

/** The shipped migrations up to (without) `tag`, in a folder of their own. */
export function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tb-migrations-'))
  cpSync(MIGRATIONS_DIR, dir, { recursive: true })
  const journalFile = path.join(dir, 'meta', '_journal.json')
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: { idx: number; tag: string }[]
  }
  const at = journal.entries.findIndex((e) => e.tag === tag)
  if (at < 0) throw new Error(`${tag} is not in the journal`)
  journal.entries = journal.entries.slice(0, at)
  writeFileSync(journalFile, JSON.stringify(journal))
  return dir
}

/** A scratch database: PGlite, or one on TEST_DATABASE_URL's server (dropped afterwards). */
export async function scratch(): Promise<{ database: Database; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) {
    const pglite = await PGlite.create({ extensions: { pg_trgm } })
    return { database: await openDatabase({ pglite }), drop: async () => {} }
  }
  const name = `tb_test_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const database = await openDatabase({ databaseUrl: url.toString() })
  return {
    database,
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl })
      await client.connect()
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await client.end()
    },
  }
}

export function migrateFrom(database: Database, migrationsFolder: string) {
  return database.kind === 'pglite'
    ? migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder })
    : migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder })
}

/**
 * A user row written with only the columns the first migrations made: the schema's own insert
 * names every column of today (`deleted_at`, ...), which an older database does not have.
 */
export async function insertEarlyUser(
  db: Database['db'],
  { role = 'user', type = 'user' }: { role?: string; type?: string } = {},
): Promise<{ id: string }> {
  const email = `early-${crypto.randomUUID()}@example.test`
  const result = await db.execute(sql`
    INSERT INTO users (user_name, email, password_hash, role, type)
    VALUES ('Early User', ${email}, '!unusable', ${role}, ${type}) RETURNING id`)
  const [row] = (result as unknown as { rows: { id: string }[] }).rows
  if (!row) throw new Error('no user inserted')
  return row
}
