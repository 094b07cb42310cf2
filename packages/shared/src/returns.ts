import { z } from 'zod'
import { idParam } from './api'
import { payoutAccount } from './refunds'
import { defineMachine, nextStatuses, type Transition } from './state-machine'
import { uploadedImageUrl } from './uploads'

/** Why a shopper sends items back (the return form's list). */
export const RETURN_REASONS = [
  'damaged',
  'defective',
  'wrongItem',
  'notAsDescribed',
  'noLongerNeeded',
] as const
export type ReturnReason = (typeof RETURN_REASONS)[number]
export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  damaged: 'Damaged',
  defective: 'Defective',
  wrongItem: 'Wrong item',
  notAsDescribed: 'Not as described',
  noLongerNeeded: 'No longer needed',
}

/** Photos a shopper may attach to a return. */
export const RETURN_MAX_PHOTOS = 3

/**
 * A return's life: requested by the shopper; approved (a reverse pickup is booked) or rejected by
 * the seller or an admin; received back at the seller; quality-checked: a pass restocks the items,
 * issues the credit note and releases the refund, a fail ends it without one.
 */
export const RETURN_STATUSES = [
  'requested',
  'approved',
  'rejected',
  'received',
  'qc_passed',
  'qc_failed',
] as const
export type ReturnStatus = (typeof RETURN_STATUSES)[number]
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Return requested',
  approved: 'Return approved',
  rejected: 'Return rejected',
  received: 'Received by the seller',
  qc_passed: 'Quality check passed',
  qc_failed: 'Quality check failed',
}
/** What a seller or an admin may set (`PUT /api/admin/returns/{returnId}`). */
export const RETURN_DECISIONS = [
  'approved',
  'rejected',
  'received',
  'qc_passed',
  'qc_failed',
] as const
export type ReturnDecision = (typeof RETURN_DECISIONS)[number]

export type ReturnActor = 'seller' | 'admin'

/**
 * Every move a return may make, and who may make it (state-machine.ts). An admin may also
 * override a seller: approve what was rejected, pass what failed its quality check, and reject
 * an approved return whose goods have not come back.
 */
export const RETURN_MACHINE = defineMachine('return', RETURN_STATUSES, {
  approve: { from: ['requested'], to: 'approved', actors: ['seller', 'admin'] },
  reject: { from: ['requested'], to: 'rejected', actors: ['seller', 'admin'] },
  receive: { from: ['approved'], to: 'received', actors: ['seller', 'admin'] },
  revokeApproval: { from: ['approved'], to: 'rejected', actors: ['admin'] },
  overrideRejection: { from: ['rejected'], to: 'approved', actors: ['admin'] },
  pass: { from: ['received'], to: 'qc_passed', actors: ['seller', 'admin'] },
  fail: { from: ['received'], to: 'qc_failed', actors: ['seller', 'admin'] },
  overrideFailure: { from: ['qc_failed'], to: 'qc_passed', actors: ['admin'] },
} satisfies Record<string, Transition<ReturnStatus, ReturnActor>>)
export type ReturnEvent = (typeof RETURN_MACHINE.events)[number]

/** The statuses `actor` may move a return in `from` to (the queue's buttons). */
export function nextReturnStatuses(from: ReturnStatus, actor: ReturnActor): ReturnDecision[] {
  // Every status an event reaches is a decision (RETURN_DECISIONS lists all but `requested`).
  return nextStatuses(RETURN_MACHINE, from, actor).filter(
    (s): s is ReturnDecision => s !== 'requested',
  )
}

/** Returns that still wait on someone (the queues' default view). */
export const OPEN_RETURN_STATUSES: readonly ReturnStatus[] = ['requested', 'approved', 'received']

/** `POST /api/shop/order/{orderId}/cancel`: the whole order, or one seller's part, before it ships. */
export const cancelOrderBody = z.object({
  subOrderId: idParam.optional(),
  reason: z
    .string({ error: 'Tell us why you are cancelling' })
    .trim()
    .min(1, 'Tell us why you are cancelling')
    .max(300, 'Keep the reason under 300 characters'),
})
export type CancelOrderInput = z.infer<typeof cancelOrderBody>
/** The reasons the cancel dialog offers (the shopper may also write their own). */
export const CANCEL_REASONS = [
  'Ordered by mistake',
  'Found a better price elsewhere',
  'Delivery takes too long',
  'Changed my mind',
] as const

