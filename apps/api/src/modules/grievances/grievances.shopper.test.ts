import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createClock } from '../../../test/clock'
import { subOrders, vendorProfiles } from '../../db/schema'
import { grievanceKit } from './fixtures'

const clock = createClock(new Date('2026-11-22T10:00:00Z'))
let t: TestContext
const kit = grievanceKit(() => t, clock.now)
const HOUR = 3_600_000

beforeAll(async () => {
  t = await createTestApp({ deps: { now: clock.now } })
})
afterAll(() => t.close())

describe('POST /api/shop/order/:orderId/grievances', () => {
  it('opens a ticket for the seller concerned, due in 48 hours and 30 days, and mails both', async () => {
    const s1 = await kit.seller()
    const a = await kit.shopper()
    const orderId = await kit.order(a, [s1.user.id])
    const ticket = await kit.report(a.cookie, orderId)
    const now = clock.now().getTime()
    expect(ticket).toMatchObject({
      number: expect.stringMatching(/^GRV-\d{6}$/),
      source: 'order',
      status: 'open',
      category: 'damaged',
      orderId,
      orderNumber: expect.stringMatching(/^TB-/),
      overdue: false,
      acknowledgeBy: new Date(now + 48 * HOUR).toISOString(),
      resolveBy: new Date(now + 30 * 24 * HOUR).toISOString(),
      thread: [expect.objectContaining({ event: 'open', message: 'The screen arrived cracked.' })],
    })
    const receipt = (await kit.mailsTo(a.user.email)).find((m) => m.subject.includes(ticket.number))
    expect(receipt?.subject).toMatch(/We have your complaint about order TB-/)
    expect(receipt?.text).toMatch(/acknowledge it by/)
    const notice = (await kit.mailsTo(s1.user.email)).find((m) => m.subject.includes(ticket.number))
    expect(notice?.subject).toMatch(/New complaint about order TB-/)
    expect(notice?.text).toContain('The screen arrived cracked.')
  })

  it('keeps the complainant’s words out of the mail to a seller no longer approved', async () => {
    const s1 = await kit.seller()
    const a = await kit.shopper()
    const orderId = await kit.order(a, [s1.user.id])
    await t.database.db
      .update(vendorProfiles)
      .set({ status: 'Rejected' })
      .where(eq(vendorProfiles.userId, s1.user.id))
    const ticket = await kit.report(a.cookie, orderId)
    const notice = (await kit.mailsTo(s1.user.email)).find((m) => m.subject.includes(ticket.number))
    expect(notice?.text).not.toContain('The screen arrived cracked.')
    expect(notice?.text).toMatch(/not approved/)
  })

  it('names the part reported; an order of two sellers reported whole goes to the admins', async () => {
    const [s1, s2] = [await kit.seller(), await kit.seller()]
    const a = await kit.shopper()
    const orderId = await kit.order(a, [s1.user.id, s2.user.id])
    const parts = await t.database.db.select().from(subOrders).where(eq(subOrders.orderId, orderId))
    const part2 = parts.find((p) => p.sellerId === s2.user.id)!
    const aboutS2 = await kit.report(a.cookie, orderId, { subOrderId: part2.id })
    expect(aboutS2.seller).toBe(s2.user.userName)
    const whole = await kit.report(a.cookie, orderId)
    expect(whole.seller).toBeNull()
    const s1Queue = await kit.call('GET', '/api/admin/grievances?filter=all', s1.cookie)
    expect(s1Queue.json().data).toEqual([])
  })

  it('refuses another shopper’s order (404), guests (401), sellers (403) and bad input (400)', async () => {
    const s1 = await kit.seller()
    const [a, b] = [await kit.shopper(), await kit.shopper()]
    const orderId = await kit.order(a, [s1.user.id])
    const url = `/api/shop/order/${orderId}/grievances`
    const body = { category: 'damaged', message: 'Broken' }
    expect((await kit.call('POST', url, b.cookie, body)).statusCode).toBe(404)
    expect((await kit.call('POST', url, undefined, body)).statusCode).toBe(401)
    expect((await kit.call('POST', url, s1.cookie, body)).statusCode).toBe(403)
    const bad = await kit.call('POST', url, a.cookie, { category: 'nope', message: ' ' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ success: false })
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'category', message: 'Choose what the problem is about' },
        { path: 'message', message: 'Describe the problem is required' },
      ]),
    )
    const otherPart = await kit.call('POST', url, a.cookie, {
      ...body,
      subOrderId: crypto.randomUUID(),
    })
    expect(otherPart.statusCode).toBe(400)
  })
})

