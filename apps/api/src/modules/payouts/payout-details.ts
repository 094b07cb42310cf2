import { randomBytes } from 'node:crypto'
import {
  maskAccountNumber,
  type SellerPayoutDetails,
  type SellerPayoutDetailsInput,
} from '@techbazaar/shared'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { payoutAccounts, users, vendorProfiles } from '../../db/schema'
import { conflict, notFound } from '../../lib/errors'
import type { AccountCheck, Payee } from '../../payouts/types'
import { refusedOutright } from './rail-errors'
import type { PayoutDeps } from './deps'
import { queueAccountCheckMail } from './payout-mails'

/**
 * A seller's payout details (decision 060): its PAN (TDS reads it from vendor_profiles) and the
 * bank account its payouts go to, checked by a penny drop through the payout rail. Saving a
 * different account starts a new check; until it passes, payouts wait (payout-block.ts). The
 * same account saved again keeps its verdict.
 */

type AccountRow = typeof payoutAccounts.$inferSelect

/** A fresh id for one check: the rails take up to 40 characters of letters, digits, - and _. */
const newCheckReference = () => `acct_${randomBytes(12).toString('hex')}`

function toDetails(
  profile: { pan: string | null; panName: string | null },
  account: AccountRow,
  view: 'seller' | 'admin',
): SellerPayoutDetails {
  return {
    pan: profile.pan ?? '',
    panName: profile.panName ?? '',
    holderName: account.holderName,
    accountNumber:
      view === 'admin' ? account.accountNumber : maskAccountNumber(account.accountNumber),
    ifsc: account.ifsc,
    status: account.status,
    nameAtBank: account.nameAtBank,
    reason: account.reason,
    checkedAt: account.checkedAt?.toISOString() ?? null,
    updatedAt: account.updatedAt.toISOString(),
  }
}

/** The seller's details as it (masked) or an admin (in full) sees them; null when none yet. */
export async function readPayoutDetails(
  db: Db,
  sellerId: string,
  view: 'seller' | 'admin',
): Promise<SellerPayoutDetails | null> {
  const [row] = await db
    .select({
      profile: { pan: vendorProfiles.pan, panName: vendorProfiles.panName },
      payoutAccounts,
    })
    .from(vendorProfiles)
    .innerJoin(payoutAccounts, eq(payoutAccounts.sellerId, vendorProfiles.userId))
    .where(eq(vendorProfiles.userId, sellerId))
  return row ? toDetails(row.profile, row.payoutAccounts, view) : null
}

async function payeeOf(db: Db, sellerId: string, account: AccountRow): Promise<Payee> {
  const [seller] = await db
    .select({ email: users.email, mobile: users.mobile, name: users.userName })
    .from(users)
    .where(eq(users.id, sellerId))
  return {
    sellerId,
    name: account.holderName,
    email: seller?.email ?? '',
    phone: seller?.mobile ?? '',
    account: {
      holderName: account.holderName,
      accountNumber: account.accountNumber,
      ifsc: account.ifsc,
    },
  }
}

/**
 * Saves the seller's PAN and account. A changed account (or one never verified) is checked
 * again at once; the answer is recorded only if no newer save replaced the account meanwhile.
 */
export async function savePayoutDetails(
  deps: PayoutDeps,
  sellerId: string,
  input: SellerPayoutDetailsInput,
): Promise<SellerPayoutDetails> {
  const { db } = deps
  const now = deps.now()
  const rail = deps.rails.default
  const reference = await db.transaction(async (tx) => {
    // The seller's profile row is its payouts' lock (payout-runs.ts takes it too): a run never
    // reads an account half saved.
    const [profile] = await tx
      .select({ userId: vendorProfiles.userId })
      .from(vendorProfiles)
      .where(eq(vendorProfiles.userId, sellerId))
      .for('update')
    if (!profile) throw notFound('Vendor not found')
    await tx
      .update(vendorProfiles)
      .set({ pan: input.pan, panName: input.panName })
      .where(eq(vendorProfiles.userId, sellerId))
    const [current] = await tx
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.sellerId, sellerId))
    const same =
      current &&
      current.holderName === input.holderName &&
      current.accountNumber === input.accountNumber &&
      current.ifsc === input.ifsc &&
      current.status !== 'failed'
    if (same) return null
    const fresh = {
      holderName: input.holderName,
      accountNumber: input.accountNumber,
      ifsc: input.ifsc,
      status: 'pending' as const,
      checkReference: newCheckReference(),
      checkRail: rail?.name ?? 'NONE',
      checkStarted: false,
      nameAtBank: null,
      reason: rail ? null : 'Payouts are not set up on this shop yet',
      confirmedBy: null,
      checkedAt: null,
      updatedAt: now,
    }
    await tx
      .insert(payoutAccounts)
      .values({ sellerId, ...fresh })
      .onConflictDoUpdate({ target: payoutAccounts.sellerId, set: fresh })
    return fresh.checkReference
  })
  if (reference && rail) await runAccountCheck(deps, sellerId, reference, 'start')
  const details = await readPayoutDetails(db, sellerId, 'seller')
  if (!details) throw notFound('Vendor not found')
  return details
}

