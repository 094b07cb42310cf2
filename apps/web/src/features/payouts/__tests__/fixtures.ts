import type { PayoutRun, PayoutRunResponse } from '@techbazaar/shared'
import { createUser, ok } from '@/test/api-helpers'
import { createPayout, runIdOf, sellerIdOf } from '@/test/payout-fixtures'

export const admin = () =>
  ok({ user: createUser({ role: 'admin', type: 'admin', userName: 'Admin' }) })

const NO_COUNTS: PayoutRun['counts'] = {
  preview: 0,
  queued: 0,
  processing: 0,
  paid: 0,
  failed: 0,
  cancelled: 0,
}

/** A run in the admins' list; `n` picks its id. */
export function createRun(n: number, overrides: Partial<PayoutRun> = {}): PayoutRun {
  return {
    _id: runIdOf(n),
    trigger: 'schedule',
    status: 'approved',
    rail: 'CASHFREE',
    createdAt: '2026-11-24T04:30:00.000Z',
    approvedAt: '2026-11-24T05:00:00.000Z',
    total: 15434.19,
    counts: { ...NO_COUNTS, paid: 2 },
    ...overrides,
  }
}

export type RunDetail = PayoutRunResponse['data']

/** A run awaiting approval: two payouts (accounts in full, as admins see them), one skipped. */
export function previewRun(overrides: Partial<RunDetail> = {}): RunDetail {
  const payout = { status: 'preview', utr: null, settledAt: null } as const
  return {
    ...createRun(1, {
      status: 'preview',
      trigger: 'admin',
      approvedAt: null,
      total: 15434.19,
      counts: { ...NO_COUNTS, preview: 2 },
    }),
    payouts: [
      createPayout(1, { ...payout, amount: 12000, accountNumber: '50100123459012' }),
      createPayout(2, {
        ...payout,
        sellerName: 'Mobile Mandi',
        holderName: 'Mobile Mandi LLP',
        amount: 3434.19,
        accountNumber: '001234567890',
        ifsc: 'SBIN0001234',
      }),
    ],
    skipped: [
      {
        sellerId: sellerIdOf(3),
        sellerName: 'Gadget Ghar',
        amount: 1299,
        reason: 'No verified bank account',
      },
    ],
    ...overrides,
  }
}
