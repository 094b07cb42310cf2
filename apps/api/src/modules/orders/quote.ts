import {
  codDailyLimitMessage,
  paiseToRupees,
  type BuyNowLine,
  type OrderPaymentMethod,
  type OrderQuote,
} from '@techbazaar/shared'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { addresses, cartLines, carts, products } from '../../db/schema'
import { AppError, badRequest } from '../../lib/errors'
import { priceCoupon, type CouponDiscount, type CouponLine } from '../offers'
import { includedGstPaise, type MarketplaceIdentity } from '../invoices'
import { codDayExceeded } from './cod-daily-limit'

/** An order's total in its parts, in paise. */
export interface OrderCharges {
  itemsPaise: number
  /** The coupon's discount (decision 092). */
  couponPaise: number
  deliveryPaise: number
  codFeePaise: number
  totalPaise: number
}

/**
 * The one place an order's total is made from its items (decision 67): what placing the order
 * charges and what the checkout shows come from here, so they cannot drift apart. The shop
 * charges no delivery and no cash-on-delivery fee today; a charge added here reaches both.
 */
export function orderCharges(
  itemsPaise: number,
  method: OrderPaymentMethod | null,
  couponPaise = 0,
): OrderCharges {
  const deliveryPaise = 0
  const codFeePaise = 0
  return {
    itemsPaise,
    couponPaise,
    deliveryPaise,
    codFeePaise,
    totalPaise: itemsPaise - couponPaise + deliveryPaise + (method === 'COD' ? codFeePaise : 0),
  }
}

/** Which coupon to price in, and whether one that cannot be used is an error (Apply) or a note. */
export interface QuoteCoupon {
  code: string
  strict: boolean
}

/**
 * The caller's cart (or Buy Now's one line) priced as an order would be now (`orderCharges`), with the GST inside the
 * total as the invoices will compute it for the chosen address's state. Reads only: nothing is
 * held or written. An address that is not the caller's is refused like the order refuses it.
 */
export async function quoteOrder(
  db: Db,
  marketplace: Pick<MarketplaceIdentity, 'stateCode'>,
  userId: string,
  addressId: string | undefined,
  /**
   * The day's cash ceiling per seller (decision 070), checked as placing the order checks it, on
   * the shop's clock (which also says whether a coupon is running).
   */
  codDaily: { maxPaise: number; now: Date },
  /** Buy Now: this one line priced instead of the cart (decision 089). */
  buyNow?: BuyNowLine,
  coupon?: QuoteCoupon,
): Promise<OrderQuote> {
  let placeOfSupply: string | null = null
  if (addressId) {
    const [address] = await db
      .select({ stateCode: addresses.stateCode })
      .from(addresses)
      .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
    if (!address) throw badRequest('Please select one address to proceed.')
    placeOfSupply = address.stateCode
  }
  const catalog = {
    productId: products.id,
    pricePaise: products.effectivePricePaise,
    mrpPaise: products.pricePaise,
    sellerId: products.sellerId,
    category: products.category,
    brand: products.brand,
    hsn: products.hsn,
  }
  // The lines the cart's own total counts: those still listed (Buy Now's product, if listed).
  const lines = buyNow
    ? (
        await db
          .select(catalog)
          .from(products)
          .where(and(eq(products.id, buyNow.productId), eq(products.listed, true)))
      ).map((l) => ({ ...l, quantity: buyNow.quantity }))
    : await db
        .select({ quantity: cartLines.quantity, ...catalog })
        .from(carts)
        .innerJoin(cartLines, eq(cartLines.cartId, carts.id))
        .innerJoin(products, eq(products.id, cartLines.productId))
        .where(and(eq(carts.userId, userId), eq(products.listed, true)))
  const valued = lines.map((l) => ({ ...l, valuePaise: l.pricePaise * l.quantity }))
  const { applied, refusal } = await quoteCoupon(db, coupon, userId, valued, codDaily.now)
  // Each line's GST is on what is paid for it: its value less its coupon share (CGST s.15(3)).
  const priced = valued.map((l, i) => ({
    ...l,
    totalPaise: l.valuePaise - (applied?.shares[i] ?? 0),
  }))
  const charges = orderCharges(
    valued.reduce((sum, l) => sum + l.valuePaise, 0),
    null,
    applied?.discountPaise ?? 0,
  )
  const mrpPaise = valued.reduce(
    (sum, l) => sum + Math.max(l.mrpPaise, l.pricePaise) * l.quantity,
    0,
  )
  const codDailyRefusal = (await codDayExceeded(
    db,
    userId,
    priced,
    codDaily.maxPaise,
    codDaily.now,
  ))
    ? codDailyLimitMessage(paiseToRupees(codDaily.maxPaise))
    : null
  const gstPaise =
    placeOfSupply === null ? null : await includedGstPaise(db, marketplace, placeOfSupply, priced)
  return {
    itemCount: priced.reduce((sum, l) => sum + l.quantity, 0),
    itemsAmount: paiseToRupees(charges.itemsPaise),
    mrpAmount: paiseToRupees(mrpPaise),
    mrpDiscount: paiseToRupees(mrpPaise - charges.itemsPaise),
    coupon: applied
      ? {
          code: applied.code,
          discount: paiseToRupees(applied.discountPaise),
          fundedBy: applied.fundedBy,
        }
      : null,
    couponRefusal: refusal,
    youSave: paiseToRupees(mrpPaise - charges.itemsPaise + charges.couponPaise),
    deliveryCharge: paiseToRupees(charges.deliveryPaise),
    codFee: paiseToRupees(charges.codFeePaise),
    totalAmount: paiseToRupees(charges.totalPaise),
    gstIncluded: gstPaise === null ? null : paiseToRupees(gstPaise),
    codDailyRefusal,
  }
}

/**
 * The coupon priced against the quote's lines. A refusal is thrown for Apply (`strict`) and
 * answered as `refusal` otherwise, so a checkout whose coupon stopped applying (the cart
 * changed, the coupon ended) still shows its total and says why the coupon went.
 */
async function quoteCoupon(
  db: Db,
  coupon: QuoteCoupon | undefined,
  userId: string,
  lines: readonly CouponLine[],
  now: Date,
): Promise<{ applied: CouponDiscount | null; refusal: string | null }> {
  if (!coupon) return { applied: null, refusal: null }
  try {
    return { applied: await priceCoupon(db, coupon.code, userId, lines, now), refusal: null }
  } catch (error) {
    if (coupon.strict || !(error instanceof AppError) || error.statusCode !== 400) throw error
    return { applied: null, refusal: error.message }
  }
}
