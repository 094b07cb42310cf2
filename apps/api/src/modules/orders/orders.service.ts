import { creditNotesOf } from '../invoices'
import { refundsOf } from '../refunds'
import { returnsOf, returnWindowCloses } from '../returns'
import { createHash } from 'node:crypto'
import {
  ADDRESS_STATE_MISSING,
  codLimitMessage,
  deriveOrderStatus,
  formatOrderNumber,
  overOrderLimitMessage,
  paiseToRupees,
  type CreateOrderInput,
  type CreateOrderResponse,
  type Order,
  type OrderStanding,
  type OrderSummary,
  standingFields,
  stillCancellable,
  type SessionUser,
  seesBuyers,
} from '@techbazaar/shared'
import { and, asc, desc, eq, gt, gte, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { type LifecycleContext, queueOrderConfirmation } from '../lifecycle'
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
import type { Config } from '../../config'
import { badRequest, conflict } from '../../lib/errors'
import type { ShopMetrics } from '../../lib/metrics'
import type { Payments } from '../../payments'
import { ORDER_ROUTE, replayKey, startCheckout, type PendingCheckout } from './checkout-payment'
import {
  buyerAddressFor,
  shopperWordsFor,
  viewOrder,
  withLabelFor,
  recordHistory,
  readTimeline,
  standingOf,
  standingsOf,
  toOrderLine,
} from '../kernel'
import { parcelsOf, assertDeliverable } from '../shipping'
import type { Couriers } from '../../couriers'

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
    'maxQtyPerProduct' | 'codMaxPaise' | 'paymentWindowMinutes' | 'unpaidHoldMaxUnits'
  >
  /** A failed checkout cancels the order; the confirmation mail is signed with its shop name. */
  lifecycle: LifecycleContext
}

/** What the order transaction decided; the provider call happens after it commits. */
type Placed =
  | { kind: 'replay'; response: CreateOrderResponse }
  | { kind: 'cod'; response: CreateOrderResponse }
  | { kind: 'online'; pending: PendingCheckout }
  | { kind: 'resume'; pending: PendingCheckout }

/** The parts of the body that decide the order; a reused key must carry the same ones. */
function requestHash(input: CreateOrderInput): string {
  const decisive = {
    addressId: input.addressInfo.addressId,
    paymentMethod: input.paymentMethod,
    // Only when present, so a personal order's hash is what keys stored before buyers had.
    ...(input.buyer ? { buyer: input.buyer } : {}),
  }
  return createHash('sha256').update(JSON.stringify(decisive)).digest('hex')
}

