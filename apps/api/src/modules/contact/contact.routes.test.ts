import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asc, eq } from 'drizzle-orm'
import { contactMessages, grievanceTickets, outbox } from '../../db/schema'
import { createTestApp, type TestContext } from '../../../test/app'

let t: TestContext
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const send = (payload: unknown, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/common/contact',
    payload: payload as object,
    remoteAddress: ip,
  })

describe('POST /api/common/contact', () => {
  it('stores the message trimmed and thanks the sender', async () => {
    const res = await send({
      name: '  Meera Iyer ',
      email: 'Meera@Example.in',
      subject: 'Invoice',
      message: 'Please resend my invoice.',
    })
    expect(res.statusCode).toBe(201)
    expect(res.json().message).toMatch(/Thank you/)
    const [row] = await t.database.db.select().from(contactMessages)
    expect(row).toMatchObject({ name: 'Meera Iyer', email: 'meera@example.in', subject: 'Invoice' })
  })

  it('opens a grievance ticket with a number, due dates and a receipt mail (issue 30.7)', async () => {
    const res = await send(
      { name: 'Ravi', email: 'ravi@example.in', subject: 'Late refund', message: 'Still waiting.' },
      '10.0.0.2',
    )
    expect(res.statusCode).toBe(201)
    const { ticketNumber } = res.json() as { ticketNumber: string }
    expect(ticketNumber).toMatch(/^GRV-\d{6}$/)
    expect(res.json().message).toContain(ticketNumber)
    const [ticket] = await t.database.db
      .select()
      .from(grievanceTickets)
      .where(eq(grievanceTickets.email, 'ravi@example.in'))
    expect(ticket).toMatchObject({ source: 'contact', status: 'open', userId: null })
    const hours = (ticket!.acknowledgeBy.getTime() - ticket!.createdAt.getTime()) / 3_600_000
    expect(hours).toBe(48)
    const mails = await t.database.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .orderBy(asc(outbox.createdAt))
    const receipt = mails
      .map((m) => (m.payload as { mail: { to: string; subject: string } }).mail)
      .find((m) => m.to === 'ravi@example.in')
    expect(receipt?.subject).toContain(ticketNumber)
  })

  it('refuses missing fields with "{label} is required" field errors', async () => {
    const res = await send({ name: '', email: 'x@y.in', subject: '  ' })
    expect(res.statusCode).toBe(400)
    const body = res.json()
    expect(body.success).toBe(false)
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Name is required' },
        { path: 'subject', message: 'Subject is required' },
        { path: 'message', message: 'Message is required' },
      ]),
    )
  })

  it('limits one address to 10 messages an hour with 429 and Retry-After', async () => {
    const ok = { name: 'A', email: 'a@b.in', subject: 'S', message: 'M' }
    for (let i = 0; i < 10; i++) expect((await send(ok, '10.9.9.9')).statusCode).toBe(201)
    const res = await send(ok, '10.9.9.9')
    expect(res.statusCode).toBe(429)
    expect(res.headers['retry-after']).toBeDefined()
    expect(res.json()).toMatchObject({ success: false, message: expect.stringMatching(/Too many/) })
  })
})
