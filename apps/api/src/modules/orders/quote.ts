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
import { badRequest } from '../../lib/errors'
import { includedGstPaise, type MarketplaceIdentity } from '../invoices'
import { codDayExceeded } from './cod-daily-limit'

/** An order's total in its parts, in paise. */
export interface OrderCharges {
  itemsPaise: number
  deliveryPaise: number
  codFeePaise: number
  totalPaise: number
}

/**
 * The one place an order's total is made from its items (decision 67): what placing the order
 * charges and what the checkout shows come from here, so they cannot drift apart. The shop
 * charges no delivery and no cash-on-delivery fee today; a charge added here reaches both.
 */
export function orderCharges(itemsPaise: number, method: OrderPaymentMethod | null): OrderCharges {
  const deliveryPaise = 0
  const codFeePaise = 0
  return {
    itemsPaise,
    deliveryPaise,
    codFeePaise,
    totalPaise: itemsPaise + deliveryPaise + (method === 'COD' ? codFeePaise : 0),
  }
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
  /** The day's cash ceiling per seller (decision 070), checked as placing the order checks it. */
  codDaily?: { maxPaise: number; now: Date },
  /** Buy Now: this one line priced instead of the cart (decision 089). */
  buyNow?: BuyNowLine,
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
    pricePaise: products.effectivePricePaise,
    sellerId: products.sellerId,
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
  const priced = lines.map((l) => ({ ...l, totalPaise: l.pricePaise * l.quantity }))
  const charges = orderCharges(
    priced.reduce((sum, l) => sum + l.totalPaise, 0),
    null,
  )
  const codDailyRefusal =
    codDaily && (await codDayExceeded(db, userId, priced, codDaily.maxPaise, codDaily.now))
      ? codDailyLimitMessage(paiseToRupees(codDaily.maxPaise))
      : null
  const gstPaise =
    placeOfSupply === null ? null : await includedGstPaise(db, marketplace, placeOfSupply, priced)
  return {
    itemCount: priced.reduce((sum, l) => sum + l.quantity, 0),
    itemsAmount: paiseToRupees(charges.itemsPaise),
    deliveryCharge: paiseToRupees(charges.deliveryPaise),
    codFee: paiseToRupees(charges.codFeePaise),
    totalAmount: paiseToRupees(charges.totalPaise),
    gstIncluded: gstPaise === null ? null : paiseToRupees(gstPaise),
    codDailyRefusal,
  }
}
