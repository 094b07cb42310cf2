import { hsnEntry } from '@techbazaar/shared'
import { eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { users, vendorProfiles } from '../../db/schema'
import { taxKindFor, taxLine } from './gst'
import type { MarketplaceIdentity } from './issue'

/** One line of a cart about to be ordered: its GST-inclusive total and where its tax comes from. */
export interface GstLine {
  sellerId: string
  hsn: string
  totalPaise: number
}

/**
 * The state each seller supplies from, as `issue.ts` reads it for the invoice: a vendor's GSTIN
 * (issued per state), the marketplace's own for what admins list; null for a vendor without a
 * GSTIN, which cannot issue a tax invoice yet.
 */
async function supplierStates(
  db: Db,
  sellerIds: string[],
  marketplace: Pick<MarketplaceIdentity, 'stateCode'>,
): Promise<Map<string, string | null>> {
  const rows = sellerIds.length
    ? await db
        .select({
          id: users.id,
          type: users.type,
          profile: vendorProfiles.userId,
          gstNumber: vendorProfiles.gstNumber,
        })
        .from(users)
        .leftJoin(vendorProfiles, eq(vendorProfiles.userId, users.id))
        .where(inArray(users.id, sellerIds))
    : []
  const states = new Map<string, string | null>()
  for (const row of rows) {
    // As supplierOf: anyone but a vendor with a profile lists the marketplace's own goods.
    if (row.type !== 'vendor' || row.profile === null) states.set(row.id, marketplace.stateCode)
    else states.set(row.id, row.gstNumber ? row.gstNumber.slice(0, 2) : null)
  }
  return states
}

/**
 * The GST included in GST-inclusive line totals delivered to `placeOfSupply`, in paise: each line
 * taxed by `taxLine` at its HSN code's rate, IGST or CGST+SGST by its supplier's state, exactly as
 * the sub-orders' invoices will compute it, and summed. Null when some line's invoice could not
 * be computed yet (an HSN code outside the shop's list, a seller without a GSTIN).
 */
export async function includedGstPaise(
  db: Db,
  marketplace: Pick<MarketplaceIdentity, 'stateCode'>,
  placeOfSupply: string,
  lines: readonly GstLine[],
): Promise<number | null> {
  const states = await supplierStates(db, [...new Set(lines.map((l) => l.sellerId))], marketplace)
  let gstPaise = 0
  for (const line of lines) {
    const entry = hsnEntry(line.hsn)
    const supplierState = states.get(line.sellerId)
    if (!entry || !supplierState) return null
    const tax = taxLine(line.totalPaise, entry.rateBp, taxKindFor(supplierState, placeOfSupply))
    gstPaise += tax.cgstPaise + tax.sgstPaise + tax.igstPaise
  }
  return gstPaise
}
