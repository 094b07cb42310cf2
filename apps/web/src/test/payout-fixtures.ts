import type { Payout } from '@techbazaar/shared'

const id = (prefix: string, n: number) => `${prefix}-5e6f-4a7b-8c9d-${String(n).padStart(12, '0')}`

export const sellerIdOf = (n: number) => id('0b8f3f3e', n)
export const runIdOf = (n: number) => id('3c4d5e6f', n)

/** A payout with sensible defaults (paid, with a UTR); `n` picks its ids. */
export function createPayout(n: number, overrides: Partial<Payout> = {}): Payout {
  return {
    _id: id('6f5e4d3c', n),
    runId: runIdOf(1),
    sellerId: sellerIdOf(n),
    sellerName: 'Tech Tokri',
    amount: 3434.19,
    status: 'paid',
    rail: 'CASHFREE',
    holderName: 'Tech Tokri Retail',
    accountNumber: '••••9012',
    ifsc: 'HDFC0001234',
    utr: `HDFCN5260${String(n).padStart(7, '0')}`,
    failureReason: null,
    createdAt: '2026-11-24T04:30:00.000Z',
    settledAt: '2026-11-24T06:00:00.000Z',
    retryable: false,
    ...overrides,
  }
}
