import { rmSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import {
  insertEarlyUser,
  migrateFrom,
  migrationsBefore,
  scratch,
} from '../../test/migration-scratch'

const MIGRATION = '0015_order-number'

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
    const shopper = await insertEarlyUser(db)
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
