import { and, eq, inArray } from 'drizzle-orm'
import { payoutRuns, payouts, users } from '../../db/schema'
import { notFound } from '../../lib/errors'
import { bankPaymentFile, parseUtrFile } from '../../payouts'
import type { PayoutDeps } from './deps'
import { recordRailState } from './payout-sender'

/**
 * Paying by the marketplace's own bank (PAYOUT_RAIL=bank): a run's payouts sent to the bank-file
 * rail wait as processing; an admin downloads them as the bank's bulk-payment file, uploads it
 * in the bank's portal, and brings the bank's status file back, which settles each payout (paid
 * with its UTR, or failed and its amount given back) exactly as a rail's webhook would.
 */

export async function bankFileOf(
  deps: PayoutDeps,
  runId: string,
): Promise<{ name: string; csv: string }> {
  const [run] = await deps.db
    .select({ id: payoutRuns.id, createdAt: payoutRuns.createdAt })
    .from(payoutRuns)
    .where(eq(payoutRuns.id, runId))
  if (!run) throw notFound('Payout run not found')
  const rows = await deps.db
    .select({
      id: payouts.id,
      sellerId: payouts.sellerId,
      amountPaise: payouts.amountPaise,
      holderName: payouts.holderName,
      accountNumber: payouts.accountNumber,
      ifsc: payouts.ifsc,
      email: users.email,
      mobile: users.mobile,
    })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.sellerId))
    .where(
      and(
        eq(payouts.runId, runId),
        eq(payouts.rail, 'BANK_FILE'),
        inArray(payouts.status, ['queued', 'processing']),
      ),
    )
  const csv = bankPaymentFile(
    rows.map((r) => ({
      payoutId: r.id,
      amountPaise: r.amountPaise,
      payee: {
        sellerId: r.sellerId,
        name: r.holderName,
        email: r.email,
        phone: r.mobile ?? '',
        account: { holderName: r.holderName, accountNumber: r.accountNumber, ifsc: r.ifsc },
      },
      remark: `${deps.config.shopName} payout`,
      valueDate: deps.now(),
    })),
  )
  const day = run.createdAt.toISOString().slice(0, 10)
  return { name: `payouts-${day}-${run.id.slice(0, 8)}.csv`, csv }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export async function importUtrFile(
  deps: PayoutDeps,
  csvText: string,
): Promise<{
  paid: number
  failed: number
  unchanged: number
  errors: { row: number; message: string }[]
}> {
  const parsed = parseUtrFile(csvText)
  const errors = [...parsed.errors]
  let paid = 0
  let failed = 0
  let unchanged = 0
  // Which of the file's references are bank-file payouts: one read for the whole file.
  const ids = [...new Set(parsed.rows.map((r) => r.payoutId).filter((id) => UUID.test(id)))]
  const inFile = new Set(
    ids.length === 0
      ? []
      : (
          await deps.db
            .select({ id: payouts.id })
            .from(payouts)
            .where(and(inArray(payouts.id, ids), eq(payouts.rail, 'BANK_FILE')))
        ).map((p) => p.id),
  )
  for (const row of parsed.rows) {
    if (!inFile.has(row.payoutId)) {
      errors.push({ row: row.row, message: `No bank-file payout ${row.payoutId}` })
      continue
    }
    const moved = await recordRailState(deps, row.payoutId, {
      status: row.status,
      railReference: null,
      utr: row.utr,
      failureReason: row.failureReason,
    })
    if (!moved) unchanged++
    else if (row.status === 'paid') paid++
    else failed++
  }
  return { paid, failed, unchanged, errors }
}
