import { describe, expect, it } from 'vitest'
import {
  allocateReturn,
  creditedPerLine,
  creditNoteLines,
  totalsOf,
  whatIsLeft,
} from './credit-lines'
import { taxLine } from './gst'
import type {
  InvoiceDocument,
  InvoiceDocumentLine,
  TaxKind,
} from '../../db/schema/invoice-document'

/*
 * The arithmetic of partial and whole credit notes against one invoice, without a database:
 * which invoice line a returned item credits, how its tax is split, and that the credits of an
 * invoice never exceed it, to the unit and to the paisa.
 */

function line(
  description: string,
  unitPricePaise: number,
  quantity: number,
  kind: TaxKind,
  productId?: string,
): InvoiceDocumentLine {
  const totalPaise = unitPricePaise * quantity
  const { roundOffPaise: _r, ...tax } = taxLine(totalPaise, 1800, kind)
  return {
    description,
    productId,
    hsn: '8517',
    quantity,
    unitPricePaise,
    totalPaise,
    rateBp: 1800,
    ...tax,
  }
}

function invoiceOf(lines: InvoiceDocumentLine[], taxKind: TaxKind = 'CGST+SGST'): InvoiceDocument {
  const party = {
    name: 'X',
    address: ['1 Road'],
    stateCode: '29',
    stateName: 'Karnataka',
    gstin: null,
  }
  return {
    kind: 'invoice',
    number: 'TB/2627/000001',
    issuedAt: '2026-11-23T06:00:00.000Z',
    orderId: crypto.randomUUID(),
    orderNumber: 'TB-1001',
    supplier: party,
    recipient: party,
    shipTo: { name: 'Y', address: ['2 Road'], stateName: 'Karnataka', phone: '9876543210' },
    placeOfSupply: { code: '29', name: 'Karnataka' },
    taxKind,
    lines,
    totals: totalsOf(lines),
    operator: { name: 'Op', gstin: '29AAGCB7383J1Z4' },
    soldVia: true,
  }
}

/** A credit note document holding `lines` (only its lines matter to the arithmetic). */
const noteOf = (invoice: InvoiceDocument, lines: InvoiceDocumentLine[]): InvoiceDocument => ({
  ...invoice,
  kind: 'credit',
  number: 'CN/2627/000001',
  lines,
  totals: totalsOf(lines),
})

const phone = crypto.randomUUID()

describe('crediting part of an invoice', () => {
  it('taxes one returned unit as the invoice taxed its line, in its split', () => {
    const invoice = invoiceOf([line('Phone', 99900, 2, 'CGST+SGST', phone)])
    const credited = creditedPerLine(invoice, [])
    const requests = allocateReturn(invoice, credited, [
      { productId: phone, title: 'Phone', unitPricePaise: 99900, quantity: 1 },
    ])
    const [credit] = creditNoteLines(invoice, credited, requests)
    expect(credit).toMatchObject({
      invoiceLine: 0,
      productId: phone,
      quantity: 1,
      totalPaise: 99900,
      taxablePaise: 84661,
      cgstPaise: 7619,
      sgstPaise: 7619,
      igstPaise: 0,
    })
    expect(totalsOf([credit!]).roundOffPaise).toBe(1)
  })

  it('credits a line’s last units with what is left of it, so its credits sum to the paisa', () => {
    // ₹1,000 at 18%: one unit is taxable ₹847.46 (rounded up), three are ₹2,542.37. Three
    // single-unit credits rounded on their own would credit ₹2,542.38.
    const invoice = invoiceOf([line('Charger', 100000, 3, 'CGST+SGST', phone)])
    const notes: InvoiceDocument[] = []
    for (let i = 0; i < 3; i++) {
      const credited = creditedPerLine(invoice, notes)
      const requests = allocateReturn(invoice, credited, [
        { productId: phone, title: 'Charger', unitPricePaise: 100000, quantity: 1 },
      ])
      notes.push(noteOf(invoice, creditNoteLines(invoice, credited, requests)))
    }
    expect(notes.map((n) => n.lines[0]?.taxablePaise)).toEqual([84746, 84746, 84745])
    const sum = (pick: (t: InvoiceDocument['totals']) => number) =>
      notes.reduce((s, n) => s + pick(n.totals), 0)
    expect(sum((t) => t.taxablePaise)).toBe(invoice.totals.taxablePaise)
    expect(sum((t) => t.cgstPaise)).toBe(invoice.totals.cgstPaise)
    expect(sum((t) => t.sgstPaise)).toBe(invoice.totals.sgstPaise)
    expect(sum((t) => t.totalPaise)).toBe(invoice.totals.totalPaise)
    expect(() =>
      allocateReturn(invoice, creditedPerLine(invoice, notes), [
        { productId: phone, title: 'Charger', unitPricePaise: 100000, quantity: 1 },
      ]),
    ).toThrow('Invoice TB/2627/000001 has 0 of "Charger" left to credit, not 1')
  })

  it('matches an invoice issued before products were recorded by description and unit price', () => {
    const invoice = invoiceOf([line('Case', 49900, 1, 'IGST'), line('Phone', 99900, 2, 'IGST')])
    const credited = creditedPerLine(invoice, [])
    const requests = allocateReturn(invoice, credited, [
      { productId: phone, title: 'Phone', unitPricePaise: 99900, quantity: 2 },
    ])
    expect(requests).toEqual([{ index: 1, quantity: 2 }])
    expect(creditNoteLines(invoice, credited, requests)[0]?.igstPaise).toBe(
      invoice.lines[1]?.igstPaise,
    )
    expect(() =>
      allocateReturn(invoice, credited, [
        { productId: phone, title: 'Phone', unitPricePaise: 89900, quantity: 1 },
      ]),
    ).toThrow('"Phone" is not on invoice TB/2627/000001, so it cannot be credited')
  })
})

describe('crediting the whole invoice', () => {
  it('credits only what returns left, and nothing once everything is credited', () => {
    const invoice = invoiceOf([
      line('Case', 49900, 1, 'CGST+SGST'),
      line('Phone', 99900, 2, 'CGST+SGST'),
    ])
    const partial = noteOf(
      invoice,
      creditNoteLines(invoice, creditedPerLine(invoice, []), [{ index: 1, quantity: 1 }]),
    )
    const credited = creditedPerLine(invoice, [partial])
    const left = whatIsLeft(invoice, credited)
    expect(left).toEqual([
      { index: 0, quantity: 1 },
      { index: 1, quantity: 1 },
    ])
    const rest = noteOf(invoice, creditNoteLines(invoice, credited, left))
    expect(rest.totals.totalPaise + partial.totals.totalPaise).toBe(invoice.totals.totalPaise)
    expect(rest.totals.cgstPaise + partial.totals.cgstPaise).toBe(invoice.totals.cgstPaise)
    expect(() => whatIsLeft(invoice, creditedPerLine(invoice, [partial, rest]))).toThrow(
      'Invoice TB/2627/000001 is already fully credited',
    )
  })

  it('reads a whole-invoice note issued before returns (its lines carry no index)', () => {
    const invoice = invoiceOf([line('Phone', 99900, 1, 'IGST'), line('Phone', 99900, 1, 'IGST')])
    const legacy = noteOf(invoice, invoice.lines)
    expect(creditedPerLine(invoice, [legacy]).map((c) => c.quantity)).toEqual([1, 1])
    expect(() =>
      allocateReturn(invoice, creditedPerLine(invoice, [legacy]), [
        { productId: phone, title: 'Phone', unitPricePaise: 99900, quantity: 1 },
      ]),
    ).toThrow('has 0 of "Phone" left to credit')
  })
})
