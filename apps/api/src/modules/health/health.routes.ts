import { healthResponse, readyResponse } from '@techbazaar/shared'
import { sql } from 'drizzle-orm'
import type { App } from '../../app-types'
import { migrationsApplied } from '../../db/startup'
import { AppError } from '../../lib/errors'

/** A probe must answer within its own timeout, so a hung dependency counts as down. */
const CHECK_TIMEOUT_MS = 2000

function withinTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

export async function healthRoutes(app: App) {
  // Liveness: the process answers. It touches nothing else, so a database outage never makes an
  // orchestrator restart every healthy process at once.
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process is up (no dependency is checked)',
        response: { 200: healthResponse },
      },
      logLevel: 'warn',
    },
    async () => ({ success: true as const, status: 'ok' as const, database: app.deps.dbKind }),
  )

  // Readiness: send this process traffic only when the database answers with every migration
  // applied and Redis (when configured) answers, since rate limits and counters live there.
  app.get(
    '/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database, its migrations and Redis (when configured) answer',
        response: { 200: readyResponse },
      },
      logLevel: 'warn',
    },
    async (request) => {
      const { db, redis } = app.deps
      const [database, cache] = await Promise.allSettled([
        withinTimeout(db.execute(sql`select 1`)).then(() => withinTimeout(migrationsApplied(db))),
        redis ? withinTimeout(redis.ping()) : Promise.resolve('not configured'),
      ])
      const down: string[] = []
      if (database.status === 'rejected') down.push('the database is not answering')
      else if (!database.value) down.push('database migrations are not applied')
      if (cache.status === 'rejected') down.push('Redis is not answering')
      if (down.length > 0) {
        request.log.warn(
          {
            database: database.status === 'rejected' ? String(database.reason) : undefined,
            redis: cache.status === 'rejected' ? String(cache.reason) : undefined,
          },
          `not ready: ${down.join(', ')}`,
        )
        throw new AppError(503, `Not ready: ${down.join(', ')}`)
      }
      return {
        success: true as const,
        status: 'ready' as const,
        checks: {
          database: 'ok' as const,
          migrations: 'ok' as const,
          redis: redis ? ('ok' as const) : ('not configured' as const),
        },
      }
    },
  )
}
