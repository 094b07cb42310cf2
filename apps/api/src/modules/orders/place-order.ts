import { createHash } from 'node:crypto'
import {
  ADDRESS_STATE_MISSING,
  codLimitMessage,
  formatOrderNumber,
  overOrderLimitMessage,
  paiseToRupees,
  pincodeStateProblem,
  type CreateOrderInput,
  type CreateOrderResponse,
  type SessionUser,
} from '@techbazaar/shared'
import { and, eq, gte, sql } from 'drizzle-orm'
import type { Config } from '../../config'
import type { Couriers } from '../../couriers'
import type { GstinVerifier } from '../../gstn'
import type { Db, Tx } from '../../db/client'
import { payments, products, type AddressSnapshot } from '../../db/schema'
import { badRequest, conflict } from '../../lib/errors'
import type { ShopMetrics } from '../../lib/metrics'
import type { Payments } from '../../payments'
import { familyLeadItems, type StockMove } from '../kernel'
import { orderConfirmationItems, type ConfirmedOrder, type LifecycleContext } from '../lifecycle'
import { assertDeliverable } from '../shipping'
import { assertCompositionIntraState, verifyBuyerGstin } from '../vendors'
import { ORDER_ROUTE, replayKey, startCheckout, type PendingCheckout } from './checkout-payment'
import { assertCodDayAllowed } from './cod-daily-limit'
import {
  claimAndLockCart,
  finishPlacement,
  insertOrder,
  readCheckout,
  readLines,
  type PlacementBuyer,
  type PlacementLine,
  type ShortLine,
} from './placement-statements'
import { orderCharges } from './quote'
import { priceCoupon, redeemCoupon, type CouponDiscount, type CouponLine } from '../offers'
import { assertHoldAllowed } from './unpaid-hold'

/**
 * Amounts are integer paise columns: a cart of many costly units (stock and cart quantities are
 * large) could add up past what they hold, and the insert would fail as a 500.
 */
const MAX_ORDER_TOTAL_PAISE = 2_147_483_647

export interface OrderDeps {
  db: Db
  now: () => Date
  payments: Payments
  /** Asked whether the cart can be delivered to the address (and paid in cash there). */
  couriers: Couriers
  appUrl: string
  metrics: Pick<ShopMetrics, 'orderCreated' | 'paymentFailed'>
  limits: Pick<
    Config['orderLimits'],
    | 'maxQtyPerProduct'
    | 'codMaxPaise'
    | 'codDailyMaxPaise'
    | 'paymentWindowMinutes'
    | 'unpaidHoldMaxUnits'
  >
  /** A failed checkout cancels the order; the confirmation mail is signed with its shop name. */
  lifecycle: LifecycleContext
  /** Asked about a business buyer's GSTIN (issue 30.10); undefined: none configured. */
  gstn: GstinVerifier | undefined
}

/** What the order transaction decided; the provider call happens after it commits. */
type Placed =
  | { kind: 'replay'; response: CreateOrderResponse }
  | { kind: 'cod'; response: CreateOrderResponse }
  | { kind: 'online'; pending: PendingCheckout }
  | { kind: 'resume'; pending: PendingCheckout }

type CartLine = PlacementLine

/**
 * Places an order from the caller's server cart (or Buy Now's one line, the cart left as it is:
 * decision 089): delivered only where the courier reaches (cash
 * on delivery only where it takes cash), prices from the catalog, each line within its
 * product's limit per order, cash on delivery only up to its ceilings per order and per seller a
 * day (s.269ST), stock taken with one
 * conditional update per line (all lines or none), one sub-order per seller, cart emptied.
 * With an Idempotency-Key a repeat answers the first response and never makes a second order;
 * a repeat after an attempt that died before its payment link was stored resumes that order.
 * The steps, in one transaction: claim the key, read the cart under its lock, check it, take
 * the stock, write the order, and record how it was placed; an online order's provider checkout
 * is asked for after it commits.
 */