/**
 * Places an order from the caller's server cart: delivered only where the courier reaches (cash
 * on delivery only where it takes cash), prices from the catalog, each line within its
 * product's limit per order, cash on delivery only up to its ceiling, stock taken with one
 * conditional update per line (all lines or none), one sub-order per seller, cart emptied.
 * With an Idempotency-Key a repeat answers the first response and never makes a second order;
 * a repeat after an attempt that died before its payment link was stored resumes that order.
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
  const deliverable = await assertDeliverable(
    deps,
    user.id,
    input.addressInfo.addressId,
    input.paymentMethod === 'COD',
  )
  const now = deps.now()

  const placed = await deps.db.transaction(async (tx): Promise<Placed> => {
    if (idempotencyKey) {
      // Inside the transaction: a concurrent twin waits on the key's row, then replays.
      const inserted = await tx
        .insert(idempotencyKeys)
        .values({
          userId: user.id,
          key: idempotencyKey,
          route: ORDER_ROUTE,
          requestHash: hash,
          attemptedAt: now,
        })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key })
      if (inserted.length === 0) return replayKey(tx, user.id, idempotencyKey, hash, now)
    }
    const address = await ownAddress(tx, user.id, input.addressInfo.addressId)
    // The cart row lock every cart change takes, held until commit, and only then the lines (a
    // new statement, so a new snapshot): a line another tab adds meanwhile is then either in
    // this order or still in the cart, never deleted with the ordered ones unseen.
    await tx.select({ id: carts.id }).from(carts).where(eq(carts.userId, user.id)).for('update')
    const lines = await cartOf(tx, user.id)
    if (lines.length === 0) throw badRequest('Your cart is empty. Please add items to proceed')
    if (deliverable && lines.some((l) => !deliverable.has(l.sellerId))) {
      throw conflict('Your cart changed while the order was being placed. Please review it.')
    }
    const totalPaise = lines.reduce((sum, l) => sum + l.pricePaise * l.quantity, 0)
    if (totalPaise > MAX_ORDER_TOTAL_PAISE) {
      throw badRequest(
        'This order is too large to place at once. Please lower the quantities or split it into several orders.',
      )
    }
    // The cart refuses lines above the limit, but a line may predate it or a lowered one.
    for (const line of lines) {
      const limit = line.maxPerOrder ?? deps.limits.maxQtyPerProduct
      if (line.quantity > limit) {
        throw badRequest(
          `${overOrderLimitMessage(limit, `"${line.title}"`)} Please lower the quantity in your cart.`,
        )
      }
    }
    if (input.paymentMethod === 'COD' && totalPaise > deps.limits.codMaxPaise) {
      throw badRequest(codLimitMessage(paiseToRupees(deps.limits.codMaxPaise)))
    }
    const online = input.paymentMethod !== 'COD'
    // Under the cart lock taken above, so two placements of one account count each other.
    if (online) await assertHoldAllowed(tx, user.id, lines, deps.limits.unpaidHoldMaxUnits, now)

    for (const line of lines) {
      // One conditional update: never read-then-write, so two buyers cannot take one unit.
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
        .returning({ id: products.id })
      if (taken.length === 0) {
        throw conflict(
          line.listed
            ? `Sorry, "${line.title}" does not have ${line.quantity} in stock any more. Please update your cart.`
            : `Sorry, "${line.title}" is no longer available. Please remove it from your cart.`,
        )
      }
    }

    const expiresAt = new Date(now.getTime() + deps.limits.paymentWindowMinutes * 60_000)
    const [order] = await tx
      .insert(orders)
      .values({
        userId: user.id,
        addressInfo: address,
        // The invoices' recipient: fixed as ordered, like the address.
        buyerGstin: input.buyer?.gstin ?? null,
        buyerLegalName: input.buyer?.legalName ?? null,
        paymentMethod: input.paymentMethod,
        orderStatus: online ? 'pending' : 'confirmed',
        paymentStatus: 'pending',
        totalPaise,
        expiresAt: online ? expiresAt : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: orders.id, orderNumber: orders.orderNumber })
    if (!order) throw new Error('order not inserted')
    const orderNumber = formatOrderNumber(order.orderNumber)

    const bySeller = new Map<string, typeof lines>()
    for (const line of lines)
      bySeller.set(line.sellerId, [...(bySeller.get(line.sellerId) ?? []), line])
    for (const [sellerId, sellerLines] of bySeller) {
      const [sub] = await tx
        .insert(subOrders)
        .values({
          orderId: order.id,
          sellerId,
          status: online ? 'pending' : 'confirmed',
          // Cash on delivery is confirmed as placed: the ship-by day counts from now.
          confirmedAt: online ? null : now,
          subtotalPaise: sellerLines.reduce((sum, l) => sum + l.pricePaise * l.quantity, 0),
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
        })),
      )
    }
    await tx.delete(cartLines).where(eq(cartLines.cartId, lines[0]!.cartId))

    const response = { success: true as const, orderId: order.id, orderNumber }
    if (idempotencyKey) {
      // The key names its order in the order's own transaction: a retry after a crash finds it.
      await tx
        .update(idempotencyKeys)
        .set({
          orderId: order.id,
          ...(online ? {} : { responseStatus: 201, responseBody: response }),
        })
        .where(and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, idempotencyKey)))
    }
    await recordHistory(tx, {
      orderId: order.id,
      event: 'place',
      toStatus: online ? 'pending' : 'confirmed',
      actor: 'shopper',
      actorId: user.id,
    })
    if (!online) {
      await queueOrderConfirmation(tx, order.id, deps.lifecycle.shopName)
      return { kind: 'cod', response }
    }
    // On the shop's clock: Pay now measures its attempts by it (checkouts/attempts.ts).
    await tx.insert(payments).values({
      orderId: order.id,
      provider: input.paymentMethod,
      amountPaise: totalPaise,
      createdAt: now,
    })
    return {
      kind: 'online',
      pending: { orderId: order.id, orderNumber, totalPaise, address, expiresAt, resume: false },
    }
  })

  if (placed.kind === 'replay') return { response: placed.response }
  if (placed.kind !== 'resume') deps.metrics.orderCreated(input.paymentMethod)
  if (placed.kind === 'cod') return { response: placed.response }
  const response = await startCheckout(deps, user, provider!, placed.pending, idempotencyKey)
  return { response }
}

async function ownAddress(tx: Tx, userId: string, addressId: string): Promise<AddressSnapshot> {
  const [row] = await tx
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
  if (!row) throw badRequest('Please select one address to proceed.')
  // The state is the invoices' place of supply; one saved before states were asked has none.
  if (!row.stateCode) throw badRequest(ADDRESS_STATE_MISSING)
  return {
    addressId: row.id,
    address: row.address,
    city: row.city,
    pincode: row.pincode,
    phone: row.phone,
    notes: row.notes,
    stateCode: row.stateCode,
  }
}

/**
 * The units the account's unpaid online orders hold now (issue 26.15): the count placement checks
 * against `UNPAID_HOLD_MAX_UNITS`, and the one the checkout is told in advance (order limits).
 */
