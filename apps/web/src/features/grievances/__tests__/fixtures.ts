import type { AdminGrievanceTicket } from '@techbazaar/shared'

export const TICKET_ID = 'c0ffee00-0000-4000-8000-00000000d001'

/** A ticket as the back office reads it; pass only what the test is about. */
export function createAdminTicket(
  overrides: Partial<AdminGrievanceTicket> = {},
): AdminGrievanceTicket {
  return {
    _id: TICKET_ID,
    number: 'GRV-000012',
    source: 'order',
    status: 'open',
    subject: 'Damaged or defective item (order TB-10234)',
    category: 'damaged',
    orderId: 'c0ffee00-0000-4000-8000-00000000a001',
    orderNumber: 'TB-10234',
    seller: 'Store Pune',
    sellerGrievanceOfficer: null,
    createdAt: '2026-11-22T10:00:00.000Z',
    acknowledgeBy: '2026-11-24T10:00:00.000Z',
    resolveBy: '2026-12-22T10:00:00.000Z',
    acknowledgedAt: null,
    escalatedAt: null,
    resolvedAt: null,
    overdue: false,
    canAppeal: false,
    thread: [
      {
        event: 'open',
        author: 'complainant',
        authorName: 'Meera',
        message: 'The screen arrived cracked.',
        at: '2026-11-22T10:00:00.000Z',
      },
    ],
    name: 'Meera',
    email: 'meera@example.in',
    assignee: null,
    actions: ['acknowledge', 'reply', 'escalate', 'resolve'],
    ...overrides,
  }
}
