import type { SettlementEntryKind } from '@techbazaar/shared'
import { and, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { commissionRules, products, settlementEntries, vendorProfiles } from '../../db/schema'
import type { InvoiceDocument, TaxKind } from '../../db/schema/invoice-document'
import {
  applyRate,
  financialYearOf,
  pickCommissionRule,
  shareOf,
  splitTax,
  taxPeriodOf,
  taxTotal,
  type TaxSplit,
} from './rates'

/** The rates in force (config.settlement) and the marketplace's GST state. */
export interface SettlementPolicy {
  tcsBp: number
  tdsBp: number
  tdsNoPanBp: number
  feeGstBp: number
  returnWindowDays: number
  holdBufferDays: number
}

type NewEntry = typeof settlementEntries.$inferInsert
const NO_TAX: TaxSplit = { cgstPaise: 0, sgstPaise: 0, igstPaise: 0 }

/**
 * Writes what a delivered part earns its seller, in the delivering transaction: per line of its
 * frozen invoice the sale, the commission and closing fee by the schedule in force at `at`, GST
 * on each (split by the marketplace's and the seller's states: `feeTaxKind`), TCS on the line's
 * taxable value (split as the supply was taxed) and TDS on it (0.1%, 5% without a PAN). Every
 * amount keeps the rate it used. Writes nothing twice (dedupe keys) and nothing for the
 * marketplace's own goods, where it is the supplier.
 */
export async function settleDeliveredPart(
  tx: Tx,
  policy: SettlementPolicy,
  part: {
    subOrderId: string
    orderId: string
    sellerId: string
    invoice: InvoiceDocument
    invoiceIssuedAt: Date
    feeTaxKind: TaxKind
    at: Date
  },
): Promise<void> {
  const { invoice, at } = part
  if (!invoice.soldVia) return
  const [profile] = await tx
    .select({ pan: vendorProfiles.pan })
    .from(vendorProfiles)
    .where(eq(vendorProfiles.userId, part.sellerId))
  const tdsBp = profile?.pan ? policy.tdsBp : policy.tdsNoPanBp
  const productIds = invoice.lines.flatMap((l) => (l.productId ? [l.productId] : []))
  const categories = new Map(
    productIds.length === 0
      ? []
      : (
          await tx
            .select({ id: products.id, category: products.category })
            .from(products)
            .where(inArray(products.id, productIds))
        ).map((p) => [p.id, p.category]),
  )
  const rules = await tx
    .select()
    .from(commissionRules)
    .where(
      and(
        lte(commissionRules.effectiveFrom, at),
        or(isNull(commissionRules.effectiveTo), gt(commissionRules.effectiveTo, at)),
      ),
    )
  const rows: NewEntry[] = []
  invoice.lines.forEach((line, index) => {
    const category = (line.productId && categories.get(line.productId)) || null
    const rule = pickCommissionRule(rules, { category, unitPricePaise: line.unitPricePaise }, at)
    if (!rule) {
      throw new Error(
        `no commission rule for ${category ?? 'any category'} at ${line.unitPricePaise}`,
      )
    }
    const base = {
      sellerId: part.sellerId,
      orderId: part.orderId,
      subOrderId: part.subOrderId,
      invoiceLine: index,
      quantity: line.quantity,
      createdAt: at,
    }
    const key = `deliver:${part.subOrderId}:${index}`
    const entry = (
      kind: SettlementEntryKind,
      suffix: string,
      fields: Omit<NewEntry, keyof typeof base | 'kind' | 'dedupeKey'>,
    ) => rows.push({ ...base, ...fields, kind, dedupeKey: `${key}:${suffix}` })

    const sale = sellerSalePaise(line)
    entry('sale', 'sale', {
      amountPaise: sale,
      basePaise: sale,
      reversible: true,
    })
    const commission = applyRate(sale, rule.percentBp)
    const fee = rule.closingFeePaise * line.quantity
    const reversedOnReturn = rule.commissionReversedOnReturn
    for (const [suffix, kind, amount, rate, reversible] of [
      ['commission', 'commission', commission, rule.percentBp, reversedOnReturn],
      ['closingFee', 'closingFee', fee, null, false],
    ] as const) {
      if (amount === 0) continue
      entry(kind, suffix, {
        amountPaise: -amount,
        basePaise: kind === 'commission' ? sale : null,
        rateBp: rate,
        ruleId: rule.id,
        reversible,
      })
      // The marketplace's service to the seller bears GST: its own entry per fee, so a return
      // gives back the GST of exactly what it gives back.
      const gst = splitTax(amount, policy.feeGstBp, part.feeTaxKind)
      entry('feeGst', `feeGst:${suffix}`, {
        amountPaise: -taxTotal(gst),
        basePaise: amount,
        rateBp: policy.feeGstBp,
        ...gst,
        reversible,
      })
    }
    // TCS is on the net taxable value of the supply (CGST s.52), in the invoice's month.
    const tcs = splitTax(line.taxablePaise, policy.tcsBp, invoice.taxKind)
    entry('tcs', 'tcs', {
      amountPaise: -taxTotal(tcs),
      basePaise: line.taxablePaise,
      rateBp: policy.tcsBp,
      ...tcs,
      taxPeriod: taxPeriodOf(part.invoiceIssuedAt),
      reversible: true,
    })
    // TDS is on the gross amount without the GST the invoice shows separately (s.194-O,
    // CBDT Circular 20/2023 Q3): the taxable value.
    entry('tds', 'tds', {
      amountPaise: -applyRate(line.taxablePaise, tdsBp),
      basePaise: line.taxablePaise,
      rateBp: tdsBp,
      ...NO_TAX,
      reversible: true,
    })
  })
  const written = rows.filter((r) => r.kind === 'sale' || r.amountPaise !== 0)
  if (written.length > 0) {
    await tx.insert(settlementEntries).values(written).onConflictDoNothing({
      target: settlementEntries.dedupeKey,
    })
  }
}

const REVERSAL: Partial<Record<SettlementEntryKind, SettlementEntryKind>> = {
  sale: 'saleReversal',
  commission: 'commissionReversal',
  feeGst: 'feeGstReversal',
  tcs: 'tcsReversal',
  tds: 'tdsReversal',
}

/**
 * Gives back, in the transaction that passes a return, the share of each reversible entry of
 * the returned units: the sale, the commission and its GST when the frozen rule says so (the
 * closing fee and its GST stay earned), TCS (it is on supplies minus returns, in the credit
 * note's month) and TDS when the return falls in the delivery's financial year (CBDT Circular
 * 20/2023 Q4: adjusted within the year). Writes nothing twice; nothing for a part never settled.
 */
export async function reverseReturnedGoods(
  tx: Tx,
  ret: {
    returnId: string
    subOrderId: string
    creditNote: Pick<InvoiceDocument, 'lines'>
    at: Date
  },
): Promise<void> {
  const returned = new Map<number, number>()
  for (const line of ret.creditNote.lines) {
    if (line.invoiceLine === undefined) continue
    returned.set(line.invoiceLine, (returned.get(line.invoiceLine) ?? 0) + line.quantity)
  }
  if (returned.size === 0) return
  // Two passes of one part take turns on its invoice's row, which issuing the credit note locked
  // earlier in this transaction: this read sees every reversal committed before it.
  const rowsOfPart = await tx
    .select()
    .from(settlementEntries)
    .where(eq(settlementEntries.subOrderId, ret.subOrderId))
  // A part's entries always name their line and units (only a payout's entries do not).
  const entries = rowsOfPart.flatMap((e) =>
    e.invoiceLine === null || e.quantity === null
      ? []
      : [{ ...e, invoiceLine: e.invoiceLine, quantity: e.quantity }],
  )
  const reversals = entries.filter((e) => e.reverses !== null)
  const rows: NewEntry[] = []
  for (const original of entries) {
    const units = returned.get(original.invoiceLine)
    const kind = REVERSAL[original.kind]
    if (!units || !kind || !original.reversible || original.reverses !== null) continue
    if (
      original.kind === 'tds' &&
      financialYearOf(original.createdAt) !== financialYearOf(ret.at)
    ) {
      continue
    }
    const before = reversals.filter((r) => r.reverses === original.id)
    if (before.some((r) => r.returnId === ret.returnId)) continue
    const already = (pick: (e: typeof original) => number) => ({
      units: before.reduce((sum, r) => sum + r.quantity, 0),
      paise: before.reduce((sum, r) => sum + pick(r), 0) * -1,
    })
    const share = (pick: (e: typeof original) => number) =>
      -shareOf(pick(original), original.quantity, units, already(pick))
    rows.push({
      sellerId: original.sellerId,
      orderId: original.orderId,
      subOrderId: original.subOrderId,
      returnId: ret.returnId,
      kind,
      invoiceLine: original.invoiceLine,
      quantity: Math.min(units, original.quantity - already((e) => e.amountPaise).units),
      amountPaise: share((e) => e.amountPaise),
      // A reversal's base is the base given back, signed like its amount against the original.
      basePaise: original.basePaise === null ? null : share((e) => e.basePaise ?? 0),
      rateBp: original.rateBp,
      cgstPaise: share((e) => e.cgstPaise),
      sgstPaise: share((e) => e.sgstPaise),
      igstPaise: share((e) => e.igstPaise),
      ruleId: original.ruleId,
      reversible: false,
      taxPeriod: original.kind === 'tcs' ? taxPeriodOf(ret.at) : null,
      reverses: original.id,
      dedupeKey: `return:${ret.returnId}:${original.id}`,
      createdAt: ret.at,
    })
  }
  const live = rows.filter((r) => (r.quantity ?? 0) > 0)
  if (live.length > 0) {
    await tx.insert(settlementEntries).values(live).onConflictDoNothing({
      target: settlementEntries.dedupeKey,
    })
  }
}

/**
 * What a line's sale earns its seller (decision 092): what the shopper paid, plus a coupon's
 * share when the marketplace funds it (the marketplace pays the seller the price it gave away);
 * a discount the seller funds stays off its earnings, and its commission is on what it earns.
 */
export function sellerSalePaise(
  line: Pick<InvoiceDocument['lines'][number], 'totalPaise' | 'discountPaise' | 'discountFundedBy'>,
): number {
  return line.totalPaise + (line.discountFundedBy === 'marketplace' ? (line.discountPaise ?? 0) : 0)
}