/** `POST /api/shop/order/{orderId}/returns`. */
export const createReturnBody = z.object({
  items: z
    .array(
      z.object({
        productId: idParam,
        quantity: z.number({ error: 'Enter a quantity' }).int().min(1, 'Return at least one'),
      }),
    )
    .min(1, 'Choose the items to return')
    .max(50),
  reason: z.enum(RETURN_REASONS, 'Choose a reason'),
  note: z.string().trim().max(1000, 'Keep the note under 1,000 characters').optional(),
  photos: z
    .array(uploadedImageUrl('Photo'))
    .max(RETURN_MAX_PHOTOS, `Attach up to ${RETURN_MAX_PHOTOS} photos`)
    .optional(),
  /** Cash on delivery only: where the refund is paid (refused for orders paid online). */
  payout: payoutAccount.optional(),
})
export type CreateReturnInput = z.infer<typeof createReturnBody>

export const returnLine = z.object({
  productId: z.uuid(),
  title: z.string(),
  image: z.string(),
  /** Rupees per unit, as charged. */
  price: z.number(),
  quantity: z.number().int(),
})

/** A reverse pickup booked with the courier when the return is approved. */
export const returnPickup = z.object({
  courier: z.string(),
  awb: z.string(),
  labelUrl: z.string().nullable(),
})

export const orderReturn = z.object({
  _id: z.uuid(),
  orderId: z.uuid(),
  subOrderId: z.uuid(),
  seller: z.string(),
  status: z.enum(RETURN_STATUSES),
  reason: z.enum(RETURN_REASONS),
  note: z.string().nullable(),
  photos: z.array(z.string()),
  items: z.array(returnLine),
  /** Rupees: what the returned items were charged (shipping charges are not refunded). */
  amount: z.number(),
  /** The seller's or admin's note on the last decision. */
  decisionNote: z.string().nullable(),
  pickup: returnPickup.nullable(),
  requestedAt: z.iso.datetime(),
  /** The seller is to approve or reject by then (RETURN_DECISION_DAYS). */
  decideBy: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
  receivedAt: z.iso.datetime().nullable(),
  checkedAt: z.iso.datetime().nullable(),
})
export type OrderReturn = z.infer<typeof orderReturn>

export const createReturnResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** One return per seller whose items were chosen. */
  data: z.array(orderReturn),
})
export type CreateReturnResponse = z.infer<typeof createReturnResponse>

export const cancelOrderResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  orderStatus: z.string(),
})
export type CancelOrderResponse = z.infer<typeof cancelOrderResponse>

/** The back office's queue: a seller sees its own returns, an admin all of them. */
export const adminReturn = orderReturn.extend({
  orderNumber: z.string(),
  customerName: z.string(),
  /** Past its decide-by day (still requested), or received and unchecked for as long. */
  overdue: z.boolean(),
  /** What the caller may set it to now. */
  next: z.array(z.enum(RETURN_DECISIONS)),
})
export type AdminReturn = z.infer<typeof adminReturn>
export const ADMIN_RETURN_FILTERS = ['open', 'overdue', 'closed', 'all'] as const
export type AdminReturnFilter = (typeof ADMIN_RETURN_FILTERS)[number]
export const adminReturnsQuery = z.object({
  filter: z.enum(ADMIN_RETURN_FILTERS).default('open'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
})
export const adminReturnListResponse = z.object({
  success: z.literal(true),
  data: z.array(adminReturn),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
})
export type AdminReturnListResponse = z.infer<typeof adminReturnListResponse>
export const returnIdParams = z.object({ returnId: idParam })
export const updateReturnBody = z.object({
  status: z.enum(
    RETURN_DECISIONS,
    'status must be approved, rejected, received, qc_passed or qc_failed',
  ),
  note: z.string().trim().max(500, 'Keep the note under 500 characters').optional(),
})
export type UpdateReturnInput = z.infer<typeof updateReturnBody>
export const updateReturnResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: adminReturn,
})
