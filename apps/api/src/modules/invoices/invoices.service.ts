import {
  formatOrderNumber,
  gstStateName,
  isInvoiceAvailable,
  stateCodeForPincode,
  type SessionUser,
} from '@techbazaar/shared'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import {
  invoiceCounters,
  invoices,
  orderLines,
  subOrders,
  users,
  vendorProfiles,
} from '../../db/schema'
import { conflict } from '../../lib/errors'
import { viewOrder } from '../orders/order-access'
import { GST_RATE_PERCENT, hsnFor, splitInclusive, type LineTax } from './gst'

/**
 * The marketplace as supplier of the products an admin lists. Same details as the web's
 * apps/web/src/features/static-pages/content/company.ts (the API cannot import the web app).
 */
export const MARKETPLACE = {
  supplierKey: 'marketplace',
  legalName: 'TechBazaar Retail Pvt. Ltd.',
  address: ['No. 42, 2nd Floor, 80 Feet Road', 'HAL 2nd Stage, Indiranagar', 'Bengaluru 560038'],
  stateCode: '29',
} as const

export interface Party {
  name: string
  address: string[]
  stateCode: string
  stateName: string
}

export interface InvoiceLine extends LineTax {
  description: string
  hsn: string
  quantity: number
  unitPricePaise: number
  totalPaise: number
}

export interface InvoiceData {
  number: string
  issuedAt: Date
  orderId: string
  /** `TB-10234`: what the shopper's mails and My Orders call the order. */
  orderNumber: string
  supplier: Party & { gstin: string | null }
  recipient: Party & { phone: string }
  placeOfSupply: { code: string; name: string }
  intraState: boolean
  ratePercent: number
  lines: InvoiceLine[]
  totals: LineTax & { totalPaise: number }
}

/** Indian financial year (April to March, IST) as the year it starts in. */
export function financialYear(at: Date): number {
  const ist = new Date(at.getTime() + 330 * 60_000)
  return ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1
}

/** `TB/2627/000123`: 14 characters, within Rule 46's 16. */
export function invoiceNumber(fy: number, seq: number): string {
  const years = `${fy % 100}`.padStart(2, '0') + `${(fy + 1) % 100}`.padStart(2, '0')
  return `TB/${years}/${String(seq).padStart(6, '0')}`
}

/**
 * The sub-order's invoice, issued on first request. The sub-order row lock serialises two
 * first downloads of the same sub-order; the counter row's UPDATE … RETURNING hands each
 * supplier's invoices gap-free, unique serials per financial year even under concurrency.
 */
async function issueInvoice(db: Db, subOrderId: string, supplierKey: string, now: Date) {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: subOrders.id })
      .from(subOrders)
      .where(eq(subOrders.id, subOrderId))
      .for('update')
    const [existing] = await tx.select().from(invoices).where(eq(invoices.subOrderId, subOrderId))
    if (existing) return existing
    const fy = financialYear(now)
    await tx.insert(invoiceCounters).values({ supplierKey, fy, lastSeq: 0 }).onConflictDoNothing()
    const [counter] = await tx
      .update(invoiceCounters)
      .set({ lastSeq: sql`${invoiceCounters.lastSeq} + 1` })
      .where(and(eq(invoiceCounters.supplierKey, supplierKey), eq(invoiceCounters.fy, fy)))
      .returning({ seq: invoiceCounters.lastSeq })
    if (!counter) throw new Error('invoice counter missing')
    const [created] = await tx
      .insert(invoices)
      .values({
        subOrderId,
        supplierKey,
        fy,
        seq: counter.seq,
        number: invoiceNumber(fy, counter.seq),
        issuedAt: now,
      })
      .returning()
    if (!created) throw new Error('invoice not created')
    return created
  })
}

