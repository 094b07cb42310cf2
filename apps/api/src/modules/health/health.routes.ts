import { healthResponse } from '@techbazaar/shared'
import { sql } from 'drizzle-orm'
import type { App } from '../../app'
import { AppError } from '../../lib/errors'

export async function healthRoutes(app: App) {
  app.get(
    '/health',
    {
      schema: { tags: ['health'], response: { 200: healthResponse } },
      logLevel: 'warn',
    },
    async () => {
      try {
        await app.deps.db.execute(sql`select 1`)
      } catch (err) {
        app.log.error({ err }, 'database did not answer the health check')
        throw new AppError(503, 'Database unavailable')
      }
      return { success: true as const, status: 'ok' as const, database: app.deps.dbKind }
    },
  )
}
