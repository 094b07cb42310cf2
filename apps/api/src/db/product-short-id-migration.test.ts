import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { SHORT_ID_PATTERN } from '@techbazaar/shared'
import { sql } from 'drizzle-orm'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import type { NodePgDatabase } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { createUser } from '../../test/factories'
import { MIGRATIONS_DIR, openDatabase, type Database } from './client'

const MIGRATION = '0035_product_short_id'

/** The shipped migrations up to (without) `tag`, in a folder of their own. */
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

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

const cleanups: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup()
})

describe(`migration ${MIGRATION}`, () => {
  it('gives every existing product a distinct short id, and every new one too', async () => {
    const { database, drop } = await scratch()
    const earlier = migrationsBefore(MIGRATION)
    cleanups.push(async () => {
      await database.close()
      await drop()
      rmSync(earlier, { recursive: true, force: true })
    })
    await migrateFrom(database, earlier)

    const { db } = database
    const seller = await createUser(db, { role: 'admin', type: 'vendor' })
    // Listed before the later migrations; unlisted after them (0036 lists only declared ones).
    const insertProducts = (count: number, listed: boolean) =>
      db.execute(sql`
        insert into products (seller_id, title, description, image, category, hsn, section,
          brand, price_paise, total_stock, listed)
        select ${seller.id}::uuid, 'Phone ' || i, 'd', '/x.webp', 'electronics', '851713',
          'featured', 'samsung', 100000, 5, ${listed}
        from generate_series(1, ${count}::int) as i`)
    await insertProducts(3000, true)

    await database.migrate()
    const backfilled = rowsOf<{ short_id: string }>(
      await db.execute(sql`select short_id from products`),
    )
    expect(backfilled).toHaveLength(3000)
    for (const row of backfilled) expect(row.short_id).toMatch(SHORT_ID_PATTERN)
    expect(new Set(backfilled.map((r) => r.short_id)).size).toBe(3000)

    // Inserts that name no short id get one from the column's default, many in one statement.
    await insertProducts(2000, false)
    const all = rowsOf<{ n: number; distinct: number; bad: number }>(
      await db.execute(sql`
        select count(*)::int as n, count(distinct short_id)::int as distinct,
          count(*) filter (where short_id !~ '^[0-9a-hjkmnp-tv-z]{8}$')::int as bad
        from products`),
    )
    expect(all).toEqual([{ n: 5000, distinct: 5000, bad: 0 }])
    await expect(
      db.execute(sql`update products set short_id = null where title = 'Phone 1'`),
    ).rejects.toThrow()
  })
})
