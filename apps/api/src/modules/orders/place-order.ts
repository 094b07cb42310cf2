import { createHash } from 'node:crypto'
import {
  ADDRESS_STATE_MISSING,
  codLimitMessage,
  formatOrderNumber,
  overOrderLimitMessage,
  paiseToRupees,
  pincodeStateProblem,
  type BuyNowLine,
  type CreateOrderInput,
  type CreateOrderResponse,
  type SessionUser,
} from '@techbazaar/shared'
import { and, asc, eq, gte, sql } from 'drizzle-orm'
import type { Config } from '../../config'
import type { Couriers } from '../../couriers'
import type { GstinVerifier } from '../../gstn'
import type { Db, Tx } from '../../db/client'
import {
  addresses,
  cartLines,
  carts,
  idempotencyKeys,
  orderLines,
  orders,
  payments,
  products,
  subOrders,
  type AddressSnapshot,
} from '../../db/schema'
import { badRequest, conflict } from '../../lib/errors'
import type { ShopMetrics } from '../../lib/metrics'
import type { Payments } from '../../payments'
import { queueFamilyLeadCheck, recordHistory, type StockMove } from '../kernel'
import { queueOrderConfirmation, type LifecycleContext } from '../lifecycle'
import { assertDeliverable } from '../shipping'
import { assertCompositionIntraState, verifyBuyerGstin } from '../vendors'
import { ORDER_ROUTE, replayKey, startCheckout, type PendingCheckout } from './checkout-payment'
import { assertCodDayAllowed } from './cod-daily-limit'
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

type CartLine = Awaited<ReturnType<typeof cartOf>>[number]

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
  const deliverable = await assertDeliverable(
    deps,
    user.id,
    input.addressInfo.addressId,
    input.paymentMethod === 'COD',
    source,
  )
  const expectedDelivery = deliverable?.deliveryBy ?? null
  const now = deps.now()
  const online = input.paymentMethod !== 'COD'

  const placed = await deps.db.transaction(async (tx): Promise<Placed> => {
    if (idempotencyKey) {
      const replay = await claimKey(tx, user.id, idempotencyKey, hash, now)
      if (replay) return replay
    }
    const address = await ownAddress(tx, user.id, input.addressInfo.addressId)
    const lines = input.buyNow
      ? await buyNowLines(tx, user.id, input.buyNow)
      : await lockedCart(tx, user.id)
    await assertCompositionIntraState(tx, lines, address.stateCode ?? '')
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
    if (online) await assertHoldAllowed(tx, user.id, lines, deps.limits.unpaidHoldMaxUnits, now)
    else await assertCodDayAllowed(tx, user.id, lines, deps.limits.codDailyMaxPaise, now)
    await takeStock(tx, lines)
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
    await recordPlacement(tx, deps, { user, idempotencyKey, response, online, now })
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
 * Claims the Idempotency-Key inside the order's transaction: a concurrent twin waits on the key's
 * row, then replays. Answers what a repeat gets, or null for a first use.
 */
async function claimKey(
  tx: Tx,
  userId: string,
  key: string,
  hash: string,
  now: Date,
): Promise<Placed | null> {
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({ userId, key, route: ORDER_ROUTE, requestHash: hash, attemptedAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key })
  return inserted.length === 0 ? replayKey(tx, userId, key, hash, now) : null
}

async function ownAddress(tx: Tx, userId: string, addressId: string): Promise<AddressSnapshot> {
  const [row] = await tx
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
  if (!row) throw badRequest('Please select one address to proceed.')
  // The state is the invoices' place of supply; one saved before states were asked has none.
  if (!row.stateCode) throw badRequest(ADDRESS_STATE_MISSING)
  // One saved while a short PIN prefix accepted every state nested under it (issue 30.3) would
  // put the wrong place of supply, and so the wrong tax type, on the invoices.
  const problem = pincodeStateProblem(row.pincode, row.stateCode)
  if (problem) throw badRequest(`${problem}. Please correct this address before ordering`)
  return {
    addressId: row.id,
    recipientName: row.recipientName,
    address: row.address,
    landmark: row.landmark,
    city: row.city,
    pincode: row.pincode,
    phone: row.phone,
    notes: row.notes,
    stateCode: row.stateCode,
  }
}

/**
 * The cart row lock every cart change takes, held until commit, and only then the lines (a new
 * statement, so a new snapshot): a line another tab adds meanwhile is then either in this order
 * or still in the cart, never deleted with the ordered ones unseen.
 */
async function lockedCart(tx: Tx, userId: string): Promise<CartLine[]> {
  await tx.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId)).for('update')
  const lines = await cartOf(tx, userId)
  if (lines.length === 0) throw badRequest('Your cart is empty. Please add items to proceed')
  return lines
}

/**
 * Buy Now's one line at today's catalog price (decision 089). The cart's row lock is taken as a
 * cart order takes it (the row made, empty, when the account has none), so this account's
 * placements still take turns and count each other's held units and cash; its lines are neither
 * read nor emptied. `cartId` is null: the cart is not this order's source.
 */
async function buyNowLines(tx: Tx, userId: string, line: BuyNowLine): Promise<CartLine[]> {
  await tx.insert(carts).values({ userId }).onConflictDoNothing({ target: carts.userId })
  await tx.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId)).for('update')
  const [product] = await tx
    .select({ ...catalogFields, cartId: sql<string | null>`null` })
    .from(products)
    .where(eq(products.id, line.productId))
  if (!product) throw badRequest('Sorry, this product is no longer available.')
  return [{ ...product, productId: line.productId, quantity: line.quantity }]
}

