import { filterOptionParams, messageResponse } from '@techbazaar/shared'
import type { App } from '../../app-types'
import { removeFilterOption } from './filter-options.service'

/** Removing a category or brand from the filter lists (admins only, decision 085). */
export async function filterOptionRoutes(app: App) {
  app.delete(
    '/admin/filters/:kind/:value',
    {
      schema: {
        tags: ['admin products'],
        summary: 'Remove a category or brand; 409 while products that are not deleted use it',
        params: filterOptionParams,
        response: { 200: messageResponse },
      },
      config: { access: 'admin' },
    },
    async (request) => {
      const { kind, value } = request.params
      await removeFilterOption(app.deps.db, kind, value)
      return { success: true as const, message: `Removed the ${kind} “${value}”` }
    },
  )
}
