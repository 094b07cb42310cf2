import type { SellerEInvoicing, SellerEInvoicingInput } from '@techbazaar/shared'
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { sellerEInvoicing, users } from '../../db/schema'
import type { GstPortalsConfig } from '../../einvoice/config'
import { notFound } from '../../lib/errors'

async function sellerExists(db: Db, sellerId: string) {
  const [seller] = await db.select({ type: users.type }).from(users).where(eq(users.id, sellerId))
  if (seller?.type !== 'vendor') throw notFound('Seller not found')
}

function answer(
  row: typeof sellerEInvoicing.$inferSelect | undefined,
  settings: GstPortalsConfig,
): SellerEInvoicing {
  return {
    applies: row?.applies ?? false,
    aggregateTurnoverRupees:
      row?.aggregateTurnoverPaise == null ? null : row.aggregateTurnoverPaise / 100,
    thresholdRupees: settings.einvoiceTurnoverPaise / 100,
  }
}

export async function getSellerEInvoicing(db: Db, settings: GstPortalsConfig, sellerId: string) {
  await sellerExists(db, sellerId)
  const [row] = await db
    .select()
    .from(sellerEInvoicing)
    .where(eq(sellerEInvoicing.sellerId, sellerId))
  return answer(row, settings)
}

/**
 * An admin says whether the seller must e-invoice: by hand (`applies`), or from the highest
 * aggregate turnover it declared for a year since 2017-18, above the threshold (decision 072).
 * `applies` given wins over the turnover (a seller that registered voluntarily, say).
 */
export async function setSellerEInvoicing(
  db: Db,
  settings: GstPortalsConfig,
  sellerId: string,
  input: SellerEInvoicingInput,
  adminId: string,
) {
  await sellerExists(db, sellerId)
  const turnoverPaise =
    input.aggregateTurnoverRupees === undefined ? undefined : input.aggregateTurnoverRupees * 100
  const applies = input.applies ?? (turnoverPaise ?? 0) > settings.einvoiceTurnoverPaise
  const values = {
    applies,
    ...(turnoverPaise === undefined ? {} : { aggregateTurnoverPaise: turnoverPaise }),
    updatedBy: adminId,
  }
  const [row] = await db
    .insert(sellerEInvoicing)
    .values({ sellerId, ...values })
    .onConflictDoUpdate({ target: sellerEInvoicing.sellerId, set: values })
    .returning()
  return answer(row, settings)
}