export async function createOrder(
  deps: OrderDeps,
  user: SessionUser,
  input: CreateOrderInput,
  idempotencyKey: string | undefined,
): Promise<{ response: CreateOrderResponse }> {
  const provider =
    input.paymentMethod === 'COD' ? undefined : deps.payments.provider(input.paymentMethod)
  if (input.paymentMethod !== 'COD' && !provider) {
    throw badRequest(
      `${input.paymentMethod} payments are not available yet. Please choose another method.`,
    )
  }
  const hash = requestHash(input)
  // Before the transaction: the GST network is a network call (issue 30.10, decision 075).
  if (input.buyer) await verifyBuyerGstin(deps.gstn, input.buyer)
  const source = { buyNow: input.buyNow }
  const online = input.paymentMethod !== 'COD'
  // One read: the address and the lines' sellers, for the courier to be asked before any lock.
  const checkout = await readCheckout(deps.db, user.id, input.addressInfo.addressId, source)
  const deliverable = await assertDeliverable(
    deps,
    checkout.address?.pincode ?? null,
    checkout.lines,
    !online,
  )
  const expectedDelivery = deliverable?.deliveryBy ?? null
  const now = deps.now()

  const placed = await deps.db.transaction(async (tx): Promise<Placed> => {
    const key = idempotencyKey ? { key: idempotencyKey, route: ORDER_ROUTE, hash, now } : undefined
    const { cartId, claimed, short } = await claimAndLockCart(tx, user.id, key, source)
    if (!claimed) return replayKey(tx, user.id, idempotencyKey!, hash, now)
    // Its problems are told after the key's claim: a repeat gets its first answer whatever
    // became of the address since.
    const address = orderAddress(checkout.address)
    // Sold out already: refused before reading on (a flash sale's losers, decision 100).
    if (short[0]) throw outOfStock(short[0], !input.buyNow)
    const { lines, buyer, heldUnits } = await readLines(tx, user.id, cartId, source, {
      cod: !online,
      now,
    })
    if (lines.length === 0) {
      throw badRequest(
        input.buyNow
          ? 'Sorry, this product is no longer available.'
          : 'Your cart is empty. Please add items to proceed',
      )
    }
    assertCompositionIntraState(lines, address.stateCode ?? '')
    // Checked again here, under the cart lock: the quote's word is not the order's (decision 092).
    const coupon = input.couponCode
      ? await priceCoupon(tx, input.couponCode, user.id, couponLinesOf(lines), now)
      : null
    const totalPaise = checkCart(
      deps,
      input,
      lines,
      deliverable?.sellerIds ?? null,
      coupon?.discountPaise ?? 0,
    )
    // Under the cart lock taken above, so two placements of one account count each other.
    if (online) assertHoldAllowed(lines, heldUnits, deps.limits.unpaidHoldMaxUnits)
    else assertCodDayAllowed(lines, deps.limits.codDailyMaxPaise)
    const moves = await takeStock(tx, lines)
    const expiresAt = new Date(now.getTime() + deps.limits.paymentWindowMinutes * 60_000)
    const order = await writeOrder(tx, {
      user,
      input,
      address,
      lines,
      coupon,
      totalPaise,
      now,
      expiresAt: online ? expiresAt : null,
      expectedDelivery,
    })
    // The coupon's use is taken atomically; losing the race for its last use undoes the order.
    if (coupon) await redeemCoupon(tx, coupon, user.id, order.id)
    const response = { success: true as const, orderId: order.id, orderNumber: order.number }
    // A COD order's answer is final and its confirmation goes now; an online one is confirmed
    // by its payment. A variant that ran out may hand its family's card on (decision 090).
    const items = [
      ...(online || !buyer
        ? []
        : orderConfirmationItems(
            order.id,
            confirmedOrder(order.orderNumber, input, totalPaise, buyer, lines),
            deps.lifecycle.shopName,
          )),
      ...familyLeadItems(moves),
    ]
    await finishPlacement(tx, {
      userId: user.id,
      key: idempotencyKey,
      orderId: order.id,
      response: online ? null : response,
      items,
    })
    if (!online) return { kind: 'cod', response }
    // On the shop's clock: Pay now measures its attempts by it (checkouts/attempts.ts).
    await tx.insert(payments).values({
      orderId: order.id,
      provider: input.paymentMethod,
      amountPaise: totalPaise,
      createdAt: now,
    })
    return {
      kind: 'online',
      pending: {
        orderId: order.id,
        orderNumber: order.number,
        totalPaise,
        address,
        expiresAt,
        resume: false,
      },
    }
  })

  if (placed.kind === 'replay') return { response: placed.response }
  if (placed.kind !== 'resume') deps.metrics.orderCreated(input.paymentMethod)
  if (placed.kind === 'cod') return { response: placed.response }
  const response = await startCheckout(deps, user, provider!, placed.pending, idempotencyKey)
  return { response }
}

