import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { App } from '../../app-types'
import { badRequest, notFound } from '../../lib/errors'
import type { PayoutEvent } from '../../payouts/types'
import type { PayoutDeps } from './deps'
import { recordRailState } from './payout-sender'

/**
 * The payout rails' webhooks (`/api/payouts/{rail}/webhook`): authenticated on the exact bytes
 * the rail sent, so the body stays a string. A replayed or late notification changes nothing
 * (recordRailState's moves are conditional); one about a payout the shop does not know is
 * acknowledged, since a rail retries anything but a 2xx.
 */
export async function payoutWebhookRoutes(app: App, deps: PayoutDeps) {
  await app.register(async (raw) => {
    raw.removeContentTypeParser('application/json')
    raw.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, String(body)),
    )
    raw.withTypeProvider<ZodTypeProvider>().post(
      '/payouts/:rail/webhook',
      {
        // No session: the rail's signature is the credential.
        config: { access: 'public' },
        schema: {
          tags: ['payouts'],
          summary: 'Payout rails’ notifications of a payout paid, failed or reversed',
          params: z.object({ rail: z.string().max(20) }),
          body: z.string().max(100_000),
        },
      },
      async (request) => {
        const rail = deps.rails.rail(request.params.rail.toUpperCase())
        if (!rail || rail.sandbox) throw notFound('Unknown payout rail')
        let event: PayoutEvent | null
        try {
          event = rail.verifyWebhook({ rawBody: request.body, headers: request.headers })
        } catch {
          throw badRequest('Invalid payout notification')
        }
        if (!event || !UUID.test(event.payoutId)) return { success: true, applied: false }
        const moved = await recordRailState(deps, event.payoutId, event)
        return { success: true, applied: moved !== null }
      },
    )
  })
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
