import { rmSync } from 'node:fs'
import { SHORT_ID_PATTERN } from '@techbazaar/shared'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import {
  insertEarlyUser,
  migrateFrom,
  migrationsBefore,
  scratch,
} from '../../test/migration-scratch'

const MIGRATION = '0035_product_short_id'

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
    const seller = await insertEarlyUser(db, { role: 'admin', type: 'vendor' })
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
