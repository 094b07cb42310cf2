import {
  noCodMessage,
  undeliverableMessage,
  type CartServiceability,
  type Serviceability,
} from '@techbazaar/shared'
import { asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { cartLines, carts, products, vendorProfiles } from '../../db/schema'
import type { Couriers } from '../../couriers'
import type { Courier, ServiceabilityAnswer, ServiceabilityInput } from '../../couriers/types'
import { AppError, badRequest, notFound } from '../../lib/errors'
import { deliveryDay } from './delivery-estimate'

export interface ServiceabilityDeps {
  db: Db
  couriers: Couriers
  now: () => Date
}

/**
 * Couriers' answers per pincode pair, kept an hour: the product dialog, checkout and order
 * placement ask the same question many times, and a real courier's API is slow and rate-limited.
 * Kept per courier object, so a test's fresh app starts with none.
 */
const ANSWER_TTL_MS = 60 * 60_000
const MAX_ANSWERS = 10_000
const answers = new WeakMap<Courier, Map<string, { until: number; answer: ServiceabilityAnswer }>>()

async function askCourier(
  courier: Courier,
  input: ServiceabilityInput,
): Promise<ServiceabilityAnswer> {
  let cache = answers.get(courier)
  if (!cache) answers.set(courier, (cache = new Map()))
  const key = `${input.pickupPincode ?? '-'}>${input.deliveryPincode}`
  const hit = cache.get(key)
  if (hit && hit.until > Date.now()) return hit.answer
  const answer = await courier.serviceability(input)
  // Oldest first out: a Map iterates in insertion order.
  if (cache.size >= MAX_ANSWERS) cache.delete(cache.keys().next().value!)
  cache.set(key, { until: Date.now() + ANSWER_TTL_MS, answer })
  return answer
}

/**
 * What each seller's parcel to `pincode` would be: serviceable, with cash on delivery, and the
 * day it would arrive if ordered now. A seller's pickup pincode is its business address's (the
 * courier assumes the farthest when it has none). Without a courier the shop cannot check, so
 * nothing is refused and no day is promised: its admins ship by hand (decision 53).
 */
async function sellersServiceability(
  deps: ServiceabilityDeps,
  sellerIds: readonly string[],
  pincode: string,
  /** The sellers' pickup pincodes when the caller read them already. */
  pickups?: ReadonlyMap<string, string | null>,
): Promise<Map<string, Serviceability>> {
  const courier = deps.couriers.default
  if (!courier) {
    return new Map(sellerIds.map((id) => [id, { serviceable: true, cod: true, deliveryBy: null }]))
  }
  const pickupOf =
    pickups ??
    new Map(
      sellerIds.length === 0
        ? []
        : (
            await deps.db
              .select({ userId: vendorProfiles.userId, pincode: vendorProfiles.pincode })
              .from(vendorProfiles)
              .where(inArray(vendorProfiles.userId, [...sellerIds]))
          ).map((p) => [p.userId, p.pincode]),
    )
  const now = deps.now()
  const entries = await Promise.all(
    sellerIds.map(async (id): Promise<[string, Serviceability]> => {
      const answer = await askCourier(courier, {
        pickupPincode: pickupOf.get(id) ?? null,
        deliveryPincode: pincode,
      })
      return [
        id,
        {
          serviceable: answer.serviceable,
          cod: answer.serviceable && answer.cod,
          deliveryBy:
            answer.serviceable && answer.transitDays !== null
              ? deliveryDay(now, answer.transitDays)
              : null,
        },
      ]
    }),
  )
  return new Map(entries)
}

/** A courier that does not answer is the shop's problem, told as such (not a 500). */
class CourierUnreachable extends AppError {
  constructor(cause: unknown) {
    super(502, 'We could not check delivery to this pincode right now. Please try again.')
    this.cause = cause
  }
}
const unreachable = (err: unknown) => new CourierUnreachable(err)

/** The product dialog's answer: can this product come to `pincode`, with cash, and by when. */
export async function serviceabilityFor(
  deps: ServiceabilityDeps,
  pincode: string,
  productId: string,
): Promise<Serviceability> {
  const [product] = await deps.db
    .select({ sellerId: products.sellerId, listed: products.listed })
    .from(products)
    .where(eq(products.id, productId))
  if (!product?.listed) throw notFound('Product not found')
  const bySeller = await sellersServiceability(deps, [product.sellerId], pincode).catch((err) => {
    throw unreachable(err)
  })
  return bySeller.get(product.sellerId)!
}

/**
 * What a checkout sends: the caller's cart, or Buy Now's one product (decision 089), which is
 * checked alone whatever the cart holds.
 */
export interface CheckoutSource {
  buyNow?: { productId: string } | undefined
}

/**
 * The signed-in shopper's cart lines with their sellers, in the cart's order; Buy Now's product
 * alone instead when there is one (listed or not, like a cart line: the order refuses it in its words).
 */
async function cartProducts(db: Db, userId: string, source: CheckoutSource) {
  if (source.buyNow) {
    return db
      .select({ sellerId: products.sellerId, title: products.title })
      .from(products)
      .where(eq(products.id, source.buyNow.productId))
  }
  return db
    .select({ sellerId: products.sellerId, title: products.title })
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cartId))
    .innerJoin(products, eq(products.id, cartLines.productId))
    .where(eq(carts.userId, userId))
    .orderBy(asc(cartLines.addedAt))
}

