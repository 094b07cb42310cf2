import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createClock } from '../../../test/clock'
import { creditNoteKit } from './credit-note-fixtures'
import { isLateCredit, issueReturnCreditNote } from './credit-notes'

/*
 * Issue 30.5 leftover (decision 070): credits owed past the CGST s.34(2) time limit are recorded
 * and mailed; the back office now lists them, every one for the admins, its own for a seller.
 */
const clock = createClock(new Date('2026-11-23T06:00:00Z'))
let t: TestContext
let kit: Awaited<ReturnType<typeof creditNoteKit>>
beforeAll(async () => {
  t = await createTestApp({ deps: { now: clock.now } })
  kit = await creditNoteKit(() => t, clock.now)
})
afterAll(() => t.close())

const LAST_DAY = { month: 11, day: 30 }
/** 00:30 on 1 December 2027 in India: past the last day for supplies of 2026-27. */
const dayAfter = new Date('2027-11-30T19:00:00Z')
const list = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/admin/late-credits', headers: { cookie } })

describe('GET /api/admin/late-credits', () => {
  it('lists every late credit for an admin and only its own for a seller', async () => {
    const ka = await kit.seller('Karnataka Gadgets Pvt. Ltd.')
    const other = await kit.seller('Other Phones LLP')
    const order = await kit.dispatchedOrder('29', [
      [ka.id, 'Smartphone', 99900, 2],
      [other.id, 'Charger', 1900, 1],
    ])
    const late = async (sellerId: string, line: Record<string, number>) => {
      const returnId = await kit.passedReturn(order, sellerId, line)
      const credit = await t.database.db.transaction((tx) =>
        issueReturnCreditNote(tx, returnId, dayAfter, LAST_DAY),
      )
      if (!isLateCredit(credit)) throw new Error('a note was issued past the time limit')
      return credit
    }
    const kaLate = await late(ka.id, { Smartphone: 1 })
    const otherLate = await late(other.id, { Charger: 1 })
    const kaInvoice = await kit.invoiceOf(order.parts[ka.id]!)

    const asAdmin = await list(kit.admin.cookie)
    expect(asAdmin.statusCode).toBe(200)
    expect(asAdmin.headers['cache-control']).toBe('no-store')
    const ids = asAdmin.json().data.map((row: { id: string }) => row.id)
    expect(ids).toEqual(expect.arrayContaining([kaLate.id, otherLate.id]))

    const asSeller = await list(ka.cookie)
    expect(asSeller.statusCode).toBe(200)
    expect(asSeller.json().data).toEqual([
      {
        id: kaLate.id,
        invoiceNumber: kaInvoice.number,
        invoiceDate: kaInvoice.issuedAt.toISOString(),
        orderNumber: kaInvoice.document.orderNumber,
        supplierName: 'Karnataka Gadgets Pvt. Ltd.',
        reason: kaLate.reason,
        amount: 999,
        recordedAt: dayAfter.toISOString(),
        lastDay: '2027-11-30T18:30:00.000Z',
        forReturn: true,
      },
    ])
  })

  it('is not for shoppers', async () => {
    expect((await list(kit.shopper.cookie)).statusCode).toBe(403)
  })
})