/** The parts of the body that decide the order; a reused key must carry the same ones. */
function requestHash(input: CreateOrderInput): string {
  const decisive = {
    addressId: input.addressInfo.addressId,
    paymentMethod: input.paymentMethod,
    // Only when present, so a personal order's hash is what keys stored before buyers had.
    ...(input.buyer ? { buyer: input.buyer } : {}),
    // Buy Now's line is another order than the cart's: a key reused for it is refused.
    ...(input.buyNow ? { buyNow: input.buyNow } : {}),
    ...(input.couponCode ? { couponCode: input.couponCode } : {}),
  }
  return createHash('sha256').update(JSON.stringify(decisive)).digest('hex')
}

/**
 * The saved address as the order keeps it; 400 when it is not the caller's, was saved before
 * states were asked, or has a state its PIN does not belong to.
 */
function orderAddress(
  row: (AddressSnapshot & { stateCode: string | null }) | null,
): AddressSnapshot {
  if (!row) throw badRequest('Please select one address to proceed.')
  // The state is the invoices' place of supply; one saved before states were asked has none.
  if (!row.stateCode) throw badRequest(ADDRESS_STATE_MISSING)
  // One saved while a short PIN prefix accepted every state nested under it (issue 30.3) would
  // put the wrong place of supply, and so the wrong tax type, on the invoices.
  const problem = pincodeStateProblem(row.pincode, row.stateCode)
  if (problem) throw badRequest(`${problem}. Please correct this address before ordering`)
  return { ...row, stateCode: row.stateCode }
}

/**
 * The rules a cart must keep to be ordered, read from what is in it now: every seller checked for
 * delivery, a total the columns hold, each line within its product's limit (the cart refuses lines
 * above it, but a line may predate it or a lowered one), cash on delivery under its ceiling.
 * Answers the total.
 */
function checkCart(
  deps: Pick<OrderDeps, 'limits'>,
  input: CreateOrderInput,
  lines: CartLine[],
  deliverable: Set<string> | null,
  couponPaise: number,
): number {
  if (deliverable && lines.some((l) => !deliverable.has(l.sellerId))) {
    throw conflict('Your cart changed while the order was being placed. Please review it.')
  }
  const { totalPaise } = orderCharges(
    lines.reduce((sum, l) => sum + l.pricePaise * l.quantity, 0),
    input.paymentMethod,
    couponPaise,
  )
  if (totalPaise > MAX_ORDER_TOTAL_PAISE) {
    throw badRequest(
      'This order is too large to place at once. Please lower the quantities or split it into several orders.',
    )
  }
  for (const line of lines) {
    const limit = line.maxPerOrder ?? deps.limits.maxQtyPerProduct
    if (line.quantity > limit) {
      throw badRequest(
        `${overOrderLimitMessage(limit, `"${line.title}"`)} Please lower the quantity${line.cartId ? ' in your cart' : ''}.`,
      )
    }
  }
  if (input.paymentMethod === 'COD' && totalPaise > deps.limits.codMaxPaise) {
    throw badRequest(codLimitMessage(paiseToRupees(deps.limits.codMaxPaise)))
  }
  return totalPaise
}

/**
 * One conditional update per line, never read-then-write, so two buyers cannot take one unit;
 * in product id order (the lines' order), the shop's lock order for products. Answers the moves.
 */
async function takeStock(tx: Tx, lines: CartLine[]): Promise<StockMove[]> {
  const moves: StockMove[] = []
  for (const line of lines) {
    const taken = await tx
      .update(products)
      .set({ totalStock: sql`${products.totalStock} - ${line.quantity}` })
      .where(
        and(
          eq(products.id, line.productId),
          gte(products.totalStock, line.quantity),
          eq(products.listed, true),
        ),
      )
      .returning({ familyId: products.familyId, stock: products.totalStock })
    for (const row of taken) {
      moves.push({ familyId: row.familyId, before: row.stock + line.quantity, after: row.stock })
    }
    if (taken.length === 0) throw outOfStock(line, line.cartId !== null)
  }
  return moves
}

