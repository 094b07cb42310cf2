import { contactMessageBody, messageResponse } from '@techbazaar/shared'
import type { App } from '../../app-types'
import { contactMessages } from '../../db/schema'

export async function contactRoutes(app: App) {
  app.post(
    '/common/contact',
    {
      schema: {
        tags: ['contact'],
        summary: 'Store a Contact Us message for the admins',
        body: contactMessageBody,
        response: { 201: messageResponse },
      },
      // A form anyone can post: limit per IP so it cannot be used to flood the admins' inbox.
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 hour' } },
    },
    async (request, reply) => {
      await app.deps.db.insert(contactMessages).values(request.body)
      return reply.status(201).send({
        success: true as const,
        message: 'Thank you for contacting us! We will get back to you soon.',
      })
    },
  )
}
