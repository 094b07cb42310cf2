import { z } from 'zod'
import { idParam } from './api'
import { defineMachine, nextStatuses, type Transition } from './state-machine'
import { emailField, requiredText } from './validators'

/*
 * Grievances (Consumer Protection (E-Commerce) Rules 2020 r.4(4)-(5), r.5(3)(b), r.6(5)(b);
 * issue 30.7, decision 071): a complaint gets a ticket number, is acknowledged within
 * GRIEVANCE_ACK_HOURS and resolved within GRIEVANCE_RESOLVE_DAYS, both tracked as due dates.
 */

/** Where a ticket came from: the Contact Us form (anyone) or an order's "Report a problem". */
export const GRIEVANCE_SOURCES = ['contact', 'order'] as const
export type GrievanceSource = (typeof GRIEVANCE_SOURCES)[number]

/** What an order's problem is about (the report form's list). */
export const GRIEVANCE_CATEGORIES = [
  'delivery',
  'damaged',
  'wrongItem',
  'refund',
  'payment',
  'seller',
  'other',
] as const
export type GrievanceCategory = (typeof GRIEVANCE_CATEGORIES)[number]
export const GRIEVANCE_CATEGORY_LABELS: Record<GrievanceCategory, string> = {
  delivery: 'Delivery or tracking',
  damaged: 'Damaged or defective item',
  wrongItem: 'Wrong or missing item',
  refund: 'Refund or return',
  payment: 'Payment or invoice',
  seller: "The seller's conduct",
  other: 'Something else',
}

/**
 * A ticket's life: open until a person acknowledges it (a reply or a resolution acknowledges it
 * too); escalated to the grievance officer by the seller or an admin, or by the complainant who
 * is not satisfied with a resolution; resolved; closed when the grievance officer resolves an
 * escalated ticket (final: nothing leaves it).
 */
export const GRIEVANCE_STATUSES = [
  'open',
  'acknowledged',
  'escalated',
  'resolved',
  'closed',
] as const
export type GrievanceStatus = (typeof GRIEVANCE_STATUSES)[number]
export const GRIEVANCE_STATUS_LABELS: Record<GrievanceStatus, string> = {
  open: 'Received',
  acknowledged: 'Acknowledged',
  escalated: 'With the grievance officer',
  resolved: 'Resolved',
  closed: 'Closed by the grievance officer',
}

/** Who moves a ticket: its complainant, the seller concerned, a marketplace admin. */
export const GRIEVANCE_ACTORS = ['complainant', 'seller', 'admin'] as const
export type GrievanceActor = (typeof GRIEVANCE_ACTORS)[number]

/**
 * Every move a ticket may make, and who may make it (state-machine.ts); anything else is refused
 * (409). A reply or an assignment moves nothing, but a staff reply to an open ticket acknowledges
 * it (`acknowledge` is then applied first). The grievance officer is a marketplace admin: only
 * admins work escalated tickets.
 */
export const GRIEVANCE_MACHINE = defineMachine('grievance', GRIEVANCE_STATUSES, {
  acknowledge: { from: ['open'], to: 'acknowledged', actors: ['seller', 'admin'] },
  escalate: { from: ['open', 'acknowledged'], to: 'escalated', actors: ['seller', 'admin'] },
  resolve: { from: ['open', 'acknowledged'], to: 'resolved', actors: ['seller', 'admin'] },
  /** The complainant is not satisfied with the resolution: the grievance officer takes it up. */
  appeal: { from: ['resolved'], to: 'escalated', actors: ['complainant'] },
  /** The grievance officer's resolution of an escalated ticket, which ends it. */
  close: { from: ['escalated'], to: 'closed', actors: ['admin'] },
} satisfies Record<string, Transition<GrievanceStatus, GrievanceActor>>)
export type GrievanceEvent = (typeof GRIEVANCE_MACHINE.events)[number]

/** Tickets that still wait on the shop (the queue's default view, the dashboard's count). */
export const OPEN_GRIEVANCE_STATUSES: readonly GrievanceStatus[] = [
  'open',
  'acknowledged',
  'escalated',
]

/** What the back office may do to a ticket (`PUT /api/admin/grievances/{ticketId}`). */
export const GRIEVANCE_STAFF_ACTIONS = [
  'acknowledge',
  'reply',
  'assign',
  'escalate',
  'resolve',
  'close',
] as const
export type GrievanceStaffAction = (typeof GRIEVANCE_STAFF_ACTIONS)[number]

