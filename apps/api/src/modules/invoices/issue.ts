import {
  formatOrderNumber,
  gstStateName,
  hsnEntry,
  printedHsn,
  stateCodesForPincode,
} from '@techbazaar/shared'
import { asc, eq } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import {
  invoices,
  orderLines,
  orders,
  products,
  subOrders,
  users,
  vendorProfiles,
} from '../../db/schema'
import { conflict } from '../../lib/errors'
import { taxKindFor, taxLine } from './gst'
import type {
  InvoiceDocument,
  InvoiceDocumentLine,
  InvoiceParty,
} from '../../db/schema/invoice-document'
import { documentNumber, financialYear, MARKETPLACE_SUPPLIER_KEY } from './numbering'
import { reserveSerial, takeSerial, useReservation, type Reservation } from './reservations'

// Numbering and credit notes live in their own modules; callers keep importing them from here.
export { documentNumber, financialYear } from './numbering'
export { issueCreditNote } from './credit-notes'

/**
 * Issuing GST documents (decision 54). An invoice is issued once, in the transaction that
 * dispatches its goods (the seller's courier booking, or an admin's "shipped" for a parcel sent
 * outside the shop): its number and date come from the supplier's series for the Indian
 * financial year of that moment, and every printed field is stored as issued (credit notes,
 * which reverse them, are in credit-notes.ts). Nothing here reads live data later.
 */

/** The marketplace: supplier of what admins list, and operator of every seller's supply. */
export interface MarketplaceIdentity {
  legalName: string
  address: readonly string[]
  gstin: string
  stateCode: string
}

interface Supplier extends InvoiceParty {
  key: string
  gstin: string
  turnoverAbove5Cr: boolean
  /** A composition dealer: bills of supply without GST (issue 30.10). */
  composition: boolean
}

/** Who supplies a sub-order's goods: its GST-registered seller, or the marketplace itself. */
async function supplierOf(tx: Db, sellerId: string, marketplace: MarketplaceIdentity) {
  const [row] = await tx
    .select({ user: users, profile: vendorProfiles })
    .from(users)
    .leftJoin(vendorProfiles, eq(vendorProfiles.userId, users.id))
    .where(eq(users.id, sellerId))
  if (!row || row.user.type !== 'vendor' || !row.profile) {
    // Products an admin lists are sold by the marketplace itself (printing six digits is always
    // allowed, so its size need not be known).
    return {
      key: MARKETPLACE_SUPPLIER_KEY,
      name: marketplace.legalName,
      address: [...marketplace.address],
      gstin: marketplace.gstin,
      stateCode: marketplace.stateCode,
      stateName: gstStateName(marketplace.stateCode),
      turnoverAbove5Cr: true,
      composition: false,
    } satisfies Supplier
  }
  const p = row.profile
  // An unregistered person may not charge GST (CGST Act s.32(1)): no GSTIN, no tax invoice.
  if (!p.gstNumber) {
    throw conflict('This seller has no GSTIN, so it cannot issue a tax invoice: add it first')
  }
  if (!p.businessName || !p.addressLine || !p.city || !p.pincode) {
    throw conflict('Add the business name and address first: the tax invoice prints them')
  }
  // A GSTIN is issued per state, so its first two digits are where the supplier is registered.
  const stateCode = p.gstNumber.slice(0, 2)
  return {
    key: row.user.id,
    name: p.businessName,
    address: [p.addressLine, `${p.city} ${p.pincode}`],
    gstin: p.gstNumber,
    stateCode,
    stateName: gstStateName(stateCode),
    turnoverAbove5Cr: p.turnoverAbove5Cr,
    composition: p.gstRegistrationType === 'composition',
  } satisfies Supplier
}

/**
 * The state the goods go to. Orders placed since states were asked carry the shopper's choice;
 * an older order's address is used only when its PIN belongs to exactly one state. Otherwise no
 * tax can be computed, and the dispatch is refused rather than guessed.
 */
function placeOfSupply(address: { stateCode?: string; pincode: string }): string {
  if (address.stateCode) return address.stateCode
  const states = stateCodesForPincode(address.pincode)
  const [only] = states
  if (states.length === 1 && only) return only
  throw conflict(
    `The delivery address (PIN ${address.pincode}) has no state, so no tax can be computed: ask the shopper to confirm it`,
  )
}

/**
 * The invoice's recipient ("Billed to", rule 46(1)(e)): a business buyer by its legal name,
 * GSTIN and billing address in its GSTIN's state (issue 30.1; an order from before billing
 * addresses were asked names the GSTIN's state and no address rather than the delivery's);
 * a consumer is the person the goods are delivered to.
 */
