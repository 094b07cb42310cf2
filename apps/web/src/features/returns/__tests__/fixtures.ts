import type { AdminRefund, AdminReturn } from '@techbazaar/shared'

const id = (prefix: string, n: number) => `${prefix}-5e6f-4a7b-8c9d-${String(n).padStart(12, '0')}`

/** A return in the back office's queue; `n` picks its ids and order number. */
export function adminReturn(n: number, overrides: Partial<AdminReturn> = {}): AdminReturn {
  return {
    _id: id('7a6b5c4d', n),
    orderId: id('1d2c3b4a', n),
    subOrderId: id('9a8b7c6d', n),
    orderNumber: `TB-${10300 + n}`,
    customerName: 'Asha Rao',
    seller: 'Tech Tokri',
    status: 'requested',
    reason: 'defective',
    note: null,
    photos: [],
    items: [
      {
        productId: id('2b3c4d5e', n),
        title: 'Redmi 13C',
        image: '/uploads/redmi.webp',
        price: 999,
        quantity: 2,
      },
    ],
    amount: 1998,
    decisionNote: null,
    pickup: null,
    requestedAt: '2026-11-20T06:30:00.000Z',
    decideBy: '2026-11-22T06:30:00.000Z',
    decidedAt: null,
    receivedAt: null,
    checkedAt: null,
    overdue: false,
    next: ['approved', 'rejected'],
    ...overrides,
  }
}

/** A refund in the admin's list; `n` picks its ids and order number. */
export function adminRefund(n: number, overrides: Partial<AdminRefund> = {}): AdminRefund {
  return {
    _id: id('3c2b1a0f', n),
    orderId: id('1d2c3b4a', n),
    orderNumber: `TB-${10400 + n}`,
    customerName: 'Meera Iyer',
    amount: 1999,
    status: 'initiated',
    method: 'original',
    cause: 'return',
    reference: null,
    subOrderId: id('9a8b7c6d', n),
    returnId: null,
    payoutTo: null,
    payout: null,
    provider: 'CASHFREE',
    failure: null,
    createdAt: '2026-11-24T06:30:00.000Z',
    expectedBy: '2026-12-04T06:30:00.000Z',
    completedAt: null,
    overdue: false,
    ...overrides,
  }
}

/** The list answer the API gives for `rows` (20 a page). */
export const page = <T>(rows: T[], total = rows.length, n = 1) => ({
  data: rows,
  total,
  page: n,
  pages: Math.max(1, Math.ceil(total / 20)),
})
