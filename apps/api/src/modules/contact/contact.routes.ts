import { contactMessageBody, contactMessageResponse } from '@techbazaar/shared'
import type { App } from '../../app-types'
import { contactMessages } from '../../db/schema'
import { grievancePolicyOf, openContactTicket } from '../grievances'

export async function contactRoutes(app: App) {
  const policy = grievancePolicyOf(app.deps.config, app.deps.now)
  app.post(
    '/common/contact',
    {
      schema: {
        tags: ['contact'],
        summary:
          'Stores a Contact Us message for the admins and opens a grievance ticket (issue 30.7): answers its number',
        body: contactMessageBody,
        response: { 201: contactMessageResponse },
      },
      // A form anyone can post: limit per IP so it cannot be used to flood the admins' inbox.
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 hour' } },
    },
    async (request, reply) => {
      // Every message is a complaint the law asks to track (decision 071): a ticket with a
      // number the sender follows (in their account when signed in, else by number and email),
      // stored with the message or not at all.
      const ticket = await app.deps.db.transaction(async (tx) => {
        await tx.insert(contactMessages).values(request.body)
        return openContactTicket({ tx, policy }, request.body, request.user)
      })
      return reply.status(201).send({
        success: true as const,
        message: `Thank you for contacting us! Your ticket number is ${ticket.number}; we will get back to you soon.`,
        ticketNumber: ticket.number,
      })
    },
  )
}