/**
 * Checkout's answer for the whole cart: every seller's parcel must reach `pincode` (the cart is
 * deliverable), cash on delivery only when every parcel takes it, and the day the last one arrives.
 */
export async function cartServiceabilityFor(
  deps: ServiceabilityDeps,
  userId: string,
  pincode: string,
  source: CheckoutSource = {},
): Promise<CartServiceability> {
  return (await checkCart(deps, userId, pincode, source)).answer
}

async function checkCart(
  deps: ServiceabilityDeps,
  userId: string,
  pincode: string,
  source: CheckoutSource,
) {
  return checkLines(deps, await cartProducts(deps.db, userId, source), pincode)
}

/** checkCart's answer for lines in hand (with their sellers' pickup pincodes when read). */
async function checkLines(
  deps: ServiceabilityDeps,
  lines: readonly { sellerId: string; title: string }[],
  pincode: string,
  pickups?: ReadonlyMap<string, string | null>,
) {
  const sellerIds = [...new Set(lines.map((l) => l.sellerId))]
  const bySeller = await sellersServiceability(deps, sellerIds, pincode, pickups).catch((err) => {
    throw unreachable(err)
  })
  const parts = [...bySeller.values()]
  const undeliverable = lines.filter((l) => !bySeller.get(l.sellerId)?.serviceable)
  const noCod = lines.filter((l) => !bySeller.get(l.sellerId)?.cod)
  const days = parts.map((p) => p.deliveryBy)
  const answer: CartServiceability = {
    serviceable: undeliverable.length === 0,
    cod: noCod.length === 0,
    deliveryBy:
      undeliverable.length === 0 && days.length > 0 && days.every((d) => d !== null)
        ? days.reduce((last, d) => (d > last ? d : last))
        : null,
    undeliverable: undeliverable.map((l) => l.title),
    noCod: noCod.map((l) => l.title),
  }
  return { answer, sellerIds }
}

/**
 * Order placement's check, before its transaction (a courier is never asked while rows are
 * locked), on the address's pincode (null: no such address) and the checkout's lines as
 * placement read them: the pincode must be served for every seller in the cart, and cash on
 * delivery taken there when asked for. Answers the sellers it checked, so the transaction can
 * refuse a cart that gained another seller meanwhile, and the day checkout promised (the last
 * parcel's, IST; null when a courier gives no estimate), kept on the order until a courier
 * gives its own (issue 31.4). Null when the courier could not be asked: an outage of the
 * courier's API must not stop the shop from selling, so the order goes ahead with no promised
 * day (nothing is made up) and the seller learns at booking (decision 53).
 */
export async function assertDeliverable(
  deps: ServiceabilityDeps,
  pincode: string | null,
  lines: readonly DeliveryLine[],
  cashOnDelivery: boolean,
): Promise<{ sellerIds: Set<string>; deliveryBy: string | null } | null> {
  if (pincode === null) return null // placement answers the missing address in its own words
  const pickups = new Map(lines.map((l) => [l.sellerId, l.pickupPincode]))
  let checked
  try {
    checked = await checkLines(deps, lines, pincode, pickups)
  } catch (err) {
    if (err instanceof CourierUnreachable) return null
    throw err
  }
  const { answer, sellerIds } = checked
  if (!answer.serviceable) {
    throw badRequest(undeliverableMessage(pincode, answer.undeliverable))
  }
  if (cashOnDelivery && !answer.cod) throw badRequest(noCodMessage(pincode))
  return { sellerIds: new Set(sellerIds), deliveryBy: answer.deliveryBy }
}

/**
 * A line of the checkout as the delivery check sees it: its seller, its title (named when it
 * cannot come) and the seller's pickup pincode (vendor_profiles.pincode; null without one).
 * Placement reads them with the address in one statement before it asks.
 */
export interface DeliveryLine {
  sellerId: string
  title: string
  pickupPincode: string | null
}
