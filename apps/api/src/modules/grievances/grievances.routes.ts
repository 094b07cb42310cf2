import {
  adminGrievanceListResponse,
  adminGrievancesQuery,
  adminGrievanceTicketResponse,
  createOrderGrievanceBody,
  grievanceIdParams,
  grievanceOfficerResponse,
  grievanceReplyBody,
  grievanceTicketListResponse,
  grievanceTicketResponse,
  orderIdParams,
  sellerGrievanceOfficerBody,
  sellerGrievanceOfficerResponse,
  trackGrievanceBody,
  updateGrievanceBody,
} from '@techbazaar/shared'
import type { App } from '../../app-types'
import { assertSelf } from '../../plugins/auth'
import { actOnTicket, complainantWrites, readStaffTicket } from './grievance-steps'
import { listQueue, saveSellerOfficer, sellerOfficer } from './grievance-queue'
import {
  listOwnTickets,
  openOrderTicket,
  readOwnTicket,
  trackTicket,
  type GrievanceDeps,
} from './grievances.service'
import { toAdminTicket, toTicket } from './grievances.view'
import { grievancePolicyOf } from './policy-of'

const tags = ['grievances']

export async function grievancesRoutes(app: App) {
  const policy = grievancePolicyOf(app.deps.config, app.deps.now)
  const deps: GrievanceDeps = { db: app.deps.db, policy }

  app.get(
    '/common/grievance-officer',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "The marketplace's grievance officer: name, designation and contact (r.4(4))",
        response: { 200: grievanceOfficerResponse },
      },
    },
    async () => ({ success: true as const, data: policy.officer }),
  )

  app.post(
    '/common/grievances/track',
    {
      // Anyone with a ticket's number and its email: limited per IP so numbers cannot be tried.
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '1 hour' } },
      schema: {
        tags,
        summary: 'Follows a ticket by its number and the email it was sent from (guests)',
        body: trackGrievanceBody,
        response: { 200: grievanceTicketResponse },
      },
    },
    async (request) => ({ success: true as const, data: await trackTicket(deps, request.body) }),
  )

  app.post(
    '/shop/order/:orderId/grievances',
    {
      config: { access: 'shopper' },
      schema: {
        tags,
        summary:
          "Reports a problem with the caller's order: opens a ticket for the seller concerned and the marketplace",
        params: orderIdParams,
        body: createOrderGrievanceBody,
        response: { 201: grievanceTicketResponse },
      },
    },
    async (request, reply) => {
      const data = await openOrderTicket(
        deps,
        assertSelf(request, undefined),
        request.params.orderId,
        request.body,
      )
      return reply.status(201).send({
        success: true as const,
        message: `We have your complaint: ticket ${data.number}`,
        data,
      })
    },
  )

  app.get(
    '/shop/grievances',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The caller's own tickets, newest first",
        response: { 200: grievanceTicketListResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listOwnTickets(deps, assertSelf(request, undefined)),
    }),
  )

  app.get(
    '/shop/grievances/:ticketId',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'One of the caller’s own tickets with its thread',
        params: grievanceIdParams,
        response: { 200: grievanceTicketResponse },
      },
    },
    async (request) => {
      const record = await readOwnTicket(
        app.deps.db,
        assertSelf(request, undefined),
        request.params.ticketId,
      )
      return { success: true as const, data: toTicket(record, policy.now(), policy.shopName) }
    },
  )

  for (const kind of ['reply', 'appeal'] as const) {
    app.post(
      `/shop/grievances/:ticketId/${kind}`,
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary:
            kind === 'reply'
              ? 'The complainant replies on their own ticket'
              : 'The complainant, not satisfied with the resolution, takes it to the grievance officer',
          params: grievanceIdParams,
          body: grievanceReplyBody,
          response: { 200: grievanceTicketResponse },
        },
      },
      async (request) => {
        const user = assertSelf(request, undefined)
        await complainantWrites(deps, user, request.params.ticketId, kind, request.body.message)
        const record = await readOwnTicket(app.deps.db, user, request.params.ticketId)
        return {
          success: true as const,
          message:
            kind === 'reply' ? 'Reply sent' : 'Your complaint is now with our grievance officer',
          data: toTicket(record, policy.now(), policy.shopName),
        }
      },
    )
  }

  app.get(
    '/admin/grievances',
    {
      config: { access: 'backOffice' },
      schema: {
        tags,
        summary:
          "The grievance queue, newest first, 20 a page: a seller's own orders' tickets, an admin's all; open, overdue, closed or all",
        querystring: adminGrievancesQuery,
        response: { 200: adminGrievanceListResponse },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await listQueue(deps, assertSelf(request, undefined), request.query)),
    }),
  )

  app.get(
    '/admin/grievances/:ticketId',
    {
      config: { access: 'backOffice' },
      schema: {
        tags,
        summary: 'One ticket of the queue with its thread and what the caller may do',
        params: grievanceIdParams,
        response: { 200: adminGrievanceTicketResponse },
      },
    },
    async (request) => {
      const viewer = assertSelf(request, undefined)
      const record = await readStaffTicket(app.deps.db, viewer, request.params.ticketId)
      return {
        success: true as const,
        data: toAdminTicket(record, viewer, policy.now(), policy.shopName),
      }
    },
  )

  app.put(
    '/admin/grievances/:ticketId',
    {
      config: { access: 'backOffice' },
      schema: {
        tags,
        summary:
          'Acknowledges, replies to, assigns, escalates to the grievance officer, resolves or closes a ticket; mails each step',
        params: grievanceIdParams,
        body: updateGrievanceBody,
        response: { 200: adminGrievanceTicketResponse },
      },
    },
    async (request) => {
      const viewer = assertSelf(request, undefined)
      const message = await actOnTicket(deps, viewer, request.params.ticketId, request.body)
      const record = await readStaffTicket(app.deps.db, viewer, request.params.ticketId)
      return {
        success: true as const,
        message,
        data: toAdminTicket(record, viewer, policy.now(), policy.shopName),
      }
    },
  )

  app.get(
    '/admin/grievance-officer',
    {
      config: { access: 'seller' },
      schema: {
        tags,
        summary: "The seller's own grievance officer, or null until it names one",
        response: { 200: sellerGrievanceOfficerResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await sellerOfficer(app.deps.db, assertSelf(request, undefined).id),
    }),
  )

  app.put(
    '/admin/grievance-officer',
    {
      config: { access: 'seller' },
      schema: {
        tags,
        summary: 'The seller names its own grievance officer (shown to shoppers on its tickets)',
        body: sellerGrievanceOfficerBody,
        response: { 200: sellerGrievanceOfficerResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await saveSellerOfficer(app.deps.db, assertSelf(request, undefined).id, request.body),
    }),
  )
}