export async function unpaidUnitsHeld(db: Db | Tx, userId: string, now: Date): Promise<number> {
  const [held] = await db
    .select({ units: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.paymentStatus, 'pending'),
        // Only online orders have a window; one past it is released by the next expiry run.
        gt(orders.expiresAt, now),
      ),
    )
  return held?.units ?? 0
}

/**
 * An unpaid online order holds its units until it is paid or its window passes (issue 26.15):
 * one account may hold at most `maxUnits` so at once, this order's included, or a few accounts
 * could keep a product off sale without paying. A cart alone above it is a 400 (lower it); one
 * that fits only after another unpaid order ends is a 409 (pay for or cancel that one first).
 */
async function assertHoldAllowed(
  tx: Tx,
  userId: string,
  lines: { quantity: number }[],
  maxUnits: number,
  now: Date,
): Promise<void> {
  const units = lines.reduce((sum, l) => sum + l.quantity, 0)
  if (units > maxUnits) {
    throw badRequest(
      `An order paid online can hold at most ${maxUnits} items while it waits for payment. Please lower the quantities in your cart.`,
    )
  }
  const heldUnits = await unpaidUnitsHeld(tx, userId, now)
  if (heldUnits + units > maxUnits) {
    throw conflict(
      `Your unpaid orders already hold ${heldUnits} item${heldUnits === 1 ? '' : 's'}, and at most ${maxUnits} can wait for payment at once. Please pay for or cancel your unpaid order in My Orders first.`,
    )
  }
}

/** The caller's cart lines with today's catalog prices, in product id order (a fixed lock order). */
async function cartOf(tx: Tx, userId: string) {
  return tx
    .select({
      cartId: carts.id,
      productId: cartLines.productId,
      quantity: cartLines.quantity,
      title: products.title,
      image: products.image,
      pricePaise: products.effectivePricePaise,
      sellerId: products.sellerId,
      listed: products.listed,
      maxPerOrder: products.maxPerOrder,
    })
    .from(carts)
    .innerJoin(cartLines, eq(cartLines.cartId, carts.id))
    .innerJoin(products, eq(products.id, cartLines.productId))
    .where(eq(carts.userId, userId))
    .orderBy(asc(cartLines.productId))
}

