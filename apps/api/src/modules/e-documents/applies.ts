import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { sellerEInvoicing, users, vendorProfiles } from '../../db/schema'
import type { GstPortalsConfig } from '../../einvoice/config'

/**
 * Whether the supplier of a seller's part must e-invoice (decision 072): a seller when an admin
 * said so (no row: no); the marketplace itself, for the products admins list, by its setting.
 */
export async function mustEInvoice(
  db: Db,
  sellerId: string,
  settings: Pick<GstPortalsConfig, 'marketplaceEInvoicing'>,
): Promise<boolean> {
  const [row] = await db
    .select({ type: users.type, profile: vendorProfiles.userId, applies: sellerEInvoicing.applies })
    .from(users)
    .leftJoin(vendorProfiles, eq(vendorProfiles.userId, users.id))
    .leftJoin(sellerEInvoicing, eq(sellerEInvoicing.sellerId, users.id))
    .where(eq(users.id, sellerId))
  // The same test as the invoice's supplier (invoices/issue.ts): no seller profile, the shop sells.
  if (!row || row.type !== 'vendor' || !row.profile) return settings.marketplaceEInvoicing
  return row.applies ?? false
}
