import { afterEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../app'
import { createUser } from '../factories'
import { placeOrder } from '../shop'
import { users } from '../../src/db/schema'
import { DEMO_ACCOUNTS } from '../../src/db/seed'
import { seedOnStart } from '../../src/db/seed/on-start'
import { MARKETPLACE_ENV, PRODUCTION_ENV } from '../production-env'

/**
 * A shop started on a public address must not be the demo: the attack was a plain start on a
 * server that took fake payments through the sandbox gateway, seeded accounts with the published
 * password, listed every admin route at /api/docs and sent HSTS over plain http.
 */
let t: TestContext | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

const PUBLIC = { ...MARKETPLACE_ENV, APP_URL: 'https://shop.example.in' }
const PRODUCTION = PRODUCTION_ENV

/** What the start would write to the log, one message per line. */
function logLines() {
  const lines: string[] = []
  return { lines, log: (msg: string) => lines.push(msg) }
}

describe('a shop on a public address', () => {
  it('takes no payment through the sandbox gateway and does not serve it', async () => {
    t = await createTestApp({ env: PUBLIC })
    await expect(
      placeOrder(t.app, t.database.db, 'CASHFREE', { price: 500, totalStock: 5, quantity: 1 }),
    ).rejects.toThrow(/CASHFREE payments are not available/)
    expect(t.app.hasRoute({ method: 'GET', url: '/sandbox-gateway' })).toBe(false)
    expect(t.app.hasRoute({ method: 'POST', url: '/sandbox-gateway/payu' })).toBe(false)
  })

  it('seeds no demo data and says in the log why, and how to ask for it', async () => {
    t = await createTestApp({ env: PUBLIC })
    const { lines, log } = logLines()
    const result = await seedOnStart(t.database.db, t.app.deps.config, { info: log, warn: log })
    expect(result).toEqual({ seeded: false })
    expect(await t.database.db.select().from(users)).toEqual([])
    expect(lines.join('\n')).toMatch(
      /Demo mode is off: APP_URL https:\/\/shop\.example\.in is not this machine[\s\S]*DEMO_MODE=true/,
    )
  })

  it('warns when demo accounts from an earlier demo start are still in the database', async () => {
    t = await createTestApp({ env: PUBLIC })
    await createUser(t.database.db, { email: DEMO_ACCOUNTS[0]?.email })
    const { lines, log } = logLines()
    await seedOnStart(t.database.db, t.app.deps.config, { info: log, warn: log })
    expect(lines.join('\n')).toContain(
      `demo accounts are still in the database: ${DEMO_ACCOUNTS[0]?.email}`,
    )
  })

  it('warns loudly when the demo is asked for there with DEMO_MODE=true', async () => {
    t = await createTestApp({ env: { ...PUBLIC, DEMO_MODE: 'true' } })
    // A database that already has users is not seeded again, so this stays quick.
    await createUser(t.database.db)
    const warnings: string[] = []
    await seedOnStart(t.database.db, t.app.deps.config, {
      info: () => {},
      warn: (msg) => warnings.push(msg),
    })
    expect(warnings.join('\n')).toMatch(/DEMO_MODE=true[\s\S]*published password/)
    expect(t.app.hasRoute({ method: 'GET', url: '/sandbox-gateway' })).toBe(true)
  })
})

describe('the API docs', () => {
  it('are served by default outside production (the demo links them)', async () => {
    t = await createTestApp()
    expect((await t.app.inject({ url: '/api/docs/json' })).statusCode).toBe(200)
  })

  it('are not served in production unless API_DOCS=true', async () => {
    t = await createTestApp({ env: PRODUCTION })
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/yaml']) {
      const res = await t.app.inject({ url })
      expect(res.statusCode, url).toBe(404)
      expect(res.body, url).not.toContain('/api/admin/')
    }
    await t.close()
    t = await createTestApp({ env: { ...PRODUCTION, API_DOCS: 'true' } })
    const doc = await t.app.inject({ url: '/api/docs/json' })
    expect(doc.statusCode).toBe(200)
    expect(Object.keys(doc.json<{ paths: object }>().paths)).toContain('/api/shop/products/get')
  })
})

describe('Strict-Transport-Security', () => {
  it('is not sent when APP_URL is plain http', async () => {
    t = await createTestApp({ env: { ...MARKETPLACE_ENV, APP_URL: 'http://shop.example.in' } })
    const res = await t.app.inject({ url: '/api/health' })
    expect(res.headers['strict-transport-security']).toBeUndefined()
  })

  it('is sent when APP_URL is https', async () => {
    t = await createTestApp({ env: PUBLIC })
    const res = await t.app.inject({ url: '/api/health' })
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/)
  })
})
