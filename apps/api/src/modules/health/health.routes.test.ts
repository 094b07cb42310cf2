import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'

let t: TestContext
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('GET /api/health', () => {
  it('answers 200 when the database answers', async () => {
    const res = await t.app.inject({ url: '/api/health' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      success: true,
      status: 'ok',
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
    })
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
