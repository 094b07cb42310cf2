/**
 * `npm run bench` (after the read paths), or alone `npm run bench:settlements`: the sellers'
 * ledger and payouts at a marketplace's size (issue 28). A fresh database (embedded PGlite, or
 * the empty scratch PostgreSQL at DATABASE_URL) gets 1,000 sellers with verified accounts and
 * 100,000 delivered parts with their ledger entries (seven per part, as a delivery writes them),
 * spread over 60 days so some are on hold and most payable; then it times what reads and pays
 * them: every seller's balances (a run's first query), one seller's Earnings page, the admins'
 * sellers list, a payout run's preview for 1,000 sellers, its approval, sending the 1,000
 * payouts on the sandbox rail, and following them to paid.
 *
 * BENCH_SELLERS (default 1000) and BENCH_PARTS (default 100000) change the size; BENCH_ONLY
 * without "settlement" skips it when run from `npm run bench`.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { buildApp } from '../src/app'
import { loadConfig } from '../src/config'
import { openDatabase, type Db } from '../src/db/client'
import {
  approvePayoutRun,
  createPayoutRun,
  payoutDepsOf,
  pollPayouts,
  sellerSettlements,
} from '../src/modules/payouts'
import { balancesBySeller, sellerEarnings } from '../src/modules/settlements'
import { rowsOf } from './generate-products'

const SELLERS = Number(process.env.BENCH_SELLERS ?? 1000)
const PARTS = Number(process.env.BENCH_PARTS ?? 100_000)
const ONLY = process.env.BENCH_ONLY?.split(',').filter(Boolean)

/** Sellers, a buyer, delivered parts and their entries, made in SQL (the shape, not the path). */
async function generateLedger(db: Db, now: Date) {
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
           'acct_bench_' || id, 'SANDBOX', upper(user_name), ${now.toISOString()}::timestamptz,
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

async function timed<T>(label: string, rows: string[], work: () => Promise<T>): Promise<T> {
  const started = performance.now()
  const result = await work()
  const ms = performance.now() - started
  rows.push(`| ${label} | ${ms.toFixed(0)} ms |`)
  console.log(`  ${label}: ${ms.toFixed(0)} ms`)
  return result
}

export async function runSettlementBench(): Promise<string> {
  const databaseUrl = process.env.DATABASE_URL || undefined
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tb-bench-settle-'))
  const database = await openDatabase(
    databaseUrl ? { databaseUrl } : { dataDir: path.join(dataDir, 'pglite') },
  )
  let current = Date.now()
  const now = () => new Date(current)
  const rows: string[] = []
  try {
    await database.migrate()
    const db = database.db
    console.log(
      `Settlements: ${SELLERS.toLocaleString('en-IN')} sellers, ${PARTS.toLocaleString('en-IN')} delivered parts on ${database.kind}…`,
    )
    await timed(
      `writing ${PARTS.toLocaleString('en-IN')} parts' ledger (SQL, 7 entries each)`,
      rows,
      () => generateLedger(db, now()),
    )
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      PAYOUT_SCHEDULE: 'off',
      JOBS_POLL_MS: '600000',
    })
    const app = await buildApp({ config, db, dbKind: database.kind, now }, { logger: false })
    const deps = payoutDepsOf(app.deps)
    const [one] = rowsOf<{ id: string }>(
      await db.execute(sql`SELECT id FROM users WHERE type = 'vendor' ORDER BY id LIMIT 1`),
    )
    const balances = await timed(
      `balances of all ${SELLERS.toLocaleString('en-IN')} sellers`,
      rows,
      () => balancesBySeller(db, config.settlement, now()),
    )
    const earnings = await timed(
      `one seller's Earnings page (${Math.round(PARTS / SELLERS)} parts)`,
      rows,
      () => sellerEarnings(db, config.settlement, one!.id, now()),
    )
    await timed('admins’ sellers list', rows, () => sellerSettlements(deps))
    const runId = await timed(
      `payout run preview for ${balances.size.toLocaleString('en-IN')} sellers`,
      rows,
      () => createPayoutRun(deps, { by: 'admin', adminId: one!.id }),
    )
    if (!runId) throw new Error('no run made')
    await timed('approving the run (payouts queued)', rows, () =>
      approvePayoutRun(deps, runId, one!.id),
    )
    await timed('sending the payouts (outbox → sandbox rail)', rows, async () => {
      while ((await app.deps.jobs.drain()) > 0) {
        // Each drain delivers what is due; repeat until the queue is empty.
      }
    })
    current += 16 * 60_000
    await timed('following them to paid (poll job)', rows, async () => {
      while ((await pollPayouts(deps)) > 0) {
        // 500 a pass.
      }
    })
    const [paid] = rowsOf<{ n: number; total: number }>(
      await db.execute(
        sql`SELECT count(*)::int AS n, coalesce(sum(amount_paise), 0)::bigint AS total FROM payouts WHERE status = 'paid'`,
      ),
    )
    await app.close()
    const summary = `${paid?.n ?? 0} payouts paid, ₹${(Number(paid?.total ?? 0) / 100).toLocaleString('en-IN')} in all; the seller's page showed ${earnings.parts.length} parts`
    console.log(`  ${summary}`)
    const header = `Settlements benchmark: ${database.kind}, ${SELLERS} sellers, ${PARTS} parts, ${os.cpus().length} CPUs, Node ${process.version}`
    return `${header}\n\n| step | time |\n| --- | --- |\n${rows.join('\n')}\n\n${summary}\n`
  } finally {
    await database.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (ONLY && !ONLY.some((word) => 'settlement'.includes(word) || word.includes('settlement'))) {
    process.exit(0)
  }
  runSettlementBench()
    .then((table) => console.log(`\n${table}`))
    .catch((err: unknown) => {
      console.error(err instanceof Error ? err.message : err)
      process.exit(1)
    })
}
