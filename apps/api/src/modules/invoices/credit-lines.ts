import { paidForUnits } from '../offers'
import { conflict } from '../../lib/errors'
import { taxLine } from './gst'
import type { InvoiceDocument, InvoiceDocumentLine } from '../../db/schema/invoice-document'

/**
 * The arithmetic of credit notes against one invoice (CGST Act s.34). An invoice may be credited
 * in parts (each return) and as a whole (a parcel that came back), in any order, but never for
 * more than it invoiced: the units credited per invoice line never exceed the line's quantity.
 * A part is taxed as the invoice taxed its line (`taxLine` on unit price × units, in the
 * invoice's split), and the credit that takes a line's last units takes exactly what is left of
 * its amounts, so all the credit notes of an invoice add up to it to the paisa: rounding each
 * part on its own could otherwise credit a paisa more tax than was charged.
 */

const AMOUNTS = [
  'quantity',
  'totalPaise',
  'taxablePaise',
  'cgstPaise',
  'sgstPaise',
  'igstPaise',
] as const
type Amounts = Pick<InvoiceDocumentLine, (typeof AMOUNTS)[number]>

const zero = (): Amounts => ({
  quantity: 0,
  totalPaise: 0,
  taxablePaise: 0,
  cgstPaise: 0,
  sgstPaise: 0,
  igstPaise: 0,
})

function add(to: Amounts, line: Amounts) {
  for (const key of AMOUNTS) to[key] += line[key]
}

/** Goods a line is for: the product when both lines name it, else the printed description. */
type Goods = Pick<InvoiceDocumentLine, 'productId' | 'description' | 'unitPricePaise'>
export function sameGoods(a: Goods, b: Goods): boolean {
  if (a.unitPricePaise !== b.unitPricePaise) return false
  return a.productId && b.productId ? a.productId === b.productId : a.description === b.description
}

/** What the credit notes already issued against `invoice` credit, per invoice line. */
export function creditedPerLine(
  invoice: InvoiceDocument,
  notes: readonly (Pick<InvoiceDocument, 'lines'> & { number?: string })[],
): Amounts[] {
  const credited = invoice.lines.map(zero)
  for (const note of notes) {
    for (const line of note.lines) {
      // Whole-invoice notes issued before returns copy the invoice's lines without an index.
      const index =
        line.invoiceLine ??
        invoice.lines.findIndex(
          (l, i) => sameGoods(l, line) && (credited[i]?.quantity ?? 0) < l.quantity,
        )
      const into = credited[index]
      if (!into) {
        throw new Error(
          `credit note ${note.number ?? '(late credit)'} has a line not on invoice ${invoice.number}`,
        )
      }
      add(into, line)
    }
  }
  return credited
}

/** Units of one invoice line (by index) to credit. */
export interface CreditRequest {
  index: number
  quantity: number
}

/** Every unit not yet credited: what a whole-invoice credit note reverses. */
export function whatIsLeft(
  invoice: InvoiceDocument,
  credited: readonly Amounts[],
): CreditRequest[] {
  const left = invoice.lines
    .map((line, index) => ({ index, quantity: line.quantity - (credited[index]?.quantity ?? 0) }))
    .filter((r) => r.quantity > 0)
  if (left.length === 0) {
    throw conflict(`Invoice ${invoice.number} is already fully credited`)
  }
  return left
}

/** A returned order line: the goods, and how many units came back. */
export interface ReturnedItem {
  productId: string
  title: string
  unitPricePaise: number
  quantity: number
}

/**
 * The invoice lines a return's items credit. An order line is matched to its invoice line by
 * product (invoices issued since returns record it) or else by description and unit price; its
 * units go to the first such line with units left. More than is left is refused (409).
 */
export function allocateReturn(
  invoice: InvoiceDocument,
  credited: readonly Amounts[],
  items: readonly ReturnedItem[],
): CreditRequest[] {
  const left = invoice.lines.map((line, i) => line.quantity - (credited[i]?.quantity ?? 0))
  const requests: CreditRequest[] = []
  for (const item of items) {
    const goods = {
      productId: item.productId,
      description: item.title,
      unitPricePaise: item.unitPricePaise,
    }
    const matching = invoice.lines.flatMap((line, index) => (sameGoods(line, goods) ? [index] : []))
    if (matching.length === 0) {
      throw conflict(
        `"${item.title}" is not on invoice ${invoice.number}, so it cannot be credited`,
      )
    }
    const available = matching.reduce((sum, index) => sum + (left[index] ?? 0), 0)
    if (item.quantity > available) {
      throw conflict(
        `Invoice ${invoice.number} has ${available} of "${item.title}" left to credit, not ${item.quantity}`,
      )
    }
    let wanted = item.quantity
    for (const index of matching) {
      const quantity = Math.min(wanted, left[index] ?? 0)
      if (quantity === 0) continue
      requests.push({ index, quantity })
      left[index] = (left[index] ?? 0) - quantity
      wanted -= quantity
    }
  }
  return requests
}

/** The credit note's lines: each request taxed as the invoice taxed its line. */
export function creditNoteLines(
  invoice: InvoiceDocument,
  credited: readonly Amounts[],
  requests: readonly CreditRequest[],
): InvoiceDocumentLine[] {
  // A running copy: two requests on one line (a return of duplicated goods) see each other.
  const done = credited.map((c) => ({ ...c }))
  return requests.map(({ index, quantity }) => {
    const line = invoice.lines[index]
    const before = done[index]
    if (!line || !before) throw new Error(`invoice ${invoice.number} has no line ${index}`)
    const left = line.quantity - before.quantity
    if (quantity <= 0 || quantity > left) {
      throw conflict(
        `Only ${left} of "${line.description}" are left to credit on invoice ${invoice.number}`,
      )
    }
    const amounts: Amounts =
      quantity === left
        ? {
            // The line's last units: what is left of each amount, so its credits sum to it.
            quantity,
            totalPaise: line.totalPaise - before.totalPaise,
            taxablePaise: line.taxablePaise - before.taxablePaise,
            cgstPaise: line.cgstPaise - before.cgstPaise,
            sgstPaise: line.sgstPaise - before.sgstPaise,
            igstPaise: line.igstPaise - before.igstPaise,
          }
        : (() => {
            // What was paid for these units: their share of the line's discount comes off.
            const totalPaise = paidForUnits(line, quantity)
            const { roundOffPaise: _roundOff, ...tax } = taxLine(
              totalPaise,
              line.rateBp,
              invoice.taxKind,
            )
            return { quantity, totalPaise, ...tax }
          })()
    add(before, amounts)
    return { ...line, invoiceLine: index, ...amounts }
  })
}

/** A document's totals from its lines; Round off is what the paid totals and the parts differ by. */
export function totalsOf(lines: readonly InvoiceDocumentLine[]): InvoiceDocument['totals'] {
  const sum = (pick: (l: InvoiceDocumentLine) => number) => lines.reduce((s, l) => s + pick(l), 0)
  const taxablePaise = sum((l) => l.taxablePaise)
  const cgstPaise = sum((l) => l.cgstPaise)
  const sgstPaise = sum((l) => l.sgstPaise)
  const igstPaise = sum((l) => l.igstPaise)
  const totalPaise = sum((l) => l.totalPaise)
  return {
    taxablePaise,
    cgstPaise,
    sgstPaise,
    igstPaise,
    roundOffPaise: totalPaise - taxablePaise - cgstPaise - sgstPaise - igstPaise,
    totalPaise,
  }
}
