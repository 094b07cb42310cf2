import {
  stateMismatchMessage,
  type BusinessAddress,
  type BusinessAddressFields,
} from '@techbazaar/shared'
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { vendorProfiles } from '../../db/schema'
import { badRequest, notFound } from '../../lib/errors'

/** The seller's own business address (what its GST invoices print as the supplier). */
export async function getBusinessAddress(db: Db, sellerId: string): Promise<BusinessAddress> {
  const [profile] = await db
    .select()
    .from(vendorProfiles)
    .where(eq(vendorProfiles.userId, sellerId))
  if (!profile) throw notFound('Seller profile not found')
  return {
    businessName: profile.businessName,
    addressLine: profile.addressLine,
    city: profile.city,
    // Invoices fall back to the GSTIN's state too (invoices.service.ts).
    stateCode: profile.stateCode ?? profile.gstNumber?.slice(0, 2) ?? null,
    pincode: profile.pincode,
    gstNumber: profile.gstNumber,
    turnoverAbove5Cr: profile.turnoverAbove5Cr,
  }
}

/**
 * Saves the seller's business address. A GSTIN is issued per state, so a seller with one must
 * give an address in that state: the invoice's supplier state decides CGST+SGST or IGST.
 */
export async function updateBusinessAddress(
  db: Db,
  sellerId: string,
  input: BusinessAddressFields,
): Promise<BusinessAddress> {
  const current = await getBusinessAddress(db, sellerId)
  const gstin = current.gstNumber
  if (gstin && input.stateCode !== gstin.slice(0, 2)) {
    const message = stateMismatchMessage(gstin)
    throw badRequest(message, [{ path: 'stateCode', message }])
  }
  await db
    .update(vendorProfiles)
    .set({
      businessName: input.businessName,
      addressLine: input.addressLine,
      city: input.city,
      stateCode: input.stateCode,
      pincode: input.pincode,
      // Absent: the seller's earlier answer stands (see businessAddressBody).
      ...(input.turnoverAbove5Cr === undefined ? {} : { turnoverAbove5Cr: input.turnoverAbove5Cr }),
    })
    .where(eq(vendorProfiles.userId, sellerId))
  return getBusinessAddress(db, sellerId)
}
