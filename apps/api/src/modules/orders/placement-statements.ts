import type { AddressSnapshot } from '../../db/schema'
import { sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { outboxInsert, type OutboxItem } from '../../jobs/outbox'
import type { DeliveryLine } from '../shipping'
import { codEarlierPaiseSql } from './cod-daily-limit'
import { unpaidUnitsSql } from './unpaid-hold'

/**
 * Order placement's statements, each doing in one round trip what took several (issue 33.5,
 * decision 100): a placement is a handful of round trips whatever its cart holds, and each is
 * written once as SQL rather than assembled by the query builder per request.
 *
 * Raw SQL on purpose, and only here: the hot path. Each statement's columns are spelled out, and
 * the order tests (and the proofs in test/proof) run every one of them on PGlite and PostgreSQL.
 */

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows

/** What a checkout draws from: the cart, or Buy Now's one line (decision 089). */
export type PlacementSource = { buyNow: { productId: string; quantity: number } | undefined }

/** The saved address as the order keeps it, or null when it is not the caller's. */
type AddressRow = AddressSnapshot & { stateCode: string | null }

/**
 * Before the transaction, one read: the address (the order's snapshot and the delivery
 * check's pincode) and the checkout's lines with their sellers' pickup pincodes, for the courier
 * to be asked before any row is locked.
 */
export async function readCheckout(
  db: Db,
  userId: string,
  addressId: string,
  source: PlacementSource,
): Promise<{ address: AddressRow | null; lines: DeliveryLine[] }> {
  const lines = source.buyNow
    ? sql`SELECT p.seller_id, p.title, vp.pincode, 0 AS n
          FROM products p LEFT JOIN vendor_profiles vp ON vp.user_id = p.seller_id
          WHERE p.id = ${source.buyNow.productId}`
    : sql`SELECT p.seller_id, p.title, vp.pincode, row_number() OVER (ORDER BY cl.added_at) AS n
          FROM carts c
          JOIN cart_lines cl ON cl.cart_id = c.id
          JOIN products p ON p.id = cl.product_id
          LEFT JOIN vendor_profiles vp ON vp.user_id = p.seller_id
          WHERE c.user_id = ${userId}`
  const [row] = rowsOf<{ address: AddressRow | null; lines: DeliveryLine[] }>(
    await db.execute(sql`SELECT
      (SELECT json_build_object(
          'addressId', a.id, 'recipientName', a.recipient_name, 'address', a.address,
          'landmark', a.landmark, 'city', a.city, 'pincode', a.pincode, 'phone', a.phone,
          'notes', a.notes, 'stateCode', a.state_code)
        FROM addresses a WHERE a.id = ${addressId} AND a.user_id = ${userId}) AS address,
      (SELECT coalesce(json_agg(json_build_object(
          'sellerId', l.seller_id, 'title', l.title, 'pickupPincode', l.pincode) ORDER BY l.n), '[]')
        FROM (${lines}) AS l) AS lines`),
  )
  return { address: row?.address ?? null, lines: row?.lines ?? [] }
}

/** A line found short of stock (or unlisted) as the transaction began. */
export interface ShortLine {
  title: string
  quantity: number
  listed: boolean
}

/**
 * The transaction's first statement: claims the Idempotency-Key (when one came) and takes the
 * cart's row lock every cart change takes, held until commit. The cart row is made, empty,
 * when the account has none, so every placement of one account takes turns.
 *
 * A concurrent twin of the key waits on the key's row and then finds it claimed; a placement
 * with another key waits on the cart. Neither waits while holding what the other needs: the
 * key is only ever taken with the cart, and a twin's key row is its own.
 *
 * Also answers the lines that were short of stock (or unlisted) as the statement began, in
 * product id order: a sold-out flash sale refuses its losers here, after the key's claim (a
 * twin still replays) and before any other read, instead of at their stock update.
 */
export async function claimAndLockCart(
  tx: Tx,
  userId: string,
  key: { key: string; route: string; hash: string; now: Date } | undefined,
  source: PlacementSource,
): Promise<{ cartId: string; claimed: boolean; short: ShortLine[] }> {
  const cart = sql`INSERT INTO carts (user_id) VALUES (${userId})
    ON CONFLICT (user_id) DO UPDATE SET updated_at = now() RETURNING id`
  const lines = source.buyNow
    ? sql`SELECT ${source.buyNow.productId}::uuid AS product_id,
                 ${source.buyNow.quantity}::int AS quantity`
    : sql`SELECT cl.product_id, cl.quantity FROM carts c JOIN cart_lines cl ON cl.cart_id = c.id
          WHERE c.user_id = ${userId}`
  const short = sql`(SELECT json_agg(json_build_object(
        'title', p.title, 'quantity', l.quantity, 'listed', p.listed) ORDER BY l.product_id)
      FROM (${lines}) AS l JOIN products p ON p.id = l.product_id
      WHERE NOT p.listed OR p.total_stock < l.quantity) AS short`
  const [row] = rowsOf<{ cartId: string; claimed: number; short: ShortLine[] | null }>(
    await tx.execute(
      key
        ? sql`WITH claim AS (
              INSERT INTO idempotency_keys (user_id, key, route, request_hash, attempted_at)
              VALUES (${userId}, ${key.key}, ${key.route}, ${key.hash}, ${key.now})
              ON CONFLICT DO NOTHING RETURNING 1
            ), cart AS (${cart})
            SELECT (SELECT id FROM cart) AS "cartId", (SELECT count(*) FROM claim)::int AS claimed,
              ${short}`
        : sql`WITH cart AS (${cart}) SELECT id AS "cartId", 1 AS claimed, ${short} FROM cart`,
    ),
  )
  if (!row) throw new Error('cart not locked')
  return { cartId: row.cartId, claimed: row.claimed > 0, short: row.short ?? [] }
}

/** A line to order, with what the order's rules need to know about it, read under the lock. */
export interface PlacementLine {
  /** Null for Buy Now's line: the cart is not its source. */
  cartId: string | null
  productId: string
  quantity: number
  title: string
  image: string
  /** Today's price (the sale price when there is one). */
  pricePaise: number
  /** The list price. */
  mrpPaise: number
  category: string
  brand: string
  sellerId: string
  listed: boolean
  maxPerOrder: number | null
  sellerComposition: boolean
  sellerGstNumber: string | null
  sellerName: string | null
  /** Cash on delivery: the buyer's earlier COD parts today from this line's seller (s.269ST). */
  codEarlierPaise: number
}

/** The buyer as the confirmation addresses them, read with the lines. */
export interface PlacementBuyer {
  email: string
  name: string
  mobile: string | null
  muted: string[]
  deletedAt: Date | null
}

/**
 * The lines to order with today's catalog prices, in product id order (the stock updates' lock
 * order), each with its seller's registration and, paying cash, the day's earlier COD parts
 * from its seller; paying online, the units the account's unpaid orders hold; and the buyer.
 * A new statement after the cart lock, so a new snapshot: a line another tab added meanwhile is
 * either in this order or still in the cart, never deleted with the ordered ones unseen.
 */
export async function readLines(
  tx: Tx,
  userId: string,
  cartId: string,
  source: PlacementSource,
  payment: { cod: boolean; now: Date },
): Promise<{ lines: PlacementLine[]; buyer: PlacementBuyer | null; heldUnits: number }> {
  const from = source.buyNow
    ? sql`(SELECT NULL::uuid AS cart_id, ${source.buyNow.productId}::uuid AS product_id,
                  ${source.buyNow.quantity}::int AS quantity) AS src`
    : sql`(SELECT cart_id, product_id, quantity FROM cart_lines WHERE cart_id = ${cartId}) AS src`
  const codEarlier = payment.cod
    ? codEarlierPaiseSql(userId, sql`p.seller_id`, payment.now)
    : sql`0`
  const held = payment.cod ? sql`0` : unpaidUnitsSql(userId, payment.now)
  const rows = rowsOf<
    Omit<PlacementLine, 'codEarlierPaise'> & {
      codEarlierPaise: string | number
      buyer: PlacementBuyer
      heldUnits: number
    }
  >(
    await tx.execute(sql`SELECT src.cart_id AS "cartId", src.product_id AS "productId",
        src.quantity, p.title, p.image, p.effective_price_paise AS "pricePaise",
        p.price_paise AS "mrpPaise", p.category, p.brand, p.seller_id AS "sellerId", p.listed,
        p.max_per_order AS "maxPerOrder",
        coalesce(vp.gst_registration_type = 'composition', false) AS "sellerComposition",
        vp.gst_number AS "sellerGstNumber", su.user_name AS "sellerName",
        ${codEarlier} AS "codEarlierPaise",
        ${held} AS "heldUnits",
        json_build_object('email', b.email, 'name', b.user_name, 'mobile', b.mobile,
          'muted', b.sms_muted, 'deletedAt', b.deleted_at) AS buyer
      FROM ${from}
      JOIN products p ON p.id = src.product_id
      LEFT JOIN vendor_profiles vp ON vp.user_id = p.seller_id
      LEFT JOIN users su ON su.id = p.seller_id
      CROSS JOIN users b
      WHERE b.id = ${userId}
      ORDER BY src.product_id`),
  )
  const first = rows[0]
  return {
    lines: rows.map(({ buyer: _buyer, heldUnits: _held, ...line }) => ({
      ...line,
      codEarlierPaise: Number(line.codEarlierPaise),
    })),
    buyer: first
      ? {
          ...first.buyer,
          deletedAt: first.buyer.deletedAt ? new Date(first.buyer.deletedAt) : null,
        }
      : null,
    heldUnits: first?.heldUnits ?? 0,
  }
}

/** What the order's one insert writes: the order, its sub-orders, its lines. */
export interface OrderRows {
  userId: string
  address: AddressSnapshot
  buyer: { gstin: string; legalName: string; billingAddress: unknown } | undefined
  paymentMethod: string
  online: boolean
  totalPaise: number
  coupon: { code: string; discountPaise: number } | null
  expiresAt: Date | null
  expectedDelivery: string | null
  now: Date
  /** Per seller: what is paid for the part (what COD collects and a cancellation refunds). */
  parts: { sellerId: string; subtotalPaise: number }[]
  lines: {
    sellerId: string
    productId: string
    title: string
    image: string
    unitPricePaise: number
    quantity: number
    mrpPaise: number
    discountPaise: number
    discountFundedBy: string | null
  }[]
  /** The cart to empty (a cart order's); null for Buy Now, which leaves the cart as it was. */
  emptyCartId: string | null
  /** The timeline's first line's moment (the wall clock: recordHistory's reason). */
  historyAt: Date
}

/**
 * The order, one sub-order per seller with its lines, the timeline's first line (placed, by the
 * shopper) and a cart order's cart emptied, in one statement. An online order waits for its
 * payment (`expiresAt`); cash on delivery is confirmed as placed, so its ship-by days count
 * from now. The foreign keys are checked at the statement's end, when every row is in.
 */
export async function insertOrder(
  tx: Tx,
  o: OrderRows,
): Promise<{ id: string; orderNumber: number }> {
  const status = o.online ? 'pending' : 'confirmed'
  const confirmedAt = o.online ? null : o.now
  const parts = JSON.stringify(
    o.parts.map((p) => ({ seller_id: p.sellerId, subtotal_paise: p.subtotalPaise })),
  )
  const lines = JSON.stringify(
    o.lines.map((l) => ({
      seller_id: l.sellerId,
      product_id: l.productId,
      title: l.title,
      image: l.image,
      unit_price_paise: l.unitPricePaise,
      quantity: l.quantity,
      mrp_paise: l.mrpPaise,
      discount_paise: l.discountPaise,
      discount_funded_by: l.discountFundedBy,
    })),
  )
  const emptied = o.emptyCartId
    ? sql`, emptied AS (DELETE FROM cart_lines WHERE cart_id = ${o.emptyCartId})`
    : sql``
  const [row] = rowsOf<{ id: string; orderNumber: number }>(
    await tx.execute(sql`WITH o AS (
        INSERT INTO orders (user_id, address_info, buyer_gstin, buyer_legal_name, buyer_address,
          order_status, payment_method, payment_status, total_paise, coupon_code,
          coupon_discount_paise, expires_at, expected_delivery, created_at, updated_at)
        VALUES (${o.userId}, ${JSON.stringify(o.address)}::jsonb, ${o.buyer?.gstin ?? null},
          ${o.buyer?.legalName ?? null},
          ${o.buyer ? JSON.stringify(o.buyer.billingAddress) : null}::jsonb, ${status},
          ${o.paymentMethod}, 'pending', ${o.totalPaise}, ${o.coupon?.code ?? null},
          ${o.coupon?.discountPaise ?? 0}, ${o.expiresAt}::timestamptz,
          ${o.expectedDelivery}::date, ${o.now}, ${o.now})
        RETURNING id, order_number
      ), s AS (
        INSERT INTO sub_orders (order_id, seller_id, status, confirmed_at, subtotal_paise)
        SELECT o.id, p.seller_id, ${status}, ${confirmedAt}::timestamptz, p.subtotal_paise
        FROM o, jsonb_to_recordset(${parts}::jsonb) AS p(seller_id uuid, subtotal_paise int)
        RETURNING id, seller_id
      ), l AS (
        INSERT INTO order_lines (order_id, sub_order_id, product_id, title, image,
          unit_price_paise, quantity, mrp_paise, discount_paise, discount_funded_by)
        SELECT o.id, s.id, v.product_id, v.title, v.image, v.unit_price_paise, v.quantity,
          v.mrp_paise, v.discount_paise, v.discount_funded_by
        FROM o, jsonb_to_recordset(${lines}::jsonb) AS v(seller_id uuid, product_id uuid,
            title text, image text, unit_price_paise int, quantity int, mrp_paise int,
            discount_paise int, discount_funded_by text)
          JOIN s ON s.seller_id = v.seller_id
      ), h AS (
        INSERT INTO order_history (order_id, event, to_status, actor, actor_id, created_at)
        SELECT o.id, 'place', ${status}, 'shopper', ${o.userId}, ${o.historyAt} FROM o
      )${emptied}
      SELECT id, order_number AS "orderNumber" FROM o`),
  )
  if (!row) throw new Error('order not inserted')
  return row
}

/**
 * The placement's last statement: the Idempotency-Key names the order (a retry after a crash
 * finds it) with, for an order whose answer is final (cash on delivery), that answer; and the
 * outbox items that follow the order (its confirmation's mail and SMS, a family's lead check),
 * all in one round trip.
 */
export async function finishPlacement(
  tx: Tx,
  done: {
    userId: string
    key: string | undefined
    orderId: string
    /** The stored answer, or null while the order waits for its payment link. */
    response: object | null
    items: readonly OutboxItem[]
  },
): Promise<void> {
  const keyUpdate = done.key
    ? sql`UPDATE idempotency_keys SET order_id = ${done.orderId}${
        done.response
          ? sql`, response_status = 201, response_body = ${JSON.stringify(done.response)}::jsonb`
          : sql``
      } WHERE user_id = ${done.userId} AND key = ${done.key}`
    : null
  if (done.items.length === 0) {
    if (keyUpdate) await tx.execute(keyUpdate)
    return
  }
  const insert = outboxInsert(done.items)
  await tx.execute(keyUpdate ? sql`WITH k AS (${keyUpdate}) ${insert}` : insert)
}
