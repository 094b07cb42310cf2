import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../test/app'
import { createShopper } from '../../test/shop'

let t: TestContext
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const refused = { success: false, message: 'The request contains invalid characters' }

// Found by test/security/fuzz.test.ts: PostgreSQL refuses U+0000 in text, which was a 500.
describe('a NUL character in any input', () => {
  it('is refused in a JSON body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/common/contact',
      payload: { name: 'Asha', email: 'asha@example.in', subject: 'Hi', message: 'a\u0000b' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual(refused)
  })

  it('is refused in a query string and in a key', async () => {
    const shopper = await createShopper(t.database.db)
    for (const url of [
      '/api/payments/deposit?payment_session_id=%00',
      '/api/shop/products/get?%00=1',
    ]) {
      const res = await t.app.inject({ url, headers: { cookie: shopper.cookie } })
      expect(res.statusCode, url).toBe(400)
      expect(res.json()).toEqual(refused)
    }
  })

  it('is refused deep inside a body, however deeply nested', async () => {
    const deep = `${'{"a":'.repeat(5000)}"\\u0000"${'}'.repeat(5000)}`
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":"a@b.in","password":"x","extra":${deep}}`,
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual(refused)
  })
})

// Found by the fuzzing (issue 30 review): a lone UTF-16 surrogate ("\ud800" in JSON) is no
// character at all; PostgreSQL's jsonb refuses its escape, so the contact form's ticket mail,
// queued as jsonb, failed with a 500.
describe('a lone surrogate in any input', () => {
  it('is refused in a JSON body, escaped or raw', async () => {
    for (const payload of [
      '{"name":"Asha","email":"asha@example.in","subject":"Hi","message":"\\ud800"}',
      '{"name":"Asha","email":"asha@example.in","subject":"Hi","message":"x\\udc00y"}',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/common/contact',
        headers: { 'content-type': 'application/json' },
        payload,
      })
      expect(res.statusCode, payload).toBe(400)
      expect(res.json()).toEqual(refused)
    }
  })

  it('keeps real characters outside the basic plane (a pair of surrogates) as they are', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/common/contact',
      payload: { name: 'Asha', email: 'asha@example.in', subject: 'Hi 👋', message: 'Thanks 🙏' },
    })
    expect(res.statusCode).toBe(201)
  })
})

// Also found by the fuzzing: the router answered these itself, in Fastify's shape, echoing the URL.
describe('URLs the router cannot take', () => {
  it('answers a malformed percent-encoding with the shop’s error shape', async () => {
    const res = await t.app.inject({ url: '/api/shop/search/%E0%A4%A' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ success: false, message: 'The address is not valid' })
  })

  it('answers an over-long path parameter with the shop’s error shape', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/orders/update/${'a'.repeat(2000)}`,
    })
    expect(res.statusCode).toBe(414)
    expect(res.json()).toEqual({ success: false, message: 'The address is too long' })
  })
})
