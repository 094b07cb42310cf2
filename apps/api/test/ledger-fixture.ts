import { sql } from 'drizzle-orm'
import type { Db } from '../src/db/client'
import { rowsOf } from '../bench/generate-products'

/**
 * Sellers with verified bank accounts at `rail`, a buyer, and delivered parts with their ledger
 * entries, made in SQL (the shape a delivery writes, not its path): for the settlements bench
 * and the payout crash proof, which need thousands of sellers owed money, not the checkouts that
 * made them. Part i is seller i mod `sellers`', delivered i mod 60 days (plus four) before `now`.
 */
export async function generateLedger(
  db: Db,
  opts: { sellers: number; parts: number; rail: string; now: Date },
) {
  const { sellers: SELLERS, parts: PARTS, rail, now } = opts
  await db.execute(sql`
    INSERT INTO users (user_name, email, password_hash, role, type)
    SELECT 'Bench Seller ' || i, 'bench-seller-' || i || '@example.test', '!unusable', 'admin', 'vendor'
    FROM generate_series(1, ${SELLERS}::int) AS i`)
  await db.execute(sql`
    INSERT INTO vendor_profiles (user_id, gst_number, business_name, state_code, pan, pan_name, status)
    SELECT id, '29AAKFB' || lpad(row_number() OVER (ORDER BY id)::text, 4, '0') || 'Q1ZX',
           user_name || ' Pvt. Ltd.', '29', 'AAKFB' || lpad(row_number() OVER (ORDER BY id)::text, 4, '0') || 'Q',
           user_name, 'Approved'
    FROM users WHERE type = 'vendor'`)
  await db.execute(sql`
    INSERT INTO payout_accounts (seller_id, holder_name, account_number, ifsc, status, check_reference,
                                 check_rail, name_at_bank, checked_at, updated_at)
    SELECT id, user_name, lpad((row_number() OVER (ORDER BY id))::text, 12, '5'), 'HDFC0000060', 'verified',
           'acct_bench_' || id, ${rail}, upper(user_name), ${now.toISOString()}::timestamptz,
           ${now.toISOString()}::timestamptz
    FROM users WHERE type = 'vendor'`)
  const [buyer] = rowsOf<{ id: string }>(
    await db.execute(sql`
      INSERT INTO users (user_name, email, password_hash, role, type)
      VALUES ('Bench Buyer', 'bench-buyer@example.test', '!unusable', 'user', 'user') RETURNING id`),
  )
  if (!buyer) throw new Error('bench buyer not created')
  // Part i belongs to seller i mod SELLERS, delivered i mod 60 days ago, for ₹500 to ₹5,490.
  await db.execute(sql`
    WITH s AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM users WHERE type = 'vendor'),
    o AS (
      INSERT INTO orders (user_id, address_info, order_status, payment_method, payment_status, total_paise, created_at)
      SELECT ${buyer.id}, '{"addressId":"00000000-0000-4000-8000-000000000000","address":"12 MG Road","city":"Bengaluru","pincode":"560001","phone":"9876543210","notes":"","stateCode":"29"}'::jsonb,
             'delivered', 'COD', 'paid', 50000 + (i % 500) * 1000,
             ${now.toISOString()}::timestamptz - make_interval(days => (i % 60) + 4)
      FROM generate_series(0, ${PARTS - 1}::int) AS i
      RETURNING id, total_paise, created_at
    ),
    numbered AS (SELECT o.*, row_number() OVER (ORDER BY o.id) - 1 AS k FROM o)
    INSERT INTO sub_orders (order_id, seller_id, status, subtotal_paise, confirmed_at, delivered_at, created_at)
    SELECT numbered.id, s.id, 'delivered', numbered.total_paise, numbered.created_at,
           numbered.created_at + interval '4 days', numbered.created_at
    FROM numbered JOIN s ON s.n = numbered.k % ${SELLERS}`)
  // Seven entries a part: the sale; commission 6% and a ₹40 closing fee with 18% GST on each;
  // TCS 0.5% and TDS 0.1% of the taxable value (the sale less 18% GST).
  await db.execute(sql`
    INSERT INTO settlement_entries (seller_id, order_id, sub_order_id, kind, invoice_line, quantity,
                                    amount_paise, base_paise, rate_bp, igst_paise, reversible,
                                    tax_period, dedupe_key, created_at)
    SELECT so.seller_id, so.order_id, so.id, e.kind, 0, 1, e.amount, e.base, e.rate, e.igst, e.rev,
           CASE WHEN e.kind = 'tcs' THEN to_char(so.delivered_at, 'YYYY-MM') END,
           'bench:' || so.id || ':' || e.kind || ':' || e.n, so.delivered_at
    FROM sub_orders so
    CROSS JOIN LATERAL (VALUES
      (1, 'sale', so.subtotal_paise, NULL::int, NULL::int, 0, true),
      (2, 'commission', -(so.subtotal_paise * 6 / 100), so.subtotal_paise, 600, 0, true),
      (3, 'closingFee', -4000, 4000, NULL, 0, false),
      (4, 'feeGst', -(so.subtotal_paise * 6 / 100 * 18 / 100), so.subtotal_paise * 6 / 100, 1800, -(so.subtotal_paise * 6 / 100 * 18 / 100), true),
      (5, 'feeGst', -720, 4000, 1800, -720, false),
      (6, 'tcs', -(so.subtotal_paise * 100 / 118 / 200), so.subtotal_paise * 100 / 118, 50, -(so.subtotal_paise * 100 / 118 / 200), true),
      (7, 'tds', -(so.subtotal_paise * 100 / 118 / 1000), so.subtotal_paise * 100 / 118, 10, 0, true)
    ) AS e(n, kind, amount, base, rate, igst, rev)`)
  await db.execute(sql`ANALYZE`)
}
