import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createClock } from '../../../test/clock'
import { creditNotes, invoices } from '../../db/schema'
import { creditNoteKit } from './credit-note-fixtures'
import { creditNotesOf, isLateCredit, issueCreditNote } from './credit-notes'

const LAST_DAY = { month: 11, day: 30 }

/*
 * GST credit notes for returns (issue 18): per seller, from the invoice as issued, only the
 * units that came back, numbered in the seller's credit series, never more than was invoiced.
 */

const clock = createClock(new Date('2026-11-23T06:00:00Z'))
let t: TestContext
let kit: Awaited<ReturnType<typeof creditNoteKit>>
beforeAll(async () => {
  t = await createTestApp({ deps: { now: clock.now } })
  kit = await creditNoteKit(() => t, clock.now)
})
afterAll(() => t.close())

const db = () => t.database.db

describe('a return is credited from the invoice as issued', () => {
  it('credits 1 of 2 units of ₹999 within a state as CGST + SGST, split as the invoice was', async () => {
    const ka = await kit.seller('Karnataka Gadgets Pvt. Ltd.')
    const order = await kit.dispatchedOrder('29', [
      [ka.id, 'Smartphone', 99900, 2],
      [ka.id, 'Phone Case', 49900, 1],
    ])
    const invoice = await kit.invoiceOf(order.parts[ka.id]!)
    const phoneLine = invoice.document.lines.find((l) => l.description === 'Smartphone')!
    expect(phoneLine.productId).toBeDefined() // recorded on invoices issued from now on

    const note = await kit.credit(await kit.passedReturn(order, ka.id, { Smartphone: 1 }))
    expect(note).not.toBeNull()
    const doc = note!.document
    expect(doc).toMatchObject({
      kind: 'credit',
      number: 'CN/2627/000001',
      against: { number: invoice.number, issuedAt: invoice.document.issuedAt },
      reason: 'Goods returned: Damaged',
      supplier: invoice.document.supplier,
      recipient: invoice.document.recipient,
      shipTo: invoice.document.shipTo,
      placeOfSupply: { code: '29', name: 'Karnataka' },
      taxKind: 'CGST+SGST',
    })
    // ₹999 within a state: taxable ₹846.61, 9% of it ₹76.19 each; a paisa rounds off.
    expect(doc.lines).toEqual([
      {
        ...phoneLine,
        invoiceLine: invoice.document.lines.indexOf(phoneLine),
        quantity: 1,
        totalPaise: 99900,
        taxablePaise: 84661,
        cgstPaise: 7619,
        sgstPaise: 7619,
        igstPaise: 0,
      },
    ])
    expect(doc.totals).toEqual({
      taxablePaise: 84661,
      cgstPaise: 7619,
      sgstPaise: 7619,
      igstPaise: 0,
      roundOffPaise: 1,
      totalPaise: 99900,
    })
    expect(note!.returnId).not.toBeNull()

    // The second unit closes the line: both notes add up to the invoice's line to the paisa.
    const last = await kit.credit(
      await kit.passedReturn(order, ka.id, { Smartphone: 1 }, 'defective'),
    )
    expect(last!.document.reason).toBe('Goods returned: Defective')
    for (const key of ['taxablePaise', 'cgstPaise', 'sgstPaise', 'totalPaise'] as const) {
      expect(doc.lines[0]![key] + last!.document.lines[0]![key]).toBe(phoneLine[key])
    }
  })

  it('credits IGST for a supply across states', async () => {
    const ka = await kit.seller('Interstate Traders')
    const order = await kit.dispatchedOrder('27', [[ka.id, 'Smartphone', 99900, 2]])
    const note = await kit.credit(
      await kit.passedReturn(order, ka.id, { Smartphone: 1 }, 'wrongItem'),
    )
    expect(note!.document).toMatchObject({
      taxKind: 'IGST',
      placeOfSupply: { code: '27', name: 'Maharashtra' },
      reason: 'Goods returned: Wrong item',
      totals: {
        taxablePaise: 84661,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: 15239,
        roundOffPaise: 0,
        totalPaise: 99900,
      },
    })
  })

  it('matches an invoice issued before products were recorded by description and price', async () => {
    const ka = await kit.seller('Old Invoice Traders')
    const order = await kit.dispatchedOrder('29', [[ka.id, 'Tablet', 2999900, 1]])
    const invoice = await kit.invoiceOf(order.parts[ka.id]!)
    const legacy = {
      ...invoice.document,
      lines: invoice.document.lines.map(({ productId: _p, ...line }) => line),
    }
    await db().update(invoices).set({ document: legacy }).where(eq(invoices.id, invoice.id))
    const note = await kit.credit(await kit.passedReturn(order, ka.id, { Tablet: 1 }))
    expect(note!.document.lines).toMatchObject([
      { description: 'Tablet', quantity: 1, invoiceLine: 0 },
    ])
    expect(note!.document.totals.totalPaise).toBe(2999900)
  })

  it('answers null for a part never invoiced, and 409 for a return not yet passed', async () => {
    const ka = await kit.seller('Unshipped Traders')
    const order = await kit.dispatchedOrder('29', [[ka.id, 'Smartphone', 99900, 1]])
    const received = await kit.passedReturn(order, ka.id, { Smartphone: 1 }, 'damaged', 'received')
    await expect(kit.credit(received)).rejects.toMatchObject({
      statusCode: 409,
      message: 'A return is credited when it passes its quality check',
    })
    await db().delete(invoices).where(eq(invoices.subOrderId, order.parts[ka.id]!))
    expect(await kit.credit(await kit.passedReturn(order, ka.id, { Smartphone: 1 }))).toBeNull()
  })
})