/** The actions `actor` may take on a ticket in `status` (the queue's buttons). */
export function grievanceActionsFor(
  status: GrievanceStatus,
  actor: 'seller' | 'admin',
): GrievanceStaffAction[] {
  const moves = nextStatuses(GRIEVANCE_MACHINE, status, actor)
  const actions: GrievanceStaffAction[] = []
  if (moves.includes('acknowledged')) actions.push('acknowledge')
  if (status !== 'closed') actions.push('reply')
  if (actor === 'admin' && status !== 'closed') actions.push('assign')
  if (moves.includes('escalated')) actions.push('escalate')
  if (moves.includes('resolved')) actions.push('resolve')
  if (moves.includes('closed')) actions.push('close')
  return actions
}

/** A ticket's ticket number as people read and type it: GRV-000123. */
export function formatTicketNumber(n: number): string {
  return `GRV-${String(n).padStart(6, '0')}`
}
/** The number in a typed ticket number ("GRV-000123", "grv 123", "123"), or null. */
export function parseTicketNumber(text: string): number | null {
  const m = /^\s*(?:grv[\s-]*)?0*(\d{1,9})\s*$/i.exec(text)
  return m ? Number(m[1]) : null
}

const ticketText = (label: string, max: number) => requiredText(label, max)

/** `POST /api/shop/order/{orderId}/grievances`: "Report a problem" on an order. */
export const createOrderGrievanceBody = z.object({
  /** The seller's part it is about; optional when the order has one seller. */
  subOrderId: idParam.optional(),
  category: z.enum(GRIEVANCE_CATEGORIES, 'Choose what the problem is about'),
  message: ticketText('Describe the problem', 5000),
})
export type CreateOrderGrievanceInput = z.infer<typeof createOrderGrievanceBody>

/** A reply on a ticket (the complainant's or the back office's). */
export const grievanceReplyBody = z.object({ message: ticketText('Message', 5000) })
export type GrievanceReplyInput = z.infer<typeof grievanceReplyBody>

/** `POST /api/common/grievances/track`: a guest follows a ticket by its number and email. */
export const trackGrievanceBody = z.object({
  number: z
    .string({ error: 'Ticket number is required' })
    .trim()
    .min(1, 'Ticket number is required')
    .max(20)
    .refine((v) => parseTicketNumber(v) !== null, 'Enter a ticket number like GRV-000123'),
  email: emailField(),
})
export type TrackGrievanceInput = z.input<typeof trackGrievanceBody>

/** `PUT /api/admin/grievances/{ticketId}`. */
export const updateGrievanceBody = z
  .object({
    action: z.enum(
      GRIEVANCE_STAFF_ACTIONS,
      'action must be acknowledge, reply, assign, escalate, resolve or close',
    ),
    message: z.string().trim().max(5000, 'Keep the message under 5,000 characters').optional(),
    /** assign: the marketplace admin who takes the ticket. */
    assigneeId: idParam.optional(),
  })
  .superRefine((body, ctx) => {
    const needsMessage = ['reply', 'resolve', 'close'].includes(body.action)
    if (needsMessage && !body.message) {
      ctx.addIssue({
        code: 'custom',
        path: ['message'],
        message:
          body.action === 'reply'
            ? 'Message is required'
            : 'Tell the complainant how it was resolved',
      })
    }
    if (body.action === 'assign' && !body.assigneeId) {
      ctx.addIssue({ code: 'custom', path: ['assigneeId'], message: 'Choose who takes the ticket' })
    }
  })
export type UpdateGrievanceInput = z.input<typeof updateGrievanceBody>

export const grievanceIdParams = z.object({ ticketId: idParam })

/** A grievance officer as the law asks to publish: name, designation and contact. */
export const grievanceOfficer = z.object({
  name: z.string(),
  designation: z.string(),
  email: z.string(),
  phone: z.string(),
})
export type GrievanceOfficer = z.infer<typeof grievanceOfficer>
export const grievanceOfficerResponse = z.object({
  success: z.literal(true),
  data: grievanceOfficer,
})