/** A line's catalog side, read as the order is placed. */
const catalogFields = {
  title: products.title,
  image: products.image,
  pricePaise: products.effectivePricePaise,
  mrpPaise: products.pricePaise,
  category: products.category,
  brand: products.brand,
  sellerId: products.sellerId,
  listed: products.listed,
  maxPerOrder: products.maxPerOrder,
}

/** The caller's cart lines with today's catalog prices, in product id order (a fixed lock order). */
async function cartOf(tx: Tx, userId: string) {
  return tx
    .select({
      cartId: sql<string | null>`${carts.id}`,
      productId: cartLines.productId,
      quantity: cartLines.quantity,
      ...catalogFields,
    })
    .from(carts)
    .innerJoin(cartLines, eq(cartLines.cartId, carts.id))
    .innerJoin(products, eq(products.id, cartLines.productId))
    .where(eq(carts.userId, userId))
    .orderBy(asc(cartLines.productId))
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

/** One conditional update per line, never read-then-write, so two buyers cannot take one unit. */
async function takeStock(tx: Tx, lines: CartLine[]): Promise<void> {
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
    if (taken.length === 0) {
      // Buy Now's line (no cart) is changed on the product, not in the cart.
      const fix = line.cartId
        ? line.listed
          ? ' Please update your cart.'
          : ' Please remove it from your cart.'
        : ''
      throw conflict(
        line.listed
          ? `Sorry, "${line.title}" does not have ${line.quantity} in stock any more.${fix}`
          : `Sorry, "${line.title}" is no longer available.${fix}`,
      )
    }
  }
  await queueFamilyLeadCheck(tx, moves)
}

/**
 * The order, one sub-order per seller with its lines at today's prices, and a cart order's cart
 * emptied. An
 * online order waits for its payment (`expiresAt`); cash on delivery is confirmed as placed, so
 * its ship-by days count from now.
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
): Promise<{ id: string; number: string }> {
  const { input, lines, now } = placing
  const online = placing.expiresAt !== null
  const [order] = await tx
    .insert(orders)
    .values({
      userId: placing.user.id,
      addressInfo: placing.address,
      // The invoices' recipient: fixed as ordered, like the address.
      buyerGstin: input.buyer?.gstin ?? null,
      buyerLegalName: input.buyer?.legalName ?? null,
      buyerAddress: input.buyer?.billingAddress ?? null,
      paymentMethod: input.paymentMethod,
      orderStatus: online ? 'pending' : 'confirmed',
      paymentStatus: 'pending',
      totalPaise: placing.totalPaise,
      couponCode: placing.coupon?.code ?? null,
      couponDiscountPaise: placing.coupon?.discountPaise ?? 0,
      expiresAt: placing.expiresAt,
      expectedDelivery: placing.expectedDelivery,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: orders.id, orderNumber: orders.orderNumber })
  if (!order) throw new Error('order not inserted')

  // Each line with its coupon share (in `lines` order, as the coupon was priced).
  const bySeller = new Map<string, (CartLine & { discountPaise: number })[]>()
  lines.forEach((line, i) => {
    const discountPaise = placing.coupon?.shares[i] ?? 0
    bySeller.set(line.sellerId, [
      ...(bySeller.get(line.sellerId) ?? []),
      { ...line, discountPaise },
    ])
  })
  const funder = placing.coupon?.fundedBy ?? null
  for (const [sellerId, sellerLines] of bySeller) {
    const [sub] = await tx
      .insert(subOrders)
      .values({
        orderId: order.id,
        sellerId,
        status: online ? 'pending' : 'confirmed',
        confirmedAt: online ? null : now,
        // What is paid for the part: what COD collects and a cancellation refunds.
        subtotalPaise: sellerLines.reduce(
          (sum, l) => sum + l.pricePaise * l.quantity - l.discountPaise,
          0,
        ),
      })
      .returning({ id: subOrders.id })
    if (!sub) throw new Error('sub-order not inserted')
    await tx.insert(orderLines).values(
      sellerLines.map((l) => ({
        orderId: order.id,
        subOrderId: sub.id,
        productId: l.productId,
        title: l.title,
        image: l.image,
        unitPricePaise: l.pricePaise,
        quantity: l.quantity,
        mrpPaise: Math.max(l.mrpPaise, l.pricePaise),
        discountPaise: l.discountPaise,
        discountFundedBy: l.discountPaise > 0 ? funder : null,
      })),
    )
  }
  // Buy Now's order leaves the cart as it was (decision 089).
  const cartId = lines[0]!.cartId
  if (cartId) await tx.delete(cartLines).where(eq(cartLines.cartId, cartId))
  return { id: order.id, number: formatOrderNumber(order.orderNumber) }
}

/**
 * How the order was placed, in its own transaction: the Idempotency-Key names it (a retry after
 * a crash finds it; a COD order's answer is final), the timeline's first line, and a COD order's
 * confirmation mail (an online one is confirmed by its payment).
 */
async function recordPlacement(
  tx: Tx,
  deps: Pick<OrderDeps, 'lifecycle'>,
  placed: {
    user: SessionUser
    idempotencyKey: string | undefined
    response: CreateOrderResponse & { orderId: string }
    online: boolean
    now: Date
  },
): Promise<void> {
  const { user, idempotencyKey, response, online } = placed
  if (idempotencyKey) {
    await tx
      .update(idempotencyKeys)
      .set({
        orderId: response.orderId,
        ...(online ? {} : { responseStatus: 201, responseBody: response }),
      })
      .where(and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, idempotencyKey)))
  }
  await recordHistory(tx, {
    orderId: response.orderId,
    event: 'place',
    toStatus: online ? 'pending' : 'confirmed',
    actor: 'shopper',
    actorId: user.id,
  })
  if (!online) await queueOrderConfirmation(tx, response.orderId, deps.lifecycle.shopName)
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
