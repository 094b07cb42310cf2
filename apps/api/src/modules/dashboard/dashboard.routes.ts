import { dashboardResponse } from '@techbazaar/shared'
import type { App } from '../../app-types'
import { getDashboard } from './dashboard.service'

export async function dashboardRoutes(app: App) {
  app.get(
    '/admin/dashboard',
    {
      config: { access: 'admin' },
      schema: { tags: ['dashboard'], response: { 200: dashboardResponse } },
    },
    async () => {
      const { config } = app.deps
      return {
        success: true as const,
        data: await getDashboard(app.deps.db, app.deps.now(), {
          shipping: config.fulfilment,
          returns: config.returns,
          settlement: config.settlement,
        }),
      }
    },
  )
}