function recipientOf(
  order: Pick<typeof orders.$inferSelect, 'buyerGstin' | 'buyerLegalName' | 'buyerAddress'>,
  shipTo: { name: string; address: string[]; placeCode: string },
): InvoiceDocument['recipient'] {
  if (order.buyerGstin && order.buyerLegalName) {
    const billing = order.buyerAddress
    const stateCode = billing?.stateCode ?? order.buyerGstin.slice(0, 2)
    return {
      name: order.buyerLegalName,
      address: billing ? [billing.addressLine, `${billing.city} ${billing.pincode}`] : [],
      stateCode,
      stateName: gstStateName(stateCode),
      gstin: order.buyerGstin,
    }
  }
  return {
    name: shipTo.name,
    address: shipTo.address,
    stateCode: shipTo.placeCode,
    stateName: gstStateName(shipTo.placeCode),
    gstin: null,
  }
}

/** Builds the invoice document of a sub-order from what the shop holds at `at`. */
async function buildInvoice(
  tx: Db,
  marketplace: MarketplaceIdentity,
  sub: { id: string; orderId: string; sellerId: string },
  number: { fy: number; seq: number },
  at: Date,
  supplier: Supplier,
): Promise<InvoiceDocument> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, sub.orderId))
  if (!order) throw new Error(`order ${sub.orderId} missing`)
  const [buyer] = await tx
    .select({ userName: users.userName })
    .from(users)
    .where(eq(users.id, order.userId))
  const address = order.addressInfo
  const placeCode = placeOfSupply(address)
  const taxKind = taxKindFor(supplier.stateCode, placeCode)
  const lineRows = await tx
    .select({ line: orderLines, hsn: products.hsn })
    .from(orderLines)
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(eq(orderLines.subOrderId, sub.id))
    .orderBy(asc(orderLines.title), asc(orderLines.id))
  let roundOffPaise = 0
  const lines = lineRows.map(({ line, hsn }): InvoiceDocumentLine => {
    const entry = hsnEntry(hsn)
    if (!entry) throw conflict(`"${line.title}" has no HSN code from the shop's list: set it first`)
    // A coupon's share shown on the invoice before tax is not part of the value (CGST s.15(3)(a)):
    // tax is on what is paid for the line (decision 092).
    const totalPaise = line.unitPricePaise * line.quantity - line.discountPaise
    // A composition dealer collects no tax: the whole price is the value of the supply.
    const { roundOffPaise: lineRoundOff, ...tax } = supplier.composition
      ? { taxablePaise: totalPaise, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, roundOffPaise: 0 }
      : taxLine(totalPaise, entry.rateBp, taxKind)
    roundOffPaise += lineRoundOff
    return {
      description: line.title,
      productId: line.productId,
      hsn: printedHsn(entry.code, supplier.turnoverAbove5Cr),
      quantity: line.quantity,
      unitPricePaise: line.unitPricePaise,
      ...(line.discountPaise > 0
        ? {
            discountPaise: line.discountPaise,
            discountFundedBy: line.discountFundedBy ?? 'marketplace',
          }
        : {}),
      totalPaise,
      rateBp: supplier.composition ? 0 : entry.rateBp,
      ...tax,
    }
  })
  const sum = (pick: (l: InvoiceDocumentLine) => number) => lines.reduce((s, l) => s + pick(l), 0)
  const placeName = gstStateName(placeCode)
  // The person the shopper named for the delivery (issue 31.7); older orders name the account.
  const shipToName = address.recipientName || buyer?.userName || 'Customer'
  const shipToAddress = [
    address.address,
    ...(address.landmark ? [`Landmark: ${address.landmark}`] : []),
    `${address.city} ${address.pincode}`,
  ]
  const { key: _key, turnoverAbove5Cr: _turnover, composition, ...supplierParty } = supplier
  return {
    kind: 'invoice',
    number: documentNumber('invoice', number.fy, number.seq),
    issuedAt: at.toISOString(),
    orderId: order.id,
    orderNumber: formatOrderNumber(order.orderNumber),
    supplier: supplierParty,
    // A business buyer is the recipient by its legal name and GSTIN (it claims the input tax);
    // a consumer is the person the goods are delivered to.
    recipient: recipientOf(order, { name: shipToName, address: shipToAddress, placeCode }),
    shipTo: {
      name: shipToName,
      address: shipToAddress,
      stateName: placeName,
      phone: address.phone,
    },
    placeOfSupply: { code: placeCode, name: placeName },
    taxKind,
    lines,
    totals: {
      taxablePaise: sum((l) => l.taxablePaise),
      cgstPaise: sum((l) => l.cgstPaise),
      sgstPaise: sum((l) => l.sgstPaise),
      igstPaise: sum((l) => l.igstPaise),
      roundOffPaise,
      totalPaise: sum((l) => l.totalPaise),
    },
    operator: { name: marketplace.legalName, gstin: marketplace.gstin },
    soldVia: supplier.key !== MARKETPLACE_SUPPLIER_KEY,
    ...(composition ? { billOfSupply: true as const } : {}),
  }
}

