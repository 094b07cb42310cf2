import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { securityPlugin } from './security'

/**
 * The headers every reply carries, as @fastify/helmet sent them before the plugin built helmet's
 * middleware once (decision 101): the same names and values on a route's reply and on a 404.
 */
const EXPECTED = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';object-src 'none';frame-ancestors 'none';script-src 'self' https://pay.example;style-src 'self' 'unsafe-inline';img-src 'self' data: blob: https://img.example;font-src 'self' data:;connect-src 'self';frame-src 'self';form-action 'self'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
}

async function appWith(hsts: boolean) {
  const app = Fastify()
  await app.register(securityPlugin, {
    hsts,
    csp: { script: ['https://pay.example'], img: ['https://img.example'] },
  })
  app.get('/x', async () => ({ ok: true }))
  return app
}

describe('security headers', () => {
  it('sends the policy and the other headers on every reply, a 404 included', async () => {
    const app = await appWith(false)
    for (const url of ['/x', '/x', '/nope']) {
      const res = await app.inject({ url })
      expect(res.headers).toMatchObject(EXPECTED)
      expect(res.headers['strict-transport-security']).toBeUndefined()
    }
    await app.close()
  })

  it('adds Strict-Transport-Security only when the shop is served over https', async () => {
    const app = await appWith(true)
    const res = await app.inject({ url: '/x' })
    expect(res.headers).toMatchObject(EXPECTED)
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
    await app.close()
  })
})
