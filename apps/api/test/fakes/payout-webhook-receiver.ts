import Fastify from 'fastify'
import { PayoutRailAuthError, type PayoutEvent, type PayoutRail } from '../../src/payouts/types'

/**
 * A bare HTTP endpoint on 127.0.0.1 that hands each POST's raw bytes and headers to
 * `rail.verifyWebhook`, as the shop's webhook route will: 200 with the event, 400 when refused.
 * Lets a test have a fake send its signed webhook over HTTP rather than hand it in.
 */
export async function startWebhookReceiver(rail: PayoutRail) {
  const received: (PayoutEvent | null)[] = []
  const app = Fastify()
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  )
  app.post('/webhook', async (request, reply) => {
    try {
      const event = rail.verifyWebhook({ rawBody: String(request.body), headers: request.headers })
      received.push(event)
      return { ok: true }
    } catch (err) {
      if (err instanceof PayoutRailAuthError) return reply.status(400).send({ ok: false })
      throw err
    }
  })
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  return { url: `${address}/webhook`, received, close: () => app.close() }
}