type OrderRow = typeof orders.$inferSelect

/**
 * The order's row as its summary, with what it stands at now (`standing`, issue 26.8): what is
 * payable and refunded, and the words people read. `totalPaise` is a seller's part's subtotal.
 */
function toSummary(
  row: OrderRow,
  standing: OrderStanding,
  totalPaise = row.totalPaise,
): OrderSummary {
  return {
    _id: row.id,
    orderNumber: formatOrderNumber(row.orderNumber),
    userId: row.userId,
    orderStatus: row.orderStatus,
    paymentMethod: row.paymentMethod,
    paymentStatus: row.paymentStatus,
    totalAmount: paiseToRupees(totalPaise),
    ...standingFields(standing),
    orderDate: row.createdAt.toISOString(),
    orderUpdateDate: row.updatedAt.toISOString(),
    paymentId: row.paymentId,
    payerId: row.payerId,
  }
}

/** The caller's own orders, newest first. */
export async function listOrders(db: Db, userId: string): Promise<OrderSummary[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(200)
  const standings = await standingsOf(db, rows)
  return rows.map((row) => toSummary(row, standingOf(standings, row.id).standing))
}

/**
 * One order for whoever may see it (order-access.ts): its owner and an admin see all of it, a
 * seller with a part in it sees that part (its lines and subtotal).
 */
export async function getOrderDetails(
  db: Db,
  user: SessionUser,
  orderId: string,
  /** The return window, for the owner's Return button. */
  policy?: { windowDays: number },
): Promise<Order> {
  const { order: row, viewer, subOrders: parts } = await viewOrder(db, user, orderId)
  const seller = viewer === 'seller'
  const totalPaise = seller ? parts.reduce((sum, s) => sum + s.subtotalPaise, 0) : row.totalPaise
  const partIds = parts.map((s) => s.id)
  const own = seller ? partIds : undefined
  const [standings, timeline, shipped, orderReturns, orderRefunds, creditNotes] = await Promise.all(
    [
      standingsOf(db, [row], { sellerId: seller ? user.id : undefined }),
      readTimeline(db, orderId, seller ? user.id : undefined),
      parcelsOf(db, partIds),
      returnsOf(db, orderId, own),
      refundsOf(db, orderId, own),
      creditNotesOf(db, orderId, own),
    ],
  )
  // The owner's buttons: Cancel until a courier has the parcel, Return within the window.
  const parcels = shipped.map((parcel) => {
    const part = parts.find((p) => p.id === parcel.subOrderId)
    const owner = viewer === 'owner' && part !== undefined
    return {
      ...parcel,
      cancellable: owner && stillCancellable(parcel.status, parcel.shipment !== null),
      returnableUntil:
        owner && policy && parcel.status === 'delivered' && part.deliveredAt
          ? returnWindowCloses(part.deliveredAt, policy.windowDays).toISOString()
          : null,
    }
  })
  const { standing, lines } = standingOf(standings, row.id)
  return {
    ...toSummary(row, standing, totalPaise),
    // A seller reads its own part's status; everyone else the order's.
    ...(seller ? { orderStatus: deriveOrderStatus(parts.map((s) => s.status)) } : {}),
    addressInfo: buyerAddressFor(user, row.addressInfo),
    timeline,
    parcels,
    returns: orderReturns.map((r) => ({
      ...shopperWordsFor(user, r),
      pickup: withLabelFor(user, r.pickup),
    })),
    // The shopper's payout account, even masked, is theirs: not for a seller no longer approved.
    refunds: seesBuyers(user) ? orderRefunds : orderRefunds.map((r) => ({ ...r, payoutTo: null })),
    creditNotes,
    // Hidden like the address from a seller no longer approved (a proprietor's name is a person's).
    buyer:
      row.buyerGstin && row.buyerLegalName && seesBuyers(user)
        ? { gstin: row.buyerGstin, legalName: row.buyerLegalName }
        : null,
    cartItems: lines.map(toOrderLine),
  }
}
