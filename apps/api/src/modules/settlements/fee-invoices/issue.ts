import { gstStateName } from '@techbazaar/shared'
import { and, eq, inArray } from 'drizzle-orm'
import type { Db, Tx } from '../../../db/client'
import { feeInvoices, users, vendorProfiles } from '../../../db/schema'
import type { FeeInvoiceDocument, FeeInvoiceLine } from '../../../db/schema/fee-invoice-document'
import type { InvoiceParty } from '../../../db/schema/invoice-document'
import { financialYear, nextSerial, taxKindFor, type MarketplaceIdentity } from '../../invoices'
import { sellerName } from '../../kernel'
import { istMonth, monthName, monthPeriod } from '../reports/period'
import { feeChargesOf, totalOf, type FeeChargeLine, type SellerFeeCharges } from './fee-charges'

/*
 * Issuing the marketplace's monthly GST documents to its sellers (decision 063): after an IST
 * month ends, each seller charged that month gets a tax invoice for the commission and closing
 * fees (B2B, to its GSTIN) and, when returns gave back earlier months' charges, a credit note
 * against those months' invoices. Each is issued once (unique per seller, month and kind),
 * numbered in the marketplace's fee series for the financial year of issue, and frozen.
 */

export interface FeeInvoiceDeps {
  db: Db
  now: () => Date
  config: { marketplace: MarketplaceIdentity; settlement: { feeInvoiceSac: string } }
}

/** The counter key of the marketplace's fee series (its goods invoices are 'marketplace'). */
const SERIES_KEY = 'marketplace-fees'

/** `MF/2627/000001` (invoices) or `MFC/2627/000001` (credit notes): at most 15 characters. */
export function feeDocumentNumber(kind: 'invoice' | 'credit', fy: number, seq: number): string {
  const years = `${fy % 100}`.padStart(2, '0') + `${(fy + 1) % 100}`.padStart(2, '0')
  return `${kind === 'invoice' ? 'MF' : 'MFC'}/${years}/${String(seq).padStart(6, '0')}`
}

/** The month before an IST month: '2026-11' → '2026-10'. */
export function previousMonth(month: string): string {
  return istMonth(new Date(monthPeriod(month).from.getTime() - 1))
}

async function recipientOf(tx: Tx | Db, sellerId: string): Promise<InvoiceParty | null> {
  const [row] = await tx
    .select({
      name: sellerName,
      gstin: vendorProfiles.gstNumber,
      addressLine: vendorProfiles.addressLine,
      city: vendorProfiles.city,
      pincode: vendorProfiles.pincode,
    })
    .from(users)
    .innerJoin(vendorProfiles, eq(vendorProfiles.userId, users.id))
    .where(eq(users.id, sellerId))
  // Only a registered business gets a B2B tax invoice; a seller without a GSTIN cannot sell here.
  if (!row?.gstin) return null
  const stateCode = row.gstin.slice(0, 2)
  const address = [row.addressLine, [row.city, row.pincode].filter(Boolean).join(' ')].filter(
    (line): line is string => Boolean(line),
  )
  return {
    name: row.name,
    address,
    stateCode,
    stateName: gstStateName(stateCode),
    gstin: row.gstin,
  }
}

function lineOf(line: FeeChargeLine, description: string, sac: string): FeeInvoiceLine {
  return {
    description,
    sac,
    taxablePaise: line.taxablePaise,
    rateBp: line.rateBp,
    cgstPaise: line.cgstPaise,
    sgstPaise: line.sgstPaise,
    igstPaise: line.igstPaise,
    totalPaise: totalOf(line),
  }
}

const INVOICE_TEXT = {
  commission: 'Commission on sales through the marketplace',
  closingFee: 'Fixed closing fees on orders delivered',
} as const
const CREDIT_TEXT = {
  commission: 'Commission given back on goods returned',
  closingFee: 'Closing fees given back on goods returned',
} as const

