import { rmSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import {
  insertEarlyUser,
  migrateFrom,
  migrationsBefore,
  scratch,
} from '../../test/migration-scratch'

const MIGRATION = '0049_address_recipient_and_default'

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

const cleanups: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup()
})

describe(`migration ${MIGRATION}`, () => {
  it("names existing addresses' recipients after the account and gives each user one default", async () => {
    const { database, drop } = await scratch()
    const earlier = migrationsBefore(MIGRATION)
    cleanups.push(async () => {
      await database.close()
      await drop()
      rmSync(earlier, { recursive: true, force: true })
    })
    await migrateFrom(database, earlier)

    const { db } = database
    const ordered = await insertEarlyUser(db)
    const never = await insertEarlyUser(db)
    await db.execute(sql`update users set user_name = 'Asha Rao' where id = ${ordered.id}`)
    const saveAddress = async (userId: string, city: string, minutesAgo: number) => {
      const result = await db.execute(sql`
        insert into addresses (user_id, address, city, pincode, phone, notes, state_code, created_at)
        values (${userId}, '1 Main Road', ${city}, '560001', '9876543210', '', '29',
          now() - make_interval(mins => ${minutesAgo}::int))
        returning id`)
      return rowsOf<{ id: string }>(result)[0]!.id
    }
    await saveAddress(ordered.id, 'Pune', 30)
    const used = await saveAddress(ordered.id, 'Mumbai', 20)
    await saveAddress(ordered.id, 'Nagpur', 10)
    await saveAddress(never.id, 'Delhi', 30)
    await saveAddress(never.id, 'Agra', 10)
    // The shopper's latest order went to Mumbai; an older one to an address since deleted.
    const order = (addressId: string, minutesAgo: number) =>
      db.execute(sql`
        insert into orders (user_id, address_info, payment_method, total_paise, created_at)
        values (${ordered.id}, ${JSON.stringify({ addressId })}::jsonb, 'COD', 100,
          now() - make_interval(mins => ${minutesAgo}::int))`)
    await order(used, 5)
    await order(crypto.randomUUID(), 1)

    await database.migrate()
    const rows = rowsOf<{
      city: string
      recipient_name: string
      landmark: string
      kind: string
      is_default: boolean
    }>(
      await db.execute(
        sql`select city, recipient_name, landmark, kind, is_default from addresses order by city`,
      ),
    )
    expect(rows).toEqual([
      { city: 'Agra', recipient_name: 'Early User', landmark: '', kind: 'home', is_default: false },
      { city: 'Delhi', recipient_name: 'Early User', landmark: '', kind: 'home', is_default: true },
      { city: 'Mumbai', recipient_name: 'Asha Rao', landmark: '', kind: 'home', is_default: true },
      { city: 'Nagpur', recipient_name: 'Asha Rao', landmark: '', kind: 'home', is_default: false },
      { city: 'Pune', recipient_name: 'Asha Rao', landmark: '', kind: 'home', is_default: false },
    ])
    // One default per user, held by the database from now on.
    await expect(
      db.execute(sql`update addresses set is_default = true where city = 'Nagpur'`),
    ).rejects.toThrow()
    await expect(
      db.execute(sql`update addresses set kind = 'office' where city = 'Nagpur'`),
    ).rejects.toThrow()
  })
})
