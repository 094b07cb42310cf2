import { sellerSetupResponse } from '@techbazaar/shared'
import type { App } from '../../app-types'
import { unauthorized } from '../../lib/errors'
import { sellerSetupOf } from './seller-setup.service'

const tags = ['sellers']

/** The signed-in seller's own checklist; there is no way to name another seller. */
export async function sellerSetupRoutes(app: App) {
  const { db } = app.deps

  app.get(
    '/admin/seller-setup',
    {
      schema: {
        tags,
        summary:
          'The seller’s setup checklist: business address, pickup address, payout bank account and GSTIN, each done or not and where to fix it',
        response: { 200: sellerSetupResponse },
      },
      // Sellers only, pending ones too (they prepare before approval); an admin sells nothing.
      config: { access: 'activeSeller' },
    },
    async (request) => {
      if (!request.user) throw unauthorized()
      return { success: true as const, data: await sellerSetupOf(db, request.user.id) }
    },
  )
}