async function supplierOf(db: Db, sellerId: string, marketplaceGstin: string) {
  const [row] = await db
    .select({ user: users, profile: vendorProfiles })
    .from(users)
    .leftJoin(vendorProfiles, eq(vendorProfiles.userId, users.id))
    .where(eq(users.id, sellerId))
  if (!row || row.user.type !== 'vendor' || !row.profile) {
    // Products an admin lists are sold by the marketplace itself.
    return {
      supplierKey: MARKETPLACE.supplierKey,
      name: MARKETPLACE.legalName,
      address: [...MARKETPLACE.address],
      gstin: marketplaceGstin,
      stateCode: MARKETPLACE.stateCode,
      stateName: gstStateName(MARKETPLACE.stateCode),
    }
  }
  const p = row.profile
  const stateCode =
    p.stateCode ??
    p.gstNumber?.slice(0, 2) ??
    (p.pincode ? stateCodeForPincode(p.pincode) : undefined) ??
    MARKETPLACE.stateCode
  return {
    supplierKey: row.user.id,
    name: p.businessName ?? row.user.userName,
    address: [p.addressLine, [p.city, p.pincode].filter(Boolean).join(' ')].filter(
      (part): part is string => Boolean(part),
    ),
    gstin: p.gstNumber,
    stateCode,
    stateName: gstStateName(stateCode),
  }
}

function sumTaxes(lines: readonly InvoiceLine[]): LineTax & { totalPaise: number } {
  const sum = (pick: (l: InvoiceLine) => number) => lines.reduce((s, l) => s + pick(l), 0)
  return {
    totalPaise: sum((l) => l.totalPaise),
    taxablePaise: sum((l) => l.taxablePaise),
    taxPaise: sum((l) => l.taxPaise),
    cgstPaise: sum((l) => l.cgstPaise),
    sgstPaise: sum((l) => l.sgstPaise),
    igstPaise: sum((l) => l.igstPaise),
  }
}

/**
 * The invoices the caller may download for an order: the owner and an admin get every seller's,
 * a seller only their own sub-order's. Anyone else is told the order does not exist.
 */
export async function getOrderInvoices(
  deps: { db: Db; now: () => Date; marketplaceGstin: string },
  user: SessionUser,
  orderId: string,
): Promise<InvoiceData[]> {
  const { db } = deps
  const { order, subOrders: subs } = await viewOrder(db, user, orderId)
  if (!isInvoiceAvailable(order)) {
    throw conflict('The invoice is available once the order is confirmed')
  }

  const [buyer] = await db.select().from(users).where(eq(users.id, order.userId))
  const address = order.addressInfo
  // An unmapped PIN (e.g. an army post office) cannot name a state: the supplier's state is
  // used as the place of supply, i.e. the supply is treated as intra-state (set below).
  const deliveryState = stateCodeForPincode(address.pincode)
  const lines = await db
    .select()
    .from(orderLines)
    .where(
      inArray(
        orderLines.subOrderId,
        subs.map((s) => s.id),
      ),
    )
    .orderBy(asc(orderLines.title), asc(orderLines.id))

  const result: InvoiceData[] = []
  for (const sub of subs) {
    const supplier = await supplierOf(db, sub.sellerId, deps.marketplaceGstin)
    const invoice = await issueInvoice(db, sub.id, supplier.supplierKey, deps.now())
    const placeCode = deliveryState ?? supplier.stateCode
    const intraState = placeCode === supplier.stateCode
    const invoiceLines = lines
      .filter((l) => l.subOrderId === sub.id)
      .map((l): InvoiceLine => {
        const totalPaise = l.unitPricePaise * l.quantity
        return {
          description: l.title,
          hsn: hsnFor(l.title),
          quantity: l.quantity,
          unitPricePaise: l.unitPricePaise,
          totalPaise,
          ...splitInclusive(totalPaise, intraState),
        }
      })
    result.push({
      number: invoice.number,
      issuedAt: invoice.issuedAt,
      orderId: order.id,
      orderNumber: formatOrderNumber(order.orderNumber),
      supplier,
      recipient: {
        name: buyer?.userName ?? 'Customer',
        address: [address.address, `${address.city} ${address.pincode}`],
        stateCode: placeCode,
        stateName: gstStateName(placeCode),
        phone: address.phone,
      },
      placeOfSupply: { code: placeCode, name: gstStateName(placeCode) },
      intraState,
      ratePercent: GST_RATE_PERCENT,
      lines: invoiceLines,
      totals: sumTaxes(invoiceLines),
    })
  }
  return result
}
