import { GST_STATES } from '@techbazaar/shared'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { users, vendorProfiles } from '../../../db/schema'
import { notFound } from '../../../lib/errors'
import { sellerName } from '../../kernel'

/** Who a seller's statements and certificates name. */
export interface SellerIdentity {
  id: string
  /** The business name (or the account's until an address is saved): statements. */
  displayName: string
  /** The name on the PAN when given, else the display name: TDS returns name the deductee so. */
  taxName: string
  pan: string | null
  gstin: string | null
  /** The business address as printed (street; city and PIN; state), empty until it is saved. */
  address: string[]
}

/** A seller's identity, or 404 for an id that is not a seller's (an admin's typo, a shopper). */
export async function sellerIdentity(db: Db, sellerId: string): Promise<SellerIdentity> {
  const [row] = await db
    .select({
      displayName: sellerName,
      panName: vendorProfiles.panName,
      pan: vendorProfiles.pan,
      gstin: vendorProfiles.gstNumber,
      addressLine: vendorProfiles.addressLine,
      city: vendorProfiles.city,
      pincode: vendorProfiles.pincode,
      stateCode: vendorProfiles.stateCode,
    })
    .from(users)
    .innerJoin(vendorProfiles, eq(vendorProfiles.userId, users.id))
    .where(and(eq(users.id, sellerId), eq(users.type, 'vendor')))
  if (!row) throw notFound('No such seller')
  return {
    id: sellerId,
    displayName: row.displayName,
    taxName: row.panName ?? row.displayName,
    pan: row.pan,
    gstin: row.gstin,
    address: [
      row.addressLine,
      [row.city, row.pincode].filter(Boolean).join(' '),
      row.stateCode ? (GST_STATES[row.stateCode] ?? null) : null,
    ].filter((line): line is string => Boolean(line)),
  }
}
