import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createClock } from '../../../test/clock'
import { creditNotes, lateCredits, outbox, users } from '../../db/schema'
import { creditNoteKit } from './credit-note-fixtures'
import { formatShopDate } from '@techbazaar/shared'
import {
  creditNoteDeadline,
  isLateCredit,
  issueCreditNote,
  issueReturnCreditNote,
} from './credit-notes'

/*
 * Issue 30.5: CGST s.34(2) lets a credit note reduce tax only when declared by 30 November after
 * the end of the financial year of the supply. Past it a note cannot count, so none is issued:
 * the shopper is still refunded, the unissued credit is recorded (late_credits) and the seller
 * and the admins are told (decision 070).
 */

// Dispatched (and invoiced) on 23 November 2026: financial year 2026-27, last day 30 Nov 2027.
const clock = createClock(new Date('2026-11-23T06:00:00Z'))
let t: TestContext
let kit: Awaited<ReturnType<typeof creditNoteKit>>
beforeAll(async () => {
  t = await createTestApp({ deps: { now: clock.now } })
  kit = await creditNoteKit(() => t, clock.now)
})
afterAll(() => t.close())

const db = () => t.database.db
const LAST_DAY = { month: 11, day: 30 }
/** 23:30 on 30 November 2027 in India, and 00:30 on 1 December. */
const lastEvening = new Date('2027-11-30T18:00:00Z')
const dayAfter = new Date('2027-11-30T19:00:00Z')

const mailsTo = async (email: string) =>
  (await db().select().from(outbox).where(eq(outbox.kind, 'mail')))
    .map((row) => (row.payload as { mail: { to: string; subject: string; text: string } }).mail)
    .filter((mail) => mail.to === email)

describe('credit notes after the section 34(2) time limit', () => {
  it('puts the last day on 30 November after the supply’s financial year, in India', () => {
    const invoiced = new Date('2026-11-23T06:00:00Z')
    expect(creditNoteDeadline(invoiced, LAST_DAY).toISOString()).toBe('2027-11-30T18:30:00.000Z')
    // 31 March 2027 in India is still 2026-27; 1 April starts 2027-28.
    expect(creditNoteDeadline(new Date('2027-03-31T18:00:00Z'), LAST_DAY).toISOString()).toBe(
      '2027-11-30T18:30:00.000Z',
    )
    expect(creditNoteDeadline(new Date('2027-03-31T18:30:00Z'), LAST_DAY).toISOString()).toBe(
      '2028-11-30T18:30:00.000Z',
    )
  })

  it('issues a return’s note on the last day, and none the day after: records it and says so', async () => {
    const ka = await kit.seller('Karnataka Gadgets Pvt. Ltd.')
    const order = await kit.dispatchedOrder('29', [[ka.id, 'Smartphone', 99900, 3]])
    const invoice = await kit.invoiceOf(order.parts[ka.id]!)

    const credit = (returnId: string, at: Date) =>
      db().transaction((tx) => issueReturnCreditNote(tx, returnId, at, LAST_DAY))
    const inTime = await credit(
      await kit.passedReturn(order, ka.id, { Smartphone: 1 }),
      lastEvening,
    )
    expect(inTime).toMatchObject({ number: 'CN/2728/000001' }) // numbered in the year it is issued

    const lateReturn = await kit.passedReturn(order, ka.id, { Smartphone: 1 })
    const late = await credit(lateReturn, dayAfter)
    if (!isLateCredit(late)) throw new Error('a note was issued past the time limit')
    // The ledger still gives the seller's sale back (the shopper is refunded): the lines it needs.
    expect(late.lines).toMatchObject([{ description: 'Smartphone', quantity: 1 }])
    const notes = await db().select().from(creditNotes).where(eq(creditNotes.invoiceId, invoice.id))
    expect(notes).toHaveLength(1)
    const [recorded] = await db()
      .select()
      .from(lateCredits)
      .where(eq(lateCredits.returnId, lateReturn))
    expect(recorded).toMatchObject({
      invoiceId: invoice.id,
      amountPaise: 99900,
      reason: 'Goods returned: Damaged',
    })
    expect(recorded!.lastDay.toISOString()).toBe('2027-11-30T18:30:00.000Z')
    // Asked again (a retried step), nothing more is recorded.
    expect(await credit(lateReturn, dayAfter)).toMatchObject({ id: late.id })
    expect(
      await db().select().from(lateCredits).where(eq(lateCredits.invoiceId, invoice.id)),
    ).toHaveLength(1)

    const [sellerUser] = await db().select().from(users).where(eq(users.id, ka.id))
    const toSeller = await mailsTo(sellerUser!.email)
    const subject = `No GST credit note for invoice ${invoice.number}: past the section 34(2) time limit`
    expect(toSeller.map((m) => m.subject)).toContain(subject)
    const text = toSeller.find((m) => m.subject === subject)!.text
    expect(text).toContain(formatShopDate(new Date('2027-11-30T12:00:00Z')))
    expect(text).toContain('₹999')
    expect(text).toContain('The shopper is refunded')
    const [adminUser] = await db().select().from(users).where(eq(users.id, kit.admin.id))
    expect((await mailsTo(adminUser!.email)).map((m) => m.subject)).toContain(subject)
  })

  it('does not reverse a whole invoice past the limit either', async () => {
    const ka = await kit.seller('Late RTO Pvt. Ltd.')
    const order = await kit.dispatchedOrder('29', [[ka.id, 'Charger', 49900, 1]])
    const invoice = await kit.invoiceOf(order.parts[ka.id]!)
    const res = await db().transaction((tx) =>
      issueCreditNote(
        tx,
        order.parts[ka.id]!,
        dayAfter,
        'Parcel returned to the seller undelivered',
        LAST_DAY,
      ),
    )
    expect(isLateCredit(res)).toBe(true)
    expect(
      await db().select().from(creditNotes).where(eq(creditNotes.invoiceId, invoice.id)),
    ).toEqual([])
    expect(
      await db().select().from(lateCredits).where(eq(lateCredits.invoiceId, invoice.id)),
    ).toHaveLength(1)
  })
})
