import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createSeller, createUser } from '../../../test/factories'
import { makeTestP12, withIterations, type TestP12 } from '../../../test/signing-certs'
import { createSession } from '../auth/sessions'

let t: TestContext
let cert: TestP12
const cookies = { admin: '', seller: '' }

async function cookieFor(userId: string) {
  const token = await createSession(t.database.db, { userId, days: 1, now: new Date() })
  return `session=${token}`
}

beforeAll(async () => {
  t = await createTestApp()
  cert = makeTestP12()
  const db = t.database.db
  cookies.admin = await cookieFor((await createUser(db, { role: 'admin', type: 'admin' })).id)
  cookies.seller = await cookieFor((await createSeller(db)).id)
})
afterAll(() => t.close())

const url = (vendorId: string) => `/api/admin/vendors/${vendorId}/signing-key`
const call = (method: 'GET' | 'PUT' | 'DELETE', path: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url: path, payload, headers: cookie ? { cookie } : {} })
const body = (p12: Buffer, passphrase: string) => ({
  p12Base64: p12.toString('base64'),
  passphrase,
})

describe('/api/admin/vendors/:vendorId/signing-key', () => {
  it("sets, shows and removes a seller's certificate, never sending the key back", async () => {
    const seller = await createSeller(t.database.db)
    expect((await call('GET', url(seller.id), cookies.admin)).json()).toEqual({
      success: true,
      data: null,
    })
    const put = await call('PUT', url(seller.id), cookies.admin, body(cert.p12, cert.passphrase))
    expect(put.statusCode).toBe(200)
    const info = { subject: cert.commonName, validTo: expect.any(String), problem: null }
    expect(put.json()).toEqual({ success: true, message: 'Signing certificate saved', data: info })
    const got = await call('GET', url(seller.id), cookies.admin)
    expect(got.json()).toEqual({ success: true, data: info })
    expect(got.body).not.toContain(cert.passphrase)

    const removed = await call('DELETE', url(seller.id), cookies.admin)
    expect(removed.json()).toEqual({ success: true, message: 'Signing certificate removed' })
    expect((await call('GET', url(seller.id), cookies.admin)).json().data).toBeNull()
  })

  it('answers 400 naming the field for a wrong passphrase, a bad file or an expired one', async () => {
    const seller = await createSeller(t.database.db)
    const wrong = await call('PUT', url(seller.id), cookies.admin, body(cert.p12, 'nope'))
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toMatchObject({
      message: 'The passphrase does not open this file',
      errors: [{ path: 'passphrase' }],
    })
    const junk = await call('PUT', url(seller.id), cookies.admin, body(Buffer.from('junk'), 'x'))
    expect(junk.statusCode).toBe(400)
    expect(junk.json().errors).toEqual([{ path: 'p12Base64', message: expect.any(String) }])
    const expired = makeTestP12({
      notBefore: new Date('2024-01-01'),
      notAfter: new Date('2025-01-01'),
    })
    const old = await call(
      'PUT',
      url(seller.id),
      cookies.admin,
      body(expired.p12, expired.passphrase),
    )
    expect(old.statusCode).toBe(400)
    expect(old.json().message).toBe('The certificate expired on 2025-01-01')
    const empty = await call('PUT', url(seller.id), cookies.admin, {
      p12Base64: '',
      passphrase: '',
    })
    expect(empty.statusCode).toBe(400)
    expect((await call('GET', url(seller.id), cookies.admin)).json().data).toBeNull()
  })

  it('refuses a file asking for two million iterations within a second, health answering (issue 26.4)', async () => {
    const seller = await createSeller(t.database.db)
    const hostile = withIterations(cert.p12, { mac: 2_000_000, encryption: 2_000_000 })
    expect(hostile.length).toBeLessThan(4096)
    const started = Date.now()
    const [put, health] = await Promise.all([
      call('PUT', url(seller.id), cookies.admin, body(hostile, cert.passphrase)),
      call('GET', '/api/health'),
    ])
    expect(Date.now() - started).toBeLessThan(1000)
    expect(put.statusCode).toBe(400)
    expect(put.json()).toMatchObject({
      success: false,
      message: expect.stringContaining('2000000 iterations'),
      errors: [{ path: 'p12Base64' }],
    })
    expect(health.statusCode).toBe(200)
    expect((await call('GET', url(seller.id), cookies.admin)).json().data).toBeNull()
  })

  it('answers 404 for an account that is no seller, and lets only admins in', async () => {
    const shopper = await createUser(t.database.db)
    expect((await call('GET', url(shopper.id), cookies.admin)).statusCode).toBe(404)
    const put = await call('PUT', url(shopper.id), cookies.admin, body(cert.p12, cert.passphrase))
    expect(put.statusCode).toBe(404)
    expect((await call('DELETE', url(shopper.id), cookies.admin)).statusCode).toBe(404)

    const seller = await createSeller(t.database.db)
    expect((await call('GET', url(seller.id))).statusCode).toBe(401)
    expect((await call('GET', url(seller.id), cookies.seller)).statusCode).toBe(403)
    const byASeller = await call('PUT', url(seller.id), cookies.seller, body(cert.p12, 'x'))
    expect(byASeller.statusCode).toBe(403)
  })
})
