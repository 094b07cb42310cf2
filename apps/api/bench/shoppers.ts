import { sql } from 'drizzle-orm'
import type { Db } from '../src/db/client'
import { createSession } from '../src/modules/auth/sessions'
import { BENCH_DECLARATION_COLUMNS, benchDeclarationValues, rowsOf } from './generate-products'

export interface BenchShopper {
  userId: string
  addressId: string
  /** Sent as `Authorization: Bearer`, which the API accepts like the session cookie. */
  token: string
}

/**
 * `count` signed-in shoppers, each with a saved address, for the write benchmarks. Made with
 * SQL and the real session code (signing in through the API would time argon2, not the shop).
 */
export async function createBenchShoppers(db: Db, count: number): Promise<BenchShopper[]> {
  const users = rowsOf<{ id: string }>(
    await db.execute(sql`
      INSERT INTO users (user_name, email, password_hash, role, type)
      SELECT 'Bench Shopper ' || i, 'bench-shopper-' || i || '@example.test', '!unusable', 'user', 'user'
      FROM generate_series(1, ${count}::int) AS i
      RETURNING id`),
  )
  const shoppers: BenchShopper[] = []
  for (const { id } of users) {
    const [address] = rowsOf<{ id: string }>(
      await db.execute(sql`
        INSERT INTO addresses (user_id, recipient_name, address, city, pincode, phone, notes, state_code, is_default)
        VALUES (${id}, 'Bench Shopper', '12 MG Road', 'Bengaluru', '560001', '9876543210', '', '29', true)
        RETURNING id`),
    )
    if (!address) throw new Error('bench address not created')
    const token = await createSession(db, { userId: id, days: 1, now: new Date() })
    shoppers.push({ userId: id, addressId: address.id, token })
  }
  return shoppers
}

/**
 * Listed products with stock that a benchmark cannot run out of: one hot, `count` distinct. At
 * ₹199 a unit one shopper may place about a thousand COD orders a day before the daily cash
 * limit per seller (s.269ST, decision 070) refuses the next, and a cart line may grow to a
 * million units (the cart-add row adds one unit again and again).
 */
export async function createBenchSkus(db: Db, sellerId: string, count: number) {
  const ids = rowsOf<{ id: string }>(
    await db.execute(sql`
      INSERT INTO products (seller_id, image, title, description, category, hsn, section, brand,
                            price_paise, sale_price_paise, total_stock, max_per_order, listed,
                            ${BENCH_DECLARATION_COLUMNS})
      SELECT ${sellerId}, '/uploads/bench.webp', 'Bench SKU ' || i, 'Benchmark product', 'electronics',
             '851713', 'featured', 'samsung', 19900, 0, 1000000000, 1000000, true,
             ${benchDeclarationValues(sql`'Smartphone'`)}
      FROM generate_series(0, ${count}::int) AS i
      RETURNING id`),
  ).map((row) => row.id)
  const [hot, ...distinct] = ids
  if (!hot) throw new Error('bench products not created')
  return { hot, distinct }
}
