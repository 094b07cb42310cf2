import type { Tx } from '../client'
import { coupons, scheduledSales } from '../schema'

const DAY_MS = 86_400_000
const HOUR_MS = 3_600_000

/** The product the demo's automatic offer is on (no sale price of its own). */
export const SEED_SALE_PRODUCT = 'Samsung Galaxy Buds3 Pro - Silver'

/**
 * The demo's offers (decision 092): a welcome coupon the marketplace pays for, a coupon the demo
 * seller pays for on its own products, and a week's sale price on a pair of earbuds that the
 * scheduled-sales job applies within a minute of the shop starting.
 */
export async function seedOffers(
  tx: Tx,
  opts: { now: number; adminId: string; demoSellerId: string; saleProductId: string },
): Promise<void> {
  const { now } = opts
  const startsAt = new Date(now - DAY_MS)
  const endsAt = new Date(now + 90 * DAY_MS)
  await tx.insert(coupons).values([
    {
      code: 'WELCOME10',
      description: '10% off your first order, up to ₹500',
      kind: 'percent',
      value: 1000,
      maxDiscountPaise: 50_000,
      startsAt,
      endsAt,
      perShopperLimit: 1,
      firstOrderOnly: true,
      createdBy: opts.adminId,
    },
    {
      code: 'GALAXY500',
      description: '₹500 off Gadget Galaxy orders over ₹3,000',
      kind: 'fixed',
      value: 50_000,
      minOrderPaise: 3_00_000,
      startsAt,
      endsAt,
      totalLimit: 500,
      perShopperLimit: 2,
      scope: 'seller',
      sellerId: opts.demoSellerId,
      fundedBy: 'seller',
      createdBy: opts.demoSellerId,
    },
  ])
  await tx.insert(scheduledSales).values({
    productId: opts.saleProductId,
    salePricePaise: 15_999_00,
    startsAt: new Date(now - HOUR_MS),
    endsAt: new Date(now + 7 * DAY_MS),
  })
}
