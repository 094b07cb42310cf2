import { z } from 'zod'
import type { App } from '../app-types'
import type { ShopClock } from '../lib/shop-clock'

const advanceInput = z.object({
  days: z.number().int().min(1, 'Move at least a day').max(60, 'Move at most 60 days'),
})

/**
 * `POST /api/admin/test-clock`: moves the shop's clock forward (SHOP_CLOCK_CONTROL=true only,
 * which production refuses): the e2e payout journey lets a delivered part's return window close.
 * Admins only; answers the shop's new time.
 */
export async function testClockRoutes(app: App, opts: { clock: ShopClock }) {
  app.post(
    '/admin/test-clock',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['testing'],
        summary: "Moves the shop's clock forward by whole days (test shops only)",
        body: advanceInput,
      },
    },
    async (request) => {
      const at = opts.clock.advance(request.body.days * 86_400_000)
      return { success: true as const, now: at.toISOString() }
    },
  )
}
