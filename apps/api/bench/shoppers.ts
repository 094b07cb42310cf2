import { sql } from 'drizzle-orm'
import type { Db } from '../src/db/client'
import { newSecretToken } from '../src/modules/auth/sessions'
import { BENCH_DECLARATION_COLUMNS, benchDeclarationValues, rowsOf } from './generate-products'

export interface BenchShopper {
  userId: string
  addressId: string
  /** Sent as `Authorization: Bearer`, which the API accepts like the session cookie. */
  token: string
}

/**
 * `count` signed-in shoppers, each with a saved address, for the write benchmarks. Made with
 * SQL in three statements whatever the count (signing in through the API would time argon2, not
 * the shop); each session's token is made and hashed as the auth module makes them.
 */
export async function createBenchShoppers(db: Db, count: number): Promise<BenchShopper[]> {
  const batch = crypto.randomUUID().slice(0, 8)
  const users = rowsOf<{ id: string; n: number }>(
    await db.execute(sql`
      INSERT INTO users (user_name, email, password_hash, role, type)
      SELECT 'Bench Shopper ' || i, 'bench-shopper-' || ${batch} || '-' || i || '@example.test',
             '!unusable', 'user', 'user'
      FROM generate_series(1, ${count}::int) AS i
      RETURNING id, substring(user_name FROM 15)::int AS n`),
  ).sort((a, b) => a.n - b.n)
  const addresses = rowsOf<{ id: string; user_id: string }>(
    await db.execute(sql`
      INSERT INTO addresses (user_id, recipient_name, address, city, pincode, phone, notes, state_code, is_default)
      SELECT u.id::uuid, 'Bench Shopper', '12 MG Road', 'Bengaluru', '560001', '9876543210', '', '29', true
      FROM jsonb_array_elements_text(${JSON.stringify(users.map((u) => u.id))}::jsonb) AS u(id)
      RETURNING id, user_id`),
  )
  const addressOf = new Map(addresses.map((a) => [a.user_id, a.id]))
  const tokens = users.map((u) => ({ userId: u.id, ...newSecretToken() }))
  await db.execute(sql`
    INSERT INTO sessions (user_id, token_hash, expires_at)
    SELECT s.user_id, s.token_hash, now() + interval '1 day'
    FROM jsonb_to_recordset(${JSON.stringify(tokens.map((t) => ({ user_id: t.userId, token_hash: t.tokenHash })))}::jsonb)
      AS s(user_id uuid, token_hash text)`)
  return tokens.map((t) => ({
    userId: t.userId,
    addressId: addressOf.get(t.userId)!,
    token: t.token,
  }))
}

/** Puts `quantity` of `productId` into each shopper's cart (the cart made), in two statements. */
export async function fillBenchCarts(
  db: Db,
  shoppers: readonly BenchShopper[],
  productId: string,
  quantity = 1,
) {
  await db.execute(sql`
    WITH made AS (
      INSERT INTO carts (user_id)
      SELECT u.id::uuid FROM jsonb_array_elements_text(${JSON.stringify(shoppers.map((s) => s.userId))}::jsonb) AS u(id)
      ON CONFLICT (user_id) DO UPDATE SET updated_at = now()
      RETURNING id
    )
    INSERT INTO cart_lines (cart_id, product_id, quantity)
    SELECT id, ${productId}, ${quantity}::int FROM made
    ON CONFLICT (cart_id, product_id) DO UPDATE SET quantity = excluded.quantity`)
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
