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
import { formatPaise } from '@techbazaar/shared'
import { sql } from 'drizzle-orm'
import { buildApp } from '../src/app'
import { benchConfig } from './config'
import { openDatabase } from '../src/db/client'
import {
  approvePayoutRun,
  createPayoutRun,
  payoutDepsOf,
  pollPayouts,
  sellerSettlements,
} from '../src/modules/payouts'
import { balancesBySeller, issueDueFeeInvoices, sellerEarnings } from '../src/modules/settlements'
import { generateLedger } from '../test/ledger-fixture'
import { rowsOf } from './generate-products'
import { runBenchStep } from './load'

const SELLERS = Number(process.env.BENCH_SELLERS ?? 1000)
const PARTS = Number(process.env.BENCH_PARTS ?? 100_000)

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
      () => generateLedger(db, { sellers: SELLERS, parts: PARTS, rail: 'SANDBOX', now: now() }),
    )
    const config = benchConfig(dataDir, { quiet: true })
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
    // The hourly job's monthly work, timed on its own (the drain below would run it otherwise).
    const issued = await timed("issuing last month's fee invoices (all sellers)", rows, () =>
      issueDueFeeInvoices({ db, now, config }),
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
    const summary = `${paid?.n ?? 0} payouts paid, ${formatPaise(Number(paid?.total ?? 0))} in all; ${issued} fee invoices and credit notes issued; the seller's page showed ${earnings.parts.length} parts`
    console.log(`  ${summary}`)
    const header = `Settlements benchmark: ${database.kind}, ${SELLERS} sellers, ${PARTS} parts, ${os.cpus().length} CPUs, Node ${process.version}`
    return `${header}\n\n| step | time |\n| --- | --- |\n${rows.join('\n')}\n\n${summary}\n`
  } finally {
    await database.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

runBenchStep(import.meta, 'settlement', runSettlementBench)
