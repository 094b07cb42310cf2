import { sql } from 'drizzle-orm'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { buildApp } from '../../app'
import type { App } from '../../app-types'
import { loadConfig } from '../../config'
import { openDatabase, type Database } from '../../db/client'

let t: TestContext
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

/** An app whose PostgreSQL and Redis refuse connections (nothing listens on port 1). */
async function appWithDeadDependencies(): Promise<{ app: App; close(): Promise<void> }> {
  const database: Database = await openDatabase({ databaseUrl: 'postgres://tb@127.0.0.1:1/tb' })
  const redis = new Redis('redis://127.0.0.1:1', {
    retryStrategy: () => null,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
  })
  redis.on('error', () => {}) // refused connections are the point here
  const app = await buildApp(
    {
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      db: database.db,
      dbKind: database.kind,
      redis,
    },
    { logger: false },
  )
  await app.ready()
  return {
    app,
    async close() {
      await app.close()
      redis.disconnect()
      await database.close()
    },
  }
}

describe('GET /api/health', () => {
  it('answers 200 with the database kind', async () => {
    const res = await t.app.inject({ url: '/api/health' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      success: true,
      status: 'ok',
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
    })
  })

  it('stays 200 while the database and Redis are down (liveness checks only the process)', async () => {
    const dead = await appWithDeadDependencies()
    try {
      const res = await dead.app.inject({ url: '/api/health' })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({ success: true, status: 'ok' })
    } finally {
      await dead.close()
    }
  })
})

describe('GET /api/ready', () => {
  it('answers 200 when the database answers with every migration applied', async () => {
    const res = await t.app.inject({ url: '/api/ready' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      success: true,
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', redis: 'not configured' },
    })
  })

  it('answers 503 naming the database and Redis when neither answers', async () => {
    const dead = await appWithDeadDependencies()
    try {
      const res = await dead.app.inject({ url: '/api/ready' })
      expect(res.statusCode).toBe(503)
      expect(res.json()).toEqual({
        success: false,
        message: 'Not ready: the database is not answering, Redis is not answering',
      })
    } finally {
      await dead.close()
    }
  })

  it('answers 503 while the newest migration is not applied', async () => {
    const behind = await createTestApp()
    try {
      // As if this build shipped a migration the database has not had yet.
      await behind.database.db.execute(
        sql`delete from drizzle.__drizzle_migrations
            where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      )
      const res = await behind.app.inject({ url: '/api/ready' })
      expect(res.statusCode).toBe(503)
      expect(res.json()).toEqual({
        success: false,
        message: 'Not ready: database migrations are not applied',
      })
      await behind.database.db.execute(sql`drop schema drizzle cascade`)
      expect((await behind.app.inject({ url: '/api/ready' })).json().message).toBe(
        'Not ready: database migrations are not applied',
      )
    } finally {
      await behind.close()
    }
  })

  it.skipIf(!process.env.TEST_REDIS_URL)('checks Redis when it is configured', async () => {
    const redis = new Redis(process.env.TEST_REDIS_URL!, { enableOfflineQueue: true })
    const withRedis = await createTestApp({ deps: { redis } })
    try {
      const res = await withRedis.app.inject({ url: '/api/ready' })
      expect(res.statusCode).toBe(200)
      expect(res.json().checks).toEqual({ database: 'ok', migrations: 'ok', redis: 'ok' })
    } finally {
      await withRedis.close()
      await redis.quit()
    }
  })
})

describe('errors and headers', () => {
  it('answers unknown API paths with a JSON 404 in the error shape', async () => {
    const res = await t.app.inject({ url: '/api/nope' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ success: false, message: 'Not found' })
  })

  it('answers broken JSON with a 400, never a stack trace', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/common/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ success: false, message: 'The request body is not valid JSON' })
    expect(res.body).not.toMatch(/at .*\.ts|node_modules/)
  })

  it('sends security headers with a same-origin CSP', async () => {
    const res = await t.app.inject({ url: '/api/health' })
    expect(res.headers['content-security-policy']).toContain("default-src 'self'")
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(res.headers['x-content-type-options']).toBe('nosniff')
  })

  it('serves the OpenAPI document with the catalog routes', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' })
    expect(res.statusCode).toBe(200)
    const doc = res.json()
    expect(doc.openapi).toMatch(/^3\./)
    expect(Object.keys(doc.paths)).toContain('/api/shop/products/get')
  })
})