async function issueOne(
  tx: Tx,
  deps: FeeInvoiceDeps,
  charges: SellerFeeCharges,
  month: string,
  kind: 'invoice' | 'credit',
  recipient: InvoiceParty,
): Promise<boolean> {
  const source = kind === 'invoice' ? charges.invoice : charges.credit
  const text = kind === 'invoice' ? INVOICE_TEXT : CREDIT_TEXT
  const sac = deps.config.settlement.feeInvoiceSac
  const lines = source.map((l) => lineOf(l, `${text[l.service]}, ${monthName(month)}`, sac))
  const totals = {
    taxablePaise: lines.reduce((s, l) => s + l.taxablePaise, 0),
    cgstPaise: lines.reduce((s, l) => s + l.cgstPaise, 0),
    sgstPaise: lines.reduce((s, l) => s + l.sgstPaise, 0),
    igstPaise: lines.reduce((s, l) => s + l.igstPaise, 0),
    totalPaise: lines.reduce((s, l) => s + l.totalPaise, 0),
  }
  if (totals.totalPaise <= 0) return false
  const against =
    kind === 'credit'
      ? await tx
          .select({
            number: feeInvoices.number,
            issuedAt: feeInvoices.issuedAt,
            month: feeInvoices.month,
          })
          .from(feeInvoices)
          .where(
            and(
              eq(feeInvoices.sellerId, charges.sellerId),
              eq(feeInvoices.kind, 'invoice'),
              inArray(feeInvoices.month, charges.creditMonths),
            ),
          )
          .orderBy(feeInvoices.month)
      : []
  const at = deps.now()
  const fy = financialYear(at)
  const seq = await nextSerial(tx, SERIES_KEY, kind, fy)
  const number = feeDocumentNumber(kind, fy, seq)
  const { marketplace } = deps.config
  const document: FeeInvoiceDocument = {
    kind,
    number,
    issuedAt: at.toISOString(),
    month,
    ...(kind === 'credit' && {
      against: against.map((a) => ({ ...a, issuedAt: a.issuedAt.toISOString() })),
    }),
    supplier: {
      name: marketplace.legalName,
      address: [...marketplace.address],
      stateCode: marketplace.stateCode,
      stateName: gstStateName(marketplace.stateCode),
      gstin: marketplace.gstin,
    },
    recipient,
    placeOfSupply: { code: recipient.stateCode, name: recipient.stateName },
    taxKind: taxKindFor(marketplace.stateCode, recipient.stateCode),
    lines,
    totals,
  }
  await tx.insert(feeInvoices).values({
    sellerId: charges.sellerId,
    month,
    kind,
    fy,
    seq,
    number,
    issuedAt: at,
    ...totals,
    document,
  })
  return true
}

/**
 * Issues the documents of an ended IST month that are not issued yet, for every seller charged
 * (or those given); answers how many it issued. Safe to run again and from several processes:
 * each seller's documents are issued in one transaction that first locks out the others by the
 * unique key. A credit note needs the invoices it reverses, so earlier months come first.
 */
export async function issueFeeInvoices(
  deps: FeeInvoiceDeps,
  month: string,
  sellerIds?: readonly string[],
): Promise<number> {
  if (monthPeriod(month).to > deps.now()) return 0
  const all = await feeChargesOf(deps.db, month, sellerIds)
  let issued = 0
  for (const charges of all) {
    for (const earlier of charges.creditMonths) {
      issued += await issueFeeInvoices(deps, earlier, [charges.sellerId])
    }
    issued += await deps.db.transaction(async (tx) => {
      // One issuer per seller at a time: the row lock on the seller's account.
      await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, charges.sellerId))
        .for('update')
      const done = await tx
        .select({ kind: feeInvoices.kind })
        .from(feeInvoices)
        .where(and(eq(feeInvoices.sellerId, charges.sellerId), eq(feeInvoices.month, month)))
      const recipient = await recipientOf(tx, charges.sellerId)
      if (!recipient) return 0
      let count = 0
      for (const kind of ['invoice', 'credit'] as const) {
        if (done.some((d) => d.kind === kind)) continue
        if (await issueOne(tx, deps, charges, month, kind, recipient)) count++
      }
      return count
    })
  }
  return issued
}

/** The hourly job's work: last month's documents once it has ended (nothing when all issued). */
export function issueDueFeeInvoices(deps: FeeInvoiceDeps): Promise<number> {
  return issueFeeInvoices(deps, previousMonth(istMonth(deps.now())))
}