/**
 * Asks the rail about the seller's current check (starting it, or again while pending) and
 * records the answer when the check is still the current one. A rail that cannot be reached
 * leaves the account pending: the job asks again.
 */
export async function runAccountCheck(
  deps: PayoutDeps,
  sellerId: string,
  reference: string,
  step: 'start' | 'ask',
): Promise<void> {
  const rail = deps.rails.default
  if (!rail) return
  const [account] = await deps.db
    .select()
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.sellerId, sellerId), eq(payoutAccounts.checkReference, reference)))
  if (!account || account.status !== 'pending') return
  const start = async () => rail.verifyAccount(await payeeOf(deps.db, sellerId, account), reference)
  let answer: AccountCheck
  try {
    answer = step === 'start' ? await start() : await rail.accountCheck(reference)
  } catch (err) {
    if (!refusedOutright(err)) {
      deps.log?.warn({ err, sellerId }, 'bank account check could not reach the payout rail')
      return
    }
    // Refused as given (an IFSC the rail does not know, a malformed number): say so.
    answer = { status: 'failed', reference, nameAtBank: null, reason: err.message }
  }
  await deps.db.transaction(async (tx) => {
    const [moved] = await tx
      .update(payoutAccounts)
      .set({
        // From now on the check is asked about by the rail's own id of it (RazorpayX answers a
        // validation id of its own; a later save replaces the row's reference, and with it this).
        checkReference: answer.reference || reference,
        checkStarted: true,
        status: answer.status,
        nameAtBank: answer.nameAtBank,
        reason: answer.reason,
        checkedAt: answer.status === 'pending' ? null : deps.now(),
      })
      .where(
        and(
          eq(payoutAccounts.sellerId, sellerId),
          eq(payoutAccounts.checkReference, reference),
          eq(payoutAccounts.status, 'pending'),
        ),
      )
      .returning()
    if (moved && moved.status !== 'pending') await queueAccountCheckMail(tx, deps, moved)
  })
}

/** The job: asks again about every check still pending at a rail that answers later. */
export async function refreshPendingChecks(deps: PayoutDeps): Promise<number> {
  const rail = deps.rails.default
  if (!rail || rail.name === 'BANK_FILE') return 0
  const pending = await deps.db
    .select({
      sellerId: payoutAccounts.sellerId,
      reference: payoutAccounts.checkReference,
      started: payoutAccounts.checkStarted,
    })
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.status, 'pending'), eq(payoutAccounts.checkRail, rail.name)))
  // A check whose start never reached the rail (it was down) is started again.
  for (const p of pending) {
    await runAccountCheck(deps, p.sellerId, p.reference, p.started ? 'ask' : 'start')
  }
  // Accounts saved while no rail was set up, or checked by another rail, start a check now.
  const unchecked = await deps.db
    .select({ sellerId: payoutAccounts.sellerId, reference: payoutAccounts.checkReference })
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.status, 'pending'), eq(payoutAccounts.checkRail, 'NONE')))
  for (const u of unchecked) {
    await deps.db
      .update(payoutAccounts)
      .set({ checkRail: rail.name, reason: null })
      .where(
        and(
          eq(payoutAccounts.sellerId, u.sellerId),
          eq(payoutAccounts.checkReference, u.reference),
        ),
      )
    await runAccountCheck(deps, u.sellerId, u.reference, 'start')
  }
  return pending.length + unchecked.length
}

/**
 * An admin confirms an account by hand: paying by bank file, no rail checks it, so the
 * marketplace's own check (a cancelled cheque, a bank letter) stands in for the penny drop.
 */
export async function confirmAccount(
  deps: PayoutDeps,
  sellerId: string,
  adminId: string,
): Promise<SellerPayoutDetails> {
  const moved = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(payoutAccounts)
      .set({
        status: 'verified',
        reason: null,
        confirmedBy: adminId,
        checkedAt: deps.now(),
      })
      .where(and(eq(payoutAccounts.sellerId, sellerId), eq(payoutAccounts.status, 'pending')))
      .returning()
    if (row) await queueAccountCheckMail(tx, deps, row)
    return row
  })
  const details = await readPayoutDetails(deps.db, sellerId, 'admin')
  if (!details) throw notFound('This seller has not given a bank account')
  if (!moved && details.status !== 'verified') {
    throw conflict('This seller’s account is not waiting for a check')
  }
  return details
}
