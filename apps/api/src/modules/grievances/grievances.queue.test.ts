import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createClock } from '../../../test/clock'
import { grievanceKit } from './fixtures'

const clock = createClock(new Date('2026-11-22T10:00:00Z'))
let t: TestContext
const kit = grievanceKit(() => t, clock.now)
const HOUR = 3_600_000
const officerEmail = () => t.app.deps.config.grievances.officer.email

beforeAll(async () => {
  t = await createTestApp({ deps: { now: clock.now } })
})
afterAll(() => t.close())

/** A seller, its buyer, an order between them and a ticket on it; two admins. */
async function world() {
  const [s1, s2] = [await kit.seller(), await kit.seller()]
  const a = await kit.shopper()
  const [admin, admin2] = [await kit.admin(), await kit.admin()]
  const orderId = await kit.order(a, [s1.user.id])
  const ticket = await kit.report(a.cookie, orderId)
  const act = (cookie: string, body: object) =>
    kit.call('PUT', `/api/admin/grievances/${ticket._id}`, cookie, body)
  return { s1, s2, a, admin, admin2, orderId, ticket, act }
}

describe('GET /api/admin/grievances', () => {
  it('shows a seller only its own orders’ tickets, an admin all, shoppers none', async () => {
    const { s1, s2, a, admin, ticket } = await world()
    const ids = async (cookie: string) =>
      (await kit.call('GET', '/api/admin/grievances?filter=all', cookie))
        .json()
        .data.map((x: { _id: string }) => x._id)
    expect(await ids(s1.cookie)).toEqual([ticket._id])
    expect(await ids(s2.cookie)).not.toContain(ticket._id)
    expect(await ids(admin.cookie)).toContain(ticket._id)
    expect((await kit.call('GET', '/api/admin/grievances', a.cookie)).statusCode).toBe(403)
    const one = `/api/admin/grievances/${ticket._id}`
    expect((await kit.call('GET', one, s2.cookie)).statusCode).toBe(404)
    const seen = (await kit.call('GET', one, s1.cookie)).json().data
    expect(seen).toMatchObject({
      email: a.user.email,
      actions: ['acknowledge', 'reply', 'escalate', 'resolve'],
    })
    expect(
      (await kit.call('GET', '/api/admin/grievances?filter=soon', admin.cookie)).statusCode,
    ).toBe(400)
  })
})

describe('PUT /api/admin/grievances/:ticketId', () => {
  it('a seller’s reply acknowledges the ticket and mails the shopper', async () => {
    const { s1, s2, a, ticket, act } = await world()
    expect((await act(s2.cookie, { action: 'reply', message: 'Hi' })).statusCode).toBe(404)
    expect((await act(s1.cookie, { action: 'reply' })).statusCode).toBe(400)
    const res = await act(s1.cookie, { action: 'reply', message: 'A replacement ships today.' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({
      status: 'acknowledged',
      acknowledgedAt: clock.now().toISOString(),
    })
    const mails = await kit.mailsTo(a.user.email)
    expect(mails.at(-1)).toMatchObject({
      subject: `A reply to your complaint [${ticket.number}]`,
      text: expect.stringContaining('A replacement ships today.'),
    })
  })

  it('lets only admins assign, and only to a marketplace admin', async () => {
    const { s1, admin, admin2, act } = await world()
    expect(
      (await act(s1.cookie, { action: 'assign', assigneeId: admin2.user.id })).statusCode,
    ).toBe(403)
    expect((await act(admin.cookie, { action: 'assign', assigneeId: s1.user.id })).statusCode).toBe(
      400,
    )
    const res = await act(admin.cookie, { action: 'assign', assigneeId: admin2.user.id })
    expect(res.json().data.assignee).toEqual({ _id: admin2.user.id, name: admin2.user.userName })
    expect((await kit.mailsTo(admin2.user.email)).at(-1)?.subject).toMatch(/assigned to you/)
  })

  it('escalates to the grievance officer, whose resolution closes the ticket', async () => {
    const { s1, a, admin, ticket, act } = await world()
    const up = await act(s1.cookie, { action: 'escalate', message: 'Needs the marketplace' })
    expect(up.json().data).toMatchObject({ status: 'escalated', actions: ['reply'] })
    expect((await kit.mailsTo(officerEmail())).at(-1)?.subject).toContain(ticket.number)
    expect((await act(s1.cookie, { action: 'resolve', message: 'Done' })).statusCode).toBe(409)
    expect((await act(admin.cookie, { action: 'close' })).statusCode).toBe(400)
    const closed = await act(admin.cookie, { action: 'close', message: 'Refunded in full.' })
    expect(closed.json().data).toMatchObject({
      status: 'closed',
      resolvedAt: clock.now().toISOString(),
    })
    expect((await kit.mailsTo(a.user.email)).at(-1)?.subject).toBe(
      `Your complaint is resolved [${ticket.number}]`,
    )
    const appeal = await kit.call('POST', `/api/shop/grievances/${ticket._id}/appeal`, a.cookie, {
      message: 'Still unhappy',
    })
    expect(appeal.statusCode).toBe(409)
  })

  it('lets the shopper appeal a resolution to the grievance officer', async () => {
    const { s1, a, ticket, act } = await world()
    const done = await act(s1.cookie, { action: 'resolve', message: 'Replaced.' })
    expect(done.json().data).toMatchObject({ status: 'resolved', canAppeal: true })
    const url = `/api/shop/grievances/${ticket._id}/appeal`
    const appeal = await kit.call('POST', url, a.cookie, {
      message: 'The replacement is broken too.',
    })
    expect(appeal.statusCode, appeal.body).toBe(200)
    expect(appeal.json().data).toMatchObject({ status: 'escalated', canAppeal: false })
    expect((await kit.mailsTo(officerEmail())).at(-1)?.text).toContain(
      'The replacement is broken too.',
    )
  })

  it('refuses a seller not approved (403) and hides the buyer from it', async () => {
    const pending = await kit.seller('Pending')
    const { admin } = await world()
    expect(
      (
        await kit.call('PUT', `/api/admin/grievances/${crypto.randomUUID()}`, pending.cookie, {
          action: 'acknowledge',
        })
      ).statusCode,
    ).toBe(403)
    expect(
      (
        await kit.call('PUT', `/api/admin/grievances/not-an-id`, admin.cookie, {
          action: 'acknowledge',
        })
      ).statusCode,
    ).toBe(400)
  })
})

describe('overdue tickets', () => {
  it('are flagged past 48 hours unacknowledged and a month unresolved, and counted on the dashboard', async () => {
    const { s1, admin, ticket, act } = await world()
    const overdue = async () =>
      (await kit.call('GET', '/api/admin/grievances?filter=overdue', admin.cookie))
        .json()
        .data.map((x: { _id: string }) => x._id)
    const dashboard = async () =>
      (await kit.call('GET', '/api/admin/dashboard', admin.cookie)).json().data.grievances
    expect(await overdue()).not.toContain(ticket._id)
    clock.advance(48 * HOUR + 1000)
    expect(await overdue()).toContain(ticket._id)
    const flagged = await dashboard()
    expect(flagged.overdue).toBeGreaterThanOrEqual(1)
    await act(s1.cookie, { action: 'acknowledge' })
    expect(await overdue()).not.toContain(ticket._id)
    expect((await dashboard()).overdue).toBe(flagged.overdue - 1)
    clock.advance(30 * 24 * HOUR)
    expect(await overdue()).toContain(ticket._id)
    await act(s1.cookie, { action: 'resolve', message: 'Late, sorry' })
    expect(await overdue()).not.toContain(ticket._id)
  })
})