describe('numbering and uniqueness', () => {
  it('numbers each supplier’s notes CN/2627/000001, 000002, and anew in the next financial year', async () => {
    const a = await kit.seller('Series A')
    const b = await kit.seller('Series B')
    const order = await kit.dispatchedOrder('29', [
      [a.id, 'Earbuds', 199900, 3],
      [b.id, 'Cable', 39900, 1],
    ])
    const firstReturn = await kit.passedReturn(order, a.id, { Earbuds: 1 })
    const first = await kit.credit(firstReturn)
    const again = await kit.credit(firstReturn)
    expect(again!.id).toBe(first!.id) // the same return twice: one note
    const second = await kit.credit(await kit.passedReturn(order, a.id, { Earbuds: 1 }))
    const other = await kit.credit(await kit.passedReturn(order, b.id, { Cable: 1 }))
    // 00:15 IST on 1 April 2027: the 2027-28 series.
    const april = await kit.credit(
      await kit.passedReturn(order, a.id, { Earbuds: 1 }),
      new Date('2027-03-31T18:45:00Z'),
    )
    expect([first, second, other, april].map((n) => n!.number)).toEqual([
      'CN/2627/000001',
      'CN/2627/000002',
      'CN/2627/000001',
      'CN/2728/000001',
    ])
    expect(april!.document.issuedAt).toBe('2027-03-31T18:45:00.000Z')
    const ofReturn = await db()
      .select()
      .from(creditNotes)
      .where(eq(creditNotes.returnId, firstReturn))
    expect(ofReturn).toHaveLength(1)
  })
})

describe('an invoice is never credited for more than it invoiced', () => {
  it('refuses a return beyond what is left, and a whole-invoice note credits only the rest', async () => {
    const ka = await kit.seller('Over Credit Traders')
    const order = await kit.dispatchedOrder('29', [
      [ka.id, 'Smartphone', 99900, 2],
      [ka.id, 'Phone Case', 49900, 1],
    ])
    const part = order.parts[ka.id]!
    await kit.credit(await kit.passedReturn(order, ka.id, { Smartphone: 1 }))
    const tooMany = await kit.passedReturn(order, ka.id, { Smartphone: 2 })
    await expect(kit.credit(tooMany)).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringMatching(/has 1 of "Smartphone" left to credit, not 2$/),
    })
    expect(await db().select().from(creditNotes).where(eq(creditNotes.returnId, tooMany))).toEqual(
      [],
    )

    const whole = await db().transaction((tx) =>
      issueCreditNote(tx, part, clock.now(), 'Parcel returned to the seller undelivered', LAST_DAY),
    )
    if (isLateCredit(whole)) throw new Error('late')
    expect(whole!.returnId).toBeNull()
    expect(whole!.document.lines.map((l) => [l.description, l.quantity])).toEqual([
      ['Phone Case', 1],
      ['Smartphone', 1],
    ])
    // Asked again, the whole-invoice note is the same one.
    const again = await db().transaction((tx) =>
      issueCreditNote(tx, part, clock.now(), 'again', LAST_DAY),
    )
    expect(again!.id).toBe(whole!.id)
    const notes = await db()
      .select()
      .from(creditNotes)
      .where(eq(creditNotes.invoiceId, whole!.invoiceId))
    const invoice = await kit.invoiceOf(part)
    expect(notes.reduce((s, n) => s + n.document.totals.totalPaise, 0)).toBe(
      invoice.document.totals.totalPaise,
    )
    expect(notes.reduce((s, n) => s + n.document.totals.cgstPaise, 0)).toBe(
      invoice.document.totals.cgstPaise,
    )
    await expect(
      kit.credit(await kit.passedReturn(order, ka.id, { 'Phone Case': 1 })),
    ).rejects.toMatchObject({ statusCode: 409 })
  })

  it('refuses a whole-invoice note once returns credited everything', async () => {
    const ka = await kit.seller('Fully Returned Traders')
    const order = await kit.dispatchedOrder('29', [[ka.id, 'Smartphone', 99900, 1]])
    await kit.credit(await kit.passedReturn(order, ka.id, { Smartphone: 1 }))
    await expect(
      db().transaction((tx) =>
        issueCreditNote(tx, order.parts[ka.id]!, clock.now(), 'RTO', LAST_DAY),
      ),
    ).rejects.toMatchObject({ statusCode: 409, message: /is already fully credited$/ })
  })
})

describe('credit notes of an order', () => {
  it('lists them oldest first, in rupees, narrowed to the parts asked for', async () => {
    const a = await kit.seller('List A')
    const b = await kit.seller('List B')
    const order = await kit.dispatchedOrder('29', [
      [a.id, 'Smartphone', 99900, 1],
      [b.id, 'Cable', 39900, 2],
    ])
    const fromB = await kit.credit(await kit.passedReturn(order, b.id, { Cable: 1 }))
    const fromA = await kit.credit(
      await kit.passedReturn(order, a.id, { Smartphone: 1 }),
      new Date(clock.now().getTime() + 60_000),
    )
    const invoiceA = await kit.invoiceOf(order.parts[a.id]!)
    expect(await creditNotesOf(db(), order.id)).toEqual([
      expect.objectContaining({ _id: fromB!.id, subOrderId: order.parts[b.id], amount: 399 }),
      {
        _id: fromA!.id,
        number: fromA!.number,
        subOrderId: order.parts[a.id],
        invoiceNumber: invoiceA.number,
        issuedAt: new Date(clock.now().getTime() + 60_000).toISOString(),
        amount: 999,
      },
    ])
    expect((await creditNotesOf(db(), order.id, [order.parts[a.id]!])).map((n) => n._id)).toEqual([
      fromA!.id,
    ])
    expect(await creditNotesOf(db(), order.id, [])).toEqual([])
  })
})