/**
 * Throws the 409 that issuing the sub-order's invoice would, without issuing it: asked before a
 * courier is booked, so a parcel that cannot be invoiced is never handed over.
 */
export async function assertInvoiceable(
  db: Db,
  marketplace: MarketplaceIdentity,
  subOrderId: string,
  at: Date,
): Promise<void> {
  const [sub] = await db
    .select({ id: subOrders.id, orderId: subOrders.orderId, sellerId: subOrders.sellerId })
    .from(subOrders)
    .where(eq(subOrders.id, subOrderId))
  if (!sub) throw new Error(`sub-order ${subOrderId} missing`)
  const supplier = await supplierOf(db, sub.sellerId, marketplace)
  await buildInvoice(db, marketplace, sub, { fy: 0, seq: 0 }, at, supplier)
}

/** The invoice issued for a sub-order at its dispatch, or null when none was (frozen, as issued). */
export async function issuedInvoiceOf(tx: Db, subOrderId: string) {
  const [row] = await tx.select().from(invoices).where(eq(invoices.subOrderId, subOrderId))
  return row ?? null
}

/** An invoice drafted under a reserved serial, before a portal is asked (decision 78). */
export interface DraftInvoice {
  reservation: Reservation
  document: InvoiceDocument
  at: Date
}

/**
 * Drafts the sub-order's invoice dated `at` under a serial reserved for it (its own short
 * transaction: no lock is held afterwards), for the portals to register before it is issued.
 */
export async function draftInvoice(
  db: Db,
  marketplace: MarketplaceIdentity,
  subOrderId: string,
  at: Date,
): Promise<DraftInvoice> {
  const [sub] = await db
    .select({ id: subOrders.id, orderId: subOrders.orderId, sellerId: subOrders.sellerId })
    .from(subOrders)
    .where(eq(subOrders.id, subOrderId))
  if (!sub) throw new Error(`sub-order ${subOrderId} missing`)
  const supplier = await supplierOf(db, sub.sellerId, marketplace)
  const fy = financialYear(at)
  const reservation = await reserveSerial(db, supplier.key, fy, subOrderId, at)
  // A retry keeps the date of the attempt that reserved the number: the IRP may hold the
  // document under that date (its answer lost), and finds it again only by it.
  const draftedAt = reservation.reservedAt < at ? reservation.reservedAt : at
  const document = await buildInvoice(db, marketplace, sub, reservation, draftedAt, supplier)
  return { reservation, document, at: draftedAt }
}

/**
 * Issues the sub-order's invoice at `at`, in the caller's (dispatching) transaction; answers the
 * existing one when it was issued before (a courier's pickup after the seller's booking). Throws
 * a 409 when the law forbids issuing it (unregistered seller, address without a state), which
 * rolls the dispatch back with it. `draft`: the invoice as drafted and registered beforehand
 * (its reserved serial and frozen document are issued as they are).
 */
export async function issueInvoice(
  tx: Tx,
  marketplace: MarketplaceIdentity,
  subOrderId: string,
  at: Date,
  draft?: DraftInvoice,
) {
  // The sub-order's row lock makes two dispatches of one part take turns.
  const [sub] = await tx
    .select({ id: subOrders.id, orderId: subOrders.orderId, sellerId: subOrders.sellerId })
    .from(subOrders)
    .where(eq(subOrders.id, subOrderId))
    .for('update')
  if (!sub) throw new Error(`sub-order ${subOrderId} missing`)
  const [existing] = await tx.select().from(invoices).where(eq(invoices.subOrderId, subOrderId))
  if (existing) return existing
  if (draft) {
    if (!(await useReservation(tx, draft.reservation, subOrderId))) {
      throw conflict(
        'The invoice number reserved for this dispatch was given back meanwhile: please try again.',
      )
    }
    const { supplierKey, fy, seq } = draft.reservation
    const [created] = await tx
      .insert(invoices)
      .values({
        subOrderId,
        supplierKey,
        fy,
        seq,
        number: draft.document.number,
        issuedAt: draft.at,
        document: draft.document,
      })
      .returning()
    if (!created) throw new Error('invoice not created')
    return created
  }
  const supplier = await supplierOf(tx, sub.sellerId, marketplace)
  const fy = financialYear(at)
  const seq = await takeSerial(tx, supplier.key, fy)
  const document = await buildInvoice(tx, marketplace, sub, { fy, seq }, at, supplier)
  const [created] = await tx
    .insert(invoices)
    .values({
      subOrderId,
      supplierKey: supplier.key,
      fy,
      seq,
      number: document.number,
      issuedAt: at,
      document,
    })
    .returning()
  if (!created) throw new Error('invoice not created')
  return created
}
