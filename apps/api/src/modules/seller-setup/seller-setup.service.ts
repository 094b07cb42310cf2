import {
  formatShopDate,
  gstStateName,
  hasBusinessAddress,
  hasPickupAddress,
  maskAccountNumber,
  SELLER_SETUP_STEPS,
  type SellerSetup,
  type SellerSetupStep,
} from '@techbazaar/shared'
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { payoutAccounts, vendorProfiles } from '../../db/schema'
import { notFound } from '../../lib/errors'

/*
 * The seller's checklist (decision 084). Each step reads the same data and rule as the place
 * that enforces it: the booking's pickup check (hasPickupAddress), the payouts' account check
 * (payout_accounts.status, as payout-block.ts reads it) and the approval's GSTIN verification.
 */

type Profile = typeof vendorProfiles.$inferSelect
type Account = Pick<typeof payoutAccounts.$inferSelect, 'status' | 'reason' | 'accountNumber'>
type Step = Omit<SellerSetupStep, 'done'>

const ADDRESS_PAGE = '/admin/business-address'
const EARNINGS_PAGE = '/admin/earnings'
const CONTACT_PAGE = '/contact-us'

/** "a, b and c" */
const listed = (words: string[]) =>
  words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`

/** The saved state, else the GSTIN's (as the invoices and the address form fall back). */
const stateOf = (profile: Profile) => profile.stateCode ?? profile.gstNumber?.slice(0, 2) ?? null

function businessAddressStep(profile: Profile): Step {
  const address = { ...profile, stateCode: stateOf(profile) }
  const base = { key: 'businessAddress', label: 'Business address', fixPath: ADDRESS_PAGE } as const
  if (hasBusinessAddress(address)) {
    return {
      ...base,
      status: 'done',
      detail: `${profile.businessName}, ${profile.city}, ${gstStateName(address.stateCode!)} ${profile.pincode}`,
      fixLabel: 'Edit business address',
    }
  }
  const missing = listed(
    [
      ['legal business name', address.businessName],
      ['address', address.addressLine],
      ['city', address.city],
      ['state', address.stateCode],
      ['PIN code', address.pincode],
    ]
      .filter(([, value]) => !value?.trim())
      .map(([name]) => name!),
  )
  return {
    ...base,
    status: 'todo',
    detail: `Add your ${missing}: your GST invoices print them as the supplier’s.`,
    fixLabel: 'Add your business address',
  }
}

function pickupAddressStep(profile: Profile): Step {
  const base = { key: 'pickupAddress', label: 'Pickup address', fixPath: ADDRESS_PAGE } as const
  if (hasPickupAddress(profile)) {
    return {
      ...base,
      status: 'done',
      detail: `The courier picks parcels up from your business address, ${profile.addressLine}, ${profile.city} ${profile.pincode}.`,
      fixLabel: 'Edit business address',
    }
  }
  return {
    ...base,
    status: 'todo',
    detail:
      'The courier picks parcels up from your business address: add it before you ship an order.',
    fixLabel: 'Add your business address',
  }
}

function payoutAccountStep(account: Account | undefined): Step {
  const base = {
    key: 'payoutAccount',
    label: 'Bank account for payouts',
    fixPath: EARNINGS_PAGE,
  } as const
  if (!account) {
    return {
      ...base,
      status: 'todo',
      detail: 'Add your PAN and the bank account we pay your earnings to.',
      fixLabel: 'Add bank account',
    }
  }
  const masked = maskAccountNumber(account.accountNumber)
  switch (account.status) {
    case 'verified':
      return {
        ...base,
        status: 'done',
        detail: `Payouts go to account ${masked}.`,
        fixLabel: 'See payout details',
      }
    case 'pending':
      return {
        ...base,
        status: 'waiting',
        detail: `Account ${masked} is being verified${account.reason ? `: ${account.reason}` : ''}. Payouts wait until it is.`,
        fixLabel: 'See payout details',
      }
    case 'failed':
      return {
        ...base,
        status: 'todo',
        detail: `Account ${masked} could not be verified${account.reason ? ` (${account.reason})` : ''}: check it and save it again.`,
        fixLabel: 'Fix bank account',
      }
  }
}

function gstinStep(profile: Profile): Step {
  const base = {
    key: 'gstin',
    label: 'GSTIN verified',
    fixPath: CONTACT_PAGE,
    fixLabel: 'Contact the marketplace',
  } as const
  const gstin = profile.gstNumber
  if (!gstin) {
    return {
      ...base,
      status: 'todo',
      detail: 'Your account has no GSTIN: the marketplace lists only registered sellers.',
    }
  }
  if (profile.gstinProblem) {
    return {
      ...base,
      status: 'todo',
      detail: `The GST network’s answer on ${gstin}: ${profile.gstinProblem}. Your listings are hidden until it is resolved.`,
    }
  }
  if (profile.gstinVerifiedAt) {
    return {
      ...base,
      status: 'done',
      detail: `${gstin} verified with the GST network on ${formatShopDate(profile.gstinVerifiedAt, 'medium')}.`,
    }
  }
  return {
    ...base,
    status: 'waiting',
    detail:
      profile.status === 'Approved'
        ? `${gstin} has not been verified with the GST network yet: the marketplace re-checks it.`
        : `The marketplace verifies ${gstin} with the GST network when it approves your account.`,
  }
}

/** The signed-in seller's checklist, in SELLER_SETUP_STEPS order. */
export async function sellerSetupOf(db: Db, sellerId: string): Promise<SellerSetup> {
  const [[profile], [account]] = await Promise.all([
    db.select().from(vendorProfiles).where(eq(vendorProfiles.userId, sellerId)),
    db
      .select({
        status: payoutAccounts.status,
        reason: payoutAccounts.reason,
        accountNumber: payoutAccounts.accountNumber,
      })
      .from(payoutAccounts)
      .where(eq(payoutAccounts.sellerId, sellerId)),
  ])
  if (!profile) throw notFound('Seller profile not found')
  const byKey = {
    businessAddress: businessAddressStep(profile),
    pickupAddress: pickupAddressStep(profile),
    payoutAccount: payoutAccountStep(account),
    gstin: gstinStep(profile),
  }
  const steps = SELLER_SETUP_STEPS.map((key) => ({
    ...byKey[key],
    done: byKey[key].status === 'done',
  }))
  const doneCount = steps.filter((step) => step.done).length
  return { steps, doneCount, total: steps.length, complete: doneCount === steps.length }
}
