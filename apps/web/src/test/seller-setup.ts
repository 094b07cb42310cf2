import type { SellerSetup, SellerSetupStep } from '@techbazaar/shared'

/** A step as the API answers it; `status` decides `done`. */
export function setupStep(
  key: SellerSetupStep['key'],
  status: SellerSetupStep['status'],
  overrides: Partial<SellerSetupStep> = {},
): SellerSetupStep {
  const base: Record<SellerSetupStep['key'], Omit<SellerSetupStep, 'status' | 'done'>> = {
    businessAddress: {
      key,
      label: 'Business address',
      detail: 'Add your legal business name, address, city, state and PIN code.',
      fixPath: '/admin/business-address',
      fixLabel: 'Add your business address',
    },
    pickupAddress: {
      key,
      label: 'Pickup address',
      detail:
        'The courier picks parcels up from your business address: add it before you ship an order.',
      fixPath: '/admin/business-address',
      fixLabel: 'Add your business address',
    },
    payoutAccount: {
      key,
      label: 'Bank account for payouts',
      detail: 'Add your PAN and the bank account we pay your earnings to.',
      fixPath: '/admin/earnings',
      fixLabel: 'Add bank account',
    },
    gstin: {
      key,
      label: 'GSTIN verified',
      detail: 'The marketplace verifies 27AAAAA0001A1Z5 with the GST network when it approves you.',
      fixPath: '/contact-us',
      fixLabel: 'Contact the marketplace',
    },
  }
  return { ...base[key], status, done: status === 'done', ...overrides }
}

/** A checklist from its four statuses, in the API's order. */
export function sellerSetup(
  statuses: Record<SellerSetupStep['key'], SellerSetupStep['status']>,
): SellerSetup {
  const steps = (['businessAddress', 'pickupAddress', 'payoutAccount', 'gstin'] as const).map(
    (key) => setupStep(key, statuses[key]),
  )
  const doneCount = steps.filter((step) => step.done).length
  return { steps, doneCount, total: steps.length, complete: doneCount === steps.length }
}

export const SETUP_COMPLETE = sellerSetup({
  businessAddress: 'done',
  pickupAddress: 'done',
  payoutAccount: 'done',
  gstin: 'done',
})
