import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../test/app'
import { createClock } from '../../test/clock'
import { createProduct, createSeller } from '../../test/factories'
import { createShopper, fillCart, placeOrder } from '../../test/shop'
import { expireUnpaidOrders } from '../modules/lifecycle/expiry'

const TOKEN = 'metrics-token-for-tests-0123456789'

let t: TestContext
let guarded: TestContext
const clock = createClock(new Date())
beforeAll(async () => {
  t = await createTestApp({ deps: { now: clock.now } })
  // Cashfree keys pointing at a closed port: every online order meets an unreachable provider.
  guarded = await createTestApp({
    env: {
      METRICS_TOKEN: TOKEN,
      CASHFREE_CLIENT_ID: 'id',
      CASHFREE_CLIENT_SECRET: 'secret',
      CASHFREE_BASE_URL: 'http://127.0.0.1:1',
    },
  })
})
afterAll(async () => {
  await t.close()
  await guarded.close()
})

/** The value of one sample in the exposition text, matching every label given (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!match || match[1] !== name) continue
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    )
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3])
  }
  return 0
}

async function scrape(ctx: TestContext, headers: Record<string, string> = {}) {
  const res = await ctx.app.inject({ url: '/api/metrics', headers })
  expect(res.statusCode).toBe(200)
  expect(res.headers['content-type']).toContain('text/plain')
  return res.body
}

describe('GET /api/metrics', () => {
  it('counts requests by route pattern and status class, never by raw URL', async () => {
    const orderId = crypto.randomUUID()
    await t.app.inject({ url: `/api/shop/order/details/${orderId}` }) // a guest: 401
    await t.app.inject({ url: '/api/health' })
    await t.app.inject({ url: '/api/health' })
    await t.app.inject({ url: `/api/no-such-thing/${orderId}` })
    const text = await scrape(t)

    const details = { method: 'GET', route: '/api/shop/order/details/:orderId' }
    expect(sample(text, 'http_requests_total', { ...details, status_class: '4xx' })).toBe(1)
    const health = { method: 'GET', route: '/api/health', status_class: '2xx' }
    expect(sample(text, 'http_requests_total', health)).toBe(2)
    expect(sample(text, 'http_request_duration_seconds_count', health)).toBe(2)
    expect(sample(text, 'http_request_duration_seconds_bucket', { ...health, le: '+Inf' })).toBe(2)
    const unmatched = { method: 'GET', route: 'unmatched', status_class: '4xx' }
    expect(sample(text, 'http_requests_total', unmatched)).toBe(1)
    expect(text).not.toContain(orderId)
  })

  it('includes the process metrics', async () => {
    const text = await scrape(t)
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0)
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0)
  })

  it('counts orders by payment method, captured and failed payments', async () => {
    const before = await scrape(t)
    await placeOrder(t.app, t.database.db, 'COD', { price: 499, totalStock: 5, quantity: 1 })

    const pay = async (outcome: 'pay' | 'fail') => {
      const { paymentUrl } = await placeOrder(t.app, t.database.db, 'CASHFREE', {
        price: 999,
        totalStock: 5,
        quantity: 1,
      })
      const sessionId = new URL(paymentUrl, 'http://x').searchParams.get('payment_session_id')!
      const res = await t.app.inject({
        method: 'POST',
        url: '/sandbox-gateway',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ payment_session_id: sessionId, outcome }).toString(),
      })
      expect(res.statusCode).toBe(303)
    }
    await pay('pay')
    await pay('fail')
    await placeOrder(t.app, t.database.db, 'PAYU', { price: 799, totalStock: 5, quantity: 1 })
    clock.advance(31 * 60_000)
    expect(await expireUnpaidOrders(t.app.deps)).toBe(1)

    const after = await scrape(t)
    const delta = (name: string, labels: Record<string, string>) =>
      sample(after, name, labels) - sample(before, name, labels)
    expect(delta('techbazaar_orders_created_total', { payment_method: 'COD' })).toBe(1)
    expect(delta('techbazaar_orders_created_total', { payment_method: 'CASHFREE' })).toBe(2)
    expect(delta('techbazaar_orders_created_total', { payment_method: 'PAYU' })).toBe(1)
    expect(delta('techbazaar_payments_captured_total', { payment_method: 'CASHFREE' })).toBe(1)
    const failed = 'techbazaar_payments_failed_total'
    expect(delta(failed, { payment_method: 'CASHFREE', reason: 'declined' })).toBe(1)
    expect(delta(failed, { payment_method: 'PAYU', reason: 'expired' })).toBe(1)
    // Every series exists before its first event, so rate() works from the start.
    expect(before).toMatch(
      /techbazaar_payments_failed_total\{[^}]*reason="provider_error"[^}]*\} 0/,
    )
  })

  it('counts an unreachable provider as a failed payment, in that app only', async () => {
    const seller = await createSeller(guarded.database.db)
    const item = await createProduct(guarded.database.db, {
      sellerId: seller.id,
      price: 1299,
      totalStock: 2,
    })
    const shopper = await createShopper(guarded.database.db)
    await fillCart(guarded.database.db, shopper.user.id, [{ productId: item.id, quantity: 1 }])
    const res = await guarded.app.inject({
      method: 'POST',
      url: '/api/shop/order/create',
      headers: { cookie: shopper.cookie },
      payload: {
        userId: shopper.user.id,
        addressInfo: { addressId: shopper.address.id },
        paymentMethod: 'CASHFREE',
      },
    })
    expect(res.statusCode).toBe(502)

    const auth = { authorization: `Bearer ${TOKEN}` }
    const text = await scrape(guarded, auth)
    const labels = { payment_method: 'CASHFREE', reason: 'provider_error' }
    expect(sample(text, 'techbazaar_payments_failed_total', labels)).toBe(1)
    expect(sample(text, 'techbazaar_orders_created_total', { payment_method: 'CASHFREE' })).toBe(1)
    // Each app has its own registry: the other app's orders are not counted here.
    expect(sample(text, 'techbazaar_orders_created_total', { payment_method: 'COD' })).toBe(0)
    expect(sample(await scrape(t), 'techbazaar_payments_failed_total', labels)).toBe(0)
  })
})

describe('who may read /api/metrics', () => {
  it('without METRICS_TOKEN: loopback only, and never through a proxy', async () => {
    const remote = await t.app.inject({ url: '/api/metrics', remoteAddress: '203.0.113.7' })
    expect(remote.statusCode).toBe(403)
    expect(remote.json()).toEqual({
      success: false,
      message:
        'Metrics are served only to this machine; set METRICS_TOKEN to scrape them from elsewhere',
    })
    const proxied = await t.app.inject({
      url: '/api/metrics',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    })
    expect(proxied.statusCode).toBe(403)
    const local = await t.app.inject({ url: '/api/metrics', remoteAddress: '::1' })
    expect(local.statusCode).toBe(200)
  })

  it('with METRICS_TOKEN: the bearer token from anywhere, nothing without it', async () => {
    const none = await guarded.app.inject({ url: '/api/metrics' })
    expect(none.statusCode).toBe(401)
    expect(none.headers['www-authenticate']).toBe('Bearer')
    expect(none.json()).toEqual({ success: false, message: 'A valid metrics token is required' })
    const wrong = await guarded.app.inject({
      url: '/api/metrics',
      headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}x` },
    })
    expect(wrong.statusCode).toBe(401)
    const remote = await guarded.app.inject({
      url: '/api/metrics',
      remoteAddress: '203.0.113.7',
      headers: { authorization: `Bearer ${TOKEN}` },
    })
    expect(remote.statusCode).toBe(200)
    expect(remote.body).toContain('# TYPE http_requests_total counter')
  })
})

describe('catalog cache metrics', () => {
  it('show the bytes and entries the catalog cache holds, its budget and its lookups', async () => {
    const url = '/api/shop/products/get?sortBy=title-atoz'
    // Changes made by the tests above are announced a moment later and empty the cache.
    for (let i = 0; (await t.app.inject({ url })).headers['x-cache'] !== 'hit'; i++) {
      expect(i).toBeLessThan(100)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    const text = await scrape(t)
    const held = t.app.deps.catalogCache?.stats()
    expect(held?.entries).toBeGreaterThan(0)
    expect(sample(text, 'techbazaar_catalog_cache_entries')).toBe(held?.entries)
    expect(sample(text, 'techbazaar_catalog_cache_bytes')).toBe(held?.bytes)
    expect(sample(text, 'techbazaar_catalog_cache_bytes')).toBeGreaterThan(0)
    expect(sample(text, 'techbazaar_catalog_cache_max_bytes')).toBe(64 * 1024 * 1024)
    expect(sample(text, 'techbazaar_catalog_cache_lookups_total', { result: 'hit' })).toBe(
      held?.hits,
    )
    expect(sample(text, 'techbazaar_catalog_cache_lookups_total', { result: 'miss' })).toBe(
      held?.misses,
    )
    expect(text).toContain('# TYPE techbazaar_catalog_cache_evictions_total counter')
    // The anonymous pages' cache reports the same way.
    expect(sample(text, 'techbazaar_page_cache_max_bytes')).toBe(32 * 1024 * 1024)
    expect(sample(text, 'techbazaar_page_cache_entries')).toBe(
      t.app.deps.pageCache?.stats().entries,
    )
  })
})