/** A seller names its own grievance officer (`PUT /api/admin/grievance-officer`). */
export const sellerGrievanceOfficerBody = z.object({
  name: requiredText('Name', 100),
  designation: requiredText('Designation', 100),
  email: emailField(),
  phone: z
    .string({ error: 'Phone is required' })
    .trim()
    .regex(/^\+?[0-9][0-9 ()-]{5,17}[0-9]$/, 'Phone must be a number like 98765 43210'),
})
export type SellerGrievanceOfficerInput = z.infer<typeof sellerGrievanceOfficerBody>
export const sellerGrievanceOfficerResponse = z.object({
  success: z.literal(true),
  data: grievanceOfficer.nullable(),
})

/** One line of a ticket's thread: a message or a step, by whom. */
export const grievanceEntry = z.object({
  event: z.enum([
    'open',
    'reply',
    'acknowledge',
    'assign',
    'escalate',
    'resolve',
    'appeal',
    'close',
  ]),
  author: z.enum(GRIEVANCE_ACTORS),
  /** The author's display name for staff ("TechBazaar", the seller's name), the complainant's own. */
  authorName: z.string(),
  message: z.string().nullable(),
  at: z.iso.datetime(),
})
export type GrievanceEntry = z.infer<typeof grievanceEntry>

/** A ticket as its complainant sees it. */
export const grievanceTicket = z.object({
  _id: z.uuid(),
  number: z.string(),
  source: z.enum(GRIEVANCE_SOURCES),
  status: z.enum(GRIEVANCE_STATUSES),
  subject: z.string(),
  category: z.enum(GRIEVANCE_CATEGORIES).nullable(),
  orderId: z.uuid().nullable(),
  orderNumber: z.string().nullable(),
  /** The seller it concerns, when an order's part. */
  seller: z.string().nullable(),
  /** Who to go to next: the seller's own officer, and the marketplace's for escalation. */
  sellerGrievanceOfficer: grievanceOfficer.nullable(),
  createdAt: z.iso.datetime(),
  /** The shop is to acknowledge it by then, and resolve it by then. */
  acknowledgeBy: z.iso.datetime(),
  resolveBy: z.iso.datetime(),
  acknowledgedAt: z.iso.datetime().nullable(),
  escalatedAt: z.iso.datetime().nullable(),
  resolvedAt: z.iso.datetime().nullable(),
  /** Past either due date without the step done. */
  overdue: z.boolean(),
  /** The complainant may appeal the resolution to the grievance officer. */
  canAppeal: z.boolean(),
  thread: z.array(grievanceEntry),
})
export type GrievanceTicket = z.infer<typeof grievanceTicket>

/** A ticket as the back office sees it: the complainant's contact and what the caller may do. */
export const adminGrievanceTicket = grievanceTicket.extend({
  name: z.string(),
  email: z.string(),
  assignee: z.object({ _id: z.uuid(), name: z.string() }).nullable(),
  actions: z.array(z.enum(GRIEVANCE_STAFF_ACTIONS)),
})
export type AdminGrievanceTicket = z.infer<typeof adminGrievanceTicket>

export const grievanceTicketResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: grievanceTicket,
})
export type GrievanceTicketResponse = z.infer<typeof grievanceTicketResponse>
export const grievanceTicketListResponse = z.object({
  success: z.literal(true),
  data: z.array(grievanceTicket),
})
export type GrievanceTicketListResponse = z.infer<typeof grievanceTicketListResponse>
export const adminGrievanceTicketResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: adminGrievanceTicket,
})
export type AdminGrievanceTicketResponse = z.infer<typeof adminGrievanceTicketResponse>

export const ADMIN_GRIEVANCE_FILTERS = ['open', 'overdue', 'closed', 'all'] as const
export type AdminGrievanceFilter = (typeof ADMIN_GRIEVANCE_FILTERS)[number]
export const adminGrievancesQuery = z.object({
  filter: z.enum(ADMIN_GRIEVANCE_FILTERS).default('open'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
})
export const adminGrievanceListResponse = z.object({
  success: z.literal(true),
  data: z.array(adminGrievanceTicket),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
})
export type AdminGrievanceListResponse = z.infer<typeof adminGrievanceListResponse>

/** The contact form's answer: the thanks, with the ticket it opened. */
export const contactMessageResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  ticketNumber: z.string(),
})
export type ContactMessageResponse = z.infer<typeof contactMessageResponse>
