import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { sql } from 'drizzle-orm'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import type { NodePgDatabase } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { createUser } from '../../test/factories'
import { MIGRATIONS_DIR, openDatabase, type Database } from './client'

const MIGRATION = '0015_order-number'

/** The shipped migrations up to (without) the order numbers, in a folder of their own. */
function migrationsBefore(tag: string): string {
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
async function scratch(): Promise<{ database: Database; drop(): Promise<void> }> {
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

function migrateFrom(database: Database, migrationsFolder: string) {
  return database.kind === 'pglite'
    ? migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder })
    : migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder })
}

const cleanups: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup()
})

describe(`migration ${MIGRATION}`, () => {
  it('numbers existing orders by when they were placed, and new orders after them', async () => {
    const { database, drop } = await scratch()
    const earlier = migrationsBefore(MIGRATION)
    cleanups.push(async () => {
      await database.close()
      await drop()
      rmSync(earlier, { recursive: true, force: true })
    })
    await migrateFrom(database, earlier)

    const { db } = database
    const shopper = await createUser(db)
    // Inserted out of date order, so storage order and placing order differ.
    const placedAt = ['2025-03-02T10:00:00Z', '2025-01-15T08:30:00Z', '2025-02-20T18:45:00Z']
    for (const at of placedAt) {
      await db.execute(sql`
        insert into orders (user_id, address_info, payment_method, total_paise, created_at)
        values (${shopper.id}, ${JSON.stringify({ address: 'x' })}::jsonb, 'COD', 100, ${at})`)
    }

    await database.migrate()
    const numbered = await db.execute(
      sql`select order_number, created_at from orders order by order_number`,
    )
    const rows = (numbered as unknown as { rows: { order_number: number; created_at: unknown }[] })
      .rows
    expect(rows.map((r) => r.order_number)).toEqual([10001, 10002, 10003])
    expect(rows.map((r) => new Date(String(r.created_at)).toISOString())).toEqual(
      [...placedAt].sort().map((at) => new Date(at).toISOString()),
    )

    // The identity goes on after the backfill, and nobody may choose a number.
    const inserted = await db.execute(sql`
      insert into orders (user_id, address_info, payment_method, total_paise)
      values (${shopper.id}, '{}'::jsonb, 'COD', 100) returning order_number`)
    expect((inserted as unknown as { rows: { order_number: number }[] }).rows).toEqual([
      { order_number: 10004 },
    ])
    await expect(
      db.execute(sql`
        insert into orders (user_id, address_info, payment_method, total_paise, order_number)
        values (${shopper.id}, '{}'::jsonb, 'COD', 100, 10005)`),
    ).rejects.toThrow()
  })
})
