import {
  formatPaise,
  formatShopDate,
  maskAccountNumber,
  PAYOUT_BLOCK_LABELS,
  type PayoutBlock,
} from '@techbazaar/shared'
import { eq } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { users, type payoutAccounts, type payouts } from '../../db/schema'
import { enqueue } from '../../jobs/outbox'
import type { PayoutDeps } from './deps'

/**
 * The sellers' mails about being paid, queued in the transaction of what they tell (so they say
 * what is true when it committed), once each: a payout paid or failed, a bank account checked,
 * and money waiting because the details are missing or refused.
 */

type Deps = Pick<PayoutDeps, 'config'>

async function sellerOf(tx: Tx, sellerId: string) {
  const [seller] = await tx
    .select({ email: users.email, name: users.userName })
    .from(users)
    .where(eq(users.id, sellerId))
  return seller
}

const earningsUrl = (deps: Deps) => new URL('/admin/earnings', deps.config.appUrl).toString()

async function queue(
  tx: Tx,
  deps: Deps,
  sellerId: string,
  dedupeKey: string,
  subject: string,
  lines: string[],
) {
  const seller = await sellerOf(tx, sellerId)
  if (!seller) return
  const text = [`Hi ${seller.name},`, '', ...lines, '', `— ${deps.config.shopName}`].join('\n')
  await enqueue(tx, 'mail', { mail: { to: seller.email, subject, text } }, { dedupeKey })
}

export async function queuePayoutMail(
  tx: Tx,
  deps: Deps,
  payout: typeof payouts.$inferSelect,
  step: 'paid' | 'failed',
): Promise<void> {
  const amount = formatPaise(payout.amountPaise)
  const account = `${maskAccountNumber(payout.accountNumber)} (${payout.ifsc})`
  const lines =
    step === 'paid'
      ? [
          `We have paid ${amount} into your account ${account}.`,
          payout.utr ? `Bank reference (UTR): ${payout.utr}` : '',
          `Each order it covers is on your Earnings page: ${earningsUrl(deps)}`,
        ]
      : [
          `Your payout of ${amount} to ${account} did not go through${payout.failureReason ? `: ${payout.failureReason}` : ''}.`,
          'The amount is back in your payable balance and is paid with the next payout run.',
          `If your bank details changed, update them on your Earnings page: ${earningsUrl(deps)}`,
        ]
  await queue(
    tx,
    deps,
    payout.sellerId,
    `payout-mail:${payout.id}:${step}`,
    step === 'paid' ? `${amount} paid to your bank account` : `Your payout of ${amount} failed`,
    lines.filter(Boolean),
  )
}

export async function queueAccountCheckMail(
  tx: Tx,
  deps: Deps,
  account: typeof payoutAccounts.$inferSelect,
): Promise<void> {
  const masked = `${maskAccountNumber(account.accountNumber)} (${account.ifsc})`
  const verified = account.status === 'verified'
  await queue(
    tx,
    deps,
    account.sellerId,
    `payout-account-mail:${account.checkReference}:${account.status}`,
    verified ? 'Your bank account is verified' : 'We could not verify your bank account',
    verified
      ? [
          `Your bank account ${masked} is verified${account.nameAtBank ? ` in the name of ${account.nameAtBank}` : ''}.`,
          'Your payable earnings are paid into it with each payout run.',
        ]
      : [
          `We could not verify your bank account ${masked}${account.reason ? `: ${account.reason}` : ''}.`,
          `Your earnings wait until it is corrected. Check the details on your Earnings page: ${earningsUrl(deps)}`,
        ],
  )
}

/** Money waits for the seller's details: told once per run that found it waiting. */
export async function queueDetailsWaitingMail(
  tx: Tx,
  deps: Deps,
  p: { sellerId: string; runId: string; block: PayoutBlock; amountPaise: number; at: Date },
): Promise<void> {
  await queue(
    tx,
    deps,
    p.sellerId,
    `payout-waiting-mail:${p.runId}:${p.sellerId}`,
    `${formatPaise(p.amountPaise)} is waiting for your bank details`,
    [
      `The payout run of ${formatShopDate(p.at, 'dayMonth')} could not pay you ${formatPaise(p.amountPaise)}: ${PAYOUT_BLOCK_LABELS[p.block].toLowerCase()}.`,
      `Add or correct your PAN and bank account on your Earnings page: ${earningsUrl(deps)}`,
    ],
  )
}