/** The 409 for a line the stock no longer covers (or that was unlisted), in the shopper's words. */
function outOfStock(line: ShortLine, fromCart: boolean) {
  // Buy Now's line (no cart) is changed on the product, not in the cart.
  const fix = fromCart
    ? line.listed
      ? ' Please update your cart.'
      : ' Please remove it from your cart.'
    : ''
  return conflict(
    line.listed
      ? `Sorry, "${line.title}" does not have ${line.quantity} in stock any more.${fix}`
      : `Sorry, "${line.title}" is no longer available.${fix}`,
  )
}

/**
 * The order, one sub-order per seller with its lines at today's prices (each with its coupon
 * share), its timeline's first line, and a cart order's cart emptied: one statement.
 */
async function writeOrder(
  tx: Tx,
  placing: {
    user: SessionUser
    input: CreateOrderInput
    address: AddressSnapshot
    lines: CartLine[]
    coupon: CouponDiscount | null
    totalPaise: number
    now: Date
    expiresAt: Date | null
    expectedDelivery: string | null
  },
): Promise<{ id: string; number: string; orderNumber: number }> {
  const { input, lines, coupon } = placing
  // Each line with its coupon share (in `lines` order, as the coupon was priced).
  const withShares = lines.map((line, i) => ({ ...line, discountPaise: coupon?.shares[i] ?? 0 }))
  const parts = new Map<string, number>()
  for (const l of withShares) {
    parts.set(
      l.sellerId,
      (parts.get(l.sellerId) ?? 0) + l.pricePaise * l.quantity - l.discountPaise,
    )
  }
  const funder = coupon?.fundedBy ?? null
  const order = await insertOrder(tx, {
    userId: placing.user.id,
    address: placing.address,
    // The invoices' recipient: fixed as ordered, like the address.
    buyer: input.buyer,
    paymentMethod: input.paymentMethod,
    online: placing.expiresAt !== null,
    totalPaise: placing.totalPaise,
    coupon: coupon ? { code: coupon.code, discountPaise: coupon.discountPaise } : null,
    expiresAt: placing.expiresAt,
    expectedDelivery: placing.expectedDelivery,
    now: placing.now,
    parts: [...parts].map(([sellerId, subtotalPaise]) => ({ sellerId, subtotalPaise })),
    lines: withShares.map((l) => ({
      sellerId: l.sellerId,
      productId: l.productId,
      title: l.title,
      image: l.image,
      unitPricePaise: l.pricePaise,
      quantity: l.quantity,
      mrpPaise: Math.max(l.mrpPaise, l.pricePaise),
      discountPaise: l.discountPaise,
      discountFundedBy: l.discountPaise > 0 ? funder : null,
    })),
    // Buy Now's order leaves the cart as it was (decision 089).
    emptyCartId: lines[0]!.cartId,
    // The wall clock, as recordHistory writes every timeline line (its comment says why).
    // eslint-disable-next-line no-restricted-syntax
    historyAt: new Date(),
  })
  return {
    id: order.id,
    number: formatOrderNumber(order.orderNumber),
    orderNumber: order.orderNumber,
  }
}

/** A cash-on-delivery order as its confirmation tells it, from what placement has in hand. */
function confirmedOrder(
  orderNumber: number,
  input: CreateOrderInput,
  totalPaise: number,
  buyer: PlacementBuyer,
  lines: readonly CartLine[],
): ConfirmedOrder {
  return {
    number: orderNumber,
    status: 'confirmed',
    paymentStatus: 'pending',
    total: totalPaise,
    method: input.paymentMethod,
    email: buyer.email,
    name: buyer.name,
    mobile: buyer.mobile,
    muted: buyer.muted,
    deletedAt: buyer.deletedAt,
    // Title order, as the shop lists an order's lines.
    lines: lines
      .map((l) => ({ title: l.title, quantity: l.quantity, price: l.pricePaise }))
      .sort((a, b) => a.title.localeCompare(b.title)),
  }
}

/** The order's lines as a coupon sees them. */
function couponLinesOf(lines: readonly CartLine[]): CouponLine[] {
  return lines.map((l) => ({
    productId: l.productId,
    sellerId: l.sellerId,
    category: l.category,
    brand: l.brand,
    valuePaise: l.pricePaise * l.quantity,
  }))
}