describe('GET /api/shop/grievances', () => {
  it('lists only the caller’s own tickets and hides others’ (404)', async () => {
    const s1 = await kit.seller()
    const [a, b] = [await kit.shopper(), await kit.shopper()]
    const ticket = await kit.report(a.cookie, await kit.order(a, [s1.user.id]))
    const mine = await kit.call('GET', '/api/shop/grievances', a.cookie)
    expect(mine.json().data.map((x: { _id: string }) => x._id)).toEqual([ticket._id])
    expect((await kit.call('GET', '/api/shop/grievances', b.cookie)).json().data).toEqual([])
    const url = `/api/shop/grievances/${ticket._id}`
    expect((await kit.call('GET', url, a.cookie)).statusCode).toBe(200)
    expect((await kit.call('GET', url, b.cookie)).statusCode).toBe(404)
    expect((await kit.call('GET', '/api/shop/grievances', undefined)).statusCode).toBe(401)
    expect((await kit.call('POST', `${url}/reply`, b.cookie, { message: 'x' })).statusCode).toBe(
      404,
    )
  })

  it('shows the seller’s own grievance officer once the seller names one', async () => {
    const s1 = await kit.seller()
    const a = await kit.shopper()
    const officer = {
      name: 'Anil Rao',
      designation: 'Nodal Officer',
      email: 'anil@seller.example',
      phone: '98450 12345',
    }
    const put = await kit.call('PUT', '/api/admin/grievance-officer', s1.cookie, officer)
    expect(put.statusCode, put.body).toBe(200)
    expect((await kit.call('GET', '/api/admin/grievance-officer', s1.cookie)).json().data).toEqual(
      officer,
    )
    const ticket = await kit.report(a.cookie, await kit.order(a, [s1.user.id]))
    expect(ticket.sellerGrievanceOfficer).toEqual(officer)
    expect(
      (await kit.call('PUT', '/api/admin/grievance-officer', a.cookie, officer)).statusCode,
    ).toBe(403)
    const bad = await kit.call('PUT', '/api/admin/grievance-officer', s1.cookie, {
      ...officer,
      phone: 'call me',
      email: 'nope',
    })
    expect(bad.statusCode).toBe(400)
  })
})

describe('POST /api/common/grievances/track', () => {
  it('lets a guest follow a contact-form ticket by its number and email, and nothing else', async () => {
    const sent = await kit.call('POST', '/api/common/contact', undefined, {
      name: 'Guest',
      email: 'guest@example.in',
      subject: 'Fake listing',
      message: 'This phone is counterfeit.',
    })
    const number = sent.json().ticketNumber as string
    const track = (body: object) =>
      kit.call('POST', '/api/common/grievances/track', undefined, body)
    const ok = await track({ number, email: 'Guest@Example.in' })
    expect(ok.statusCode).toBe(200)
    expect(ok.json().data).toMatchObject({ number, source: 'contact', status: 'open' })
    expect((await track({ number, email: 'other@example.in' })).statusCode).toBe(404)
    expect((await track({ number: 'ORD-1', email: 'guest@example.in' })).statusCode).toBe(400)
  })

  it('publishes the marketplace’s grievance officer from configuration', async () => {
    const res = await kit.call('GET', '/api/common/grievance-officer')
    expect(res.json().data).toEqual(t.app.deps.config.grievances.officer)
    expect(res.json().data.name).toBeTruthy()
  })
})
