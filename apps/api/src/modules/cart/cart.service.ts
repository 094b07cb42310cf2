import {
  CART_MAX_LINES,
  overOrderLimitMessage,
  paiseToRupees,
  type Cart,
  type CartLine,
  type CartQuery,
  type MergeCartInput,
  type MergeLeftOut,
  type UpdateCartInput,
} from '@techbazaar/shared'
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { cartLines, carts, products } from '../../db/schema'
import { badRequest, notFound } from '../../lib/errors'

type Conn = Db | Tx

const lineColumns = {
  productId: cartLines.productId,
  shortId: products.shortId,
  quantity: cartLines.quantity,
  title: products.title,
  image: products.image,
  pricePaise: products.pricePaise,
  salePricePaise: products.salePricePaise,
  effectivePricePaise: products.effectivePricePaise,
  totalStock: products.totalStock,
  maxPerOrder: products.maxPerOrder,
  listed: products.listed,
}
// `_['data']` is a column's type without its nullability; max_per_order may be null.
export type LineRow = Omit<
  { [K in keyof typeof lineColumns]: (typeof lineColumns)[K]['_']['data'] },
  'maxPerOrder'
> & { maxPerOrder: number | null }

/**
 * The most units of a product one order may hold: its own limit, else `maxPerProduct`, the
 * shop's (every cart function takes it). A line never goes above it, as it never goes above
 * the stock, so the cart never holds what checkout would refuse.
 */
export const orderLimitOf = (row: { maxPerOrder: number | null }, maxPerProduct: number) =>
  row.maxPerOrder ?? maxPerProduct

/** The one place a cart row becomes the API's line (paise to rupees here). */
function toLine(row: LineRow, maxPerProduct: number): CartLine {
  return {
    productId: row.productId,
    shortId: row.shortId,
    quantity: row.quantity,
    title: row.title,
    image: row.image,
    price: paiseToRupees(row.pricePaise),
    salePrice: paiseToRupees(row.salePricePaise),
    totalStock: row.totalStock,
    orderLimit: orderLimitOf(row, maxPerProduct),
    available: row.listed,
  }
}

/** Totals over every line of the cart (not one page): lines, quantity and amount in paise. */
async function totalsOf(conn: Conn, cartId: string) {
  const [row] = await conn
    .select({
      totalItems: count(),
      totalQuantity: sql<number>`coalesce(sum(${cartLines.quantity}), 0)::int`,
      totalPaise: sql<number>`coalesce(sum(${cartLines.quantity}::bigint * ${products.effectivePricePaise}) FILTER (WHERE ${products.listed}), 0)::bigint`,
    })
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .where(eq(cartLines.cartId, cartId))
  return {
    totalItems: Number(row?.totalItems ?? 0),
    totalQuantity: Number(row?.totalQuantity ?? 0),
    totalAmount: paiseToRupees(Number(row?.totalPaise ?? 0)),
  }
}

function linesQuery(conn: Conn, cartId: string) {
  return conn
    .select(lineColumns)
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .where(eq(cartLines.cartId, cartId))
    .orderBy(asc(cartLines.addedAt), asc(cartLines.productId))
}

const EMPTY_TOTALS = { totalItems: 0, totalQuantity: 0, totalAmount: 0 }

async function cartIdOf(conn: Conn, userId: string): Promise<string | undefined> {
  const [row] = await conn.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId))
  return row?.id
}

/** One page of the user's cart, oldest line first, with totals over the whole cart. */
export async function getCart(db: Db, userId: string, query: CartQuery, maxPerProduct: number) {
  const cartId = await cartIdOf(db, userId)
  if (!cartId) return { data: [], currentPage: query.page, totalPages: 0, ...EMPTY_TOTALS }
  const [rows, totals] = await Promise.all([
    linesQuery(db, cartId)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    totalsOf(db, cartId),
  ])
  return {
    data: rows.map((row) => toLine(row, maxPerProduct)),
    currentPage: query.page,
    totalPages: Math.ceil(totals.totalItems / query.limit),
    ...totals,
  }
}

/**
 * The whole cart (at most CART_MAX_LINES lines), as every mutation answers it: its totals are
 * summed here from the lines read, as totalsOf sums them in the database for one page.
 */
async function wholeCart(conn: Conn, cartId: string, maxPerProduct: number): Promise<Cart> {
  return cartOfRows(await linesQuery(conn, cartId), maxPerProduct)
}

/** The cart answered from its lines' rows, oldest first, totals summed from them. */
export function cartOfRows(rows: readonly LineRow[], maxPerProduct: number): Cart {
  let totalQuantity = 0
  let totalPaise = 0
  for (const row of rows) {
    totalQuantity += row.quantity
    if (row.listed) totalPaise += row.quantity * row.effectivePricePaise
  }
  return {
    items: rows.map((row) => toLine(row, maxPerProduct)),
    totalItems: rows.length,
    totalQuantity,
    totalAmount: paiseToRupees(totalPaise),
  }
}

/**
 * The user's cart id, created when missing. The upsert also locks the cart row until the
 * transaction ends, so one user's cart changes run one after another: a read of a line's
 * quantity followed by its write cannot interleave with another request's.
 */
export async function lockCartOf(tx: Tx, userId: string): Promise<string> {
  const [row] = await tx
    .insert(carts)
    .values({ userId })
    .onConflictDoUpdate({ target: carts.userId, set: { updatedAt: sql`now()` } })
    .returning({ id: carts.id })
  if (!row) throw new Error('cart not created')
  return row.id
}

async function productFor(tx: Tx, productId: string) {
  const [row] = await tx
    .select({
      id: products.id,
      totalStock: products.totalStock,
      maxPerOrder: products.maxPerOrder,
      listed: products.listed,
    })
    .from(products)
    .where(eq(products.id, productId))
  if (!row) throw notFound('Product not found')
  return row
}

async function lineQuantity(tx: Tx, cartId: string, productId: string) {
  const [row] = await tx
    .select({ quantity: cartLines.quantity })
    .from(cartLines)
    .where(and(eq(cartLines.cartId, cartId), eq(cartLines.productId, productId)))
  return row?.quantity
}

export const tooManyLines = () =>
  badRequest(`Your cart can hold at most ${CART_MAX_LINES} different products`)

/**
 * Sets a line's quantity. Going up needs a listed product with that much stock, within its
 * limit per order; going down is always allowed (stock or the limit may have fallen below what
 * the cart already holds).
 */
export async function updateItem(
  db: Db,
  userId: string,
  input: UpdateCartInput,
  maxPerProduct: number,
): Promise<Cart> {
  return db.transaction(async (tx) => {
    const cartId = await lockCartOf(tx, userId)
    const current = await lineQuantity(tx, cartId, input.productId)
    if (current === undefined) throw notFound('Cart item not found')
    if (input.quantity > current) {
      const product = await productFor(tx, input.productId)
      if (!product.listed) throw badRequest('This product is no longer available')
      if (input.quantity > product.totalStock) {
        throw badRequest(`Only ${product.totalStock} quantity can be added for this item`)
      }
      const limit = orderLimitOf(product, maxPerProduct)
      if (input.quantity > limit) throw badRequest(overOrderLimitMessage(limit))
    }
    await tx
      .update(cartLines)
      .set({ quantity: input.quantity })
      .where(and(eq(cartLines.cartId, cartId), eq(cartLines.productId, input.productId)))
    return wholeCart(tx, cartId, maxPerProduct)
  })
}

/** Removes a line; 404 when the cart does not hold that product. */
export async function removeItem(
  db: Db,
  userId: string,
  productId: string,
  maxPerProduct: number,
): Promise<Cart> {
  return db.transaction(async (tx) => {
    const cartId = await lockCartOf(tx, userId)
    const deleted = await tx
      .delete(cartLines)
      .where(and(eq(cartLines.cartId, cartId), eq(cartLines.productId, productId)))
      .returning({ productId: cartLines.productId })
    if (deleted.length === 0) throw notFound('Cart item not found')
    return wholeCart(tx, cartId, maxPerProduct)
  })
}

/**
 * Takes a guest cart's lines at sign-in: quantities add to what the user's cart holds, capped
 * at the stock and the product's limit per order; unknown, unlisted and sold-out products are
 * skipped (a guest cart can be days old), as are new lines beyond CART_MAX_LINES. A line already
 * above that cap is not lowered. Answers the cart and what was left out, so the shopper is told.
 */
export async function mergeItems(
  db: Db,
  userId: string,
  items: MergeCartInput['items'],
  maxPerProduct: number,
): Promise<{ cart: Cart; leftOut: MergeLeftOut[] }> {
  return db.transaction(async (tx) => {
    const { cartId, leftOut } = await mergeIntoCart(tx, userId, items, maxPerProduct)
    return { cart: await wholeCart(tx, cartId, maxPerProduct), leftOut }
  })
}

/**
 * Adds lines to the user's cart inside the caller's transaction, by mergeItems' rules (capped
 * at stock and the limit per order, unlisted and sold-out skipped): the guest cart at sign-in,
 * and an unpaid order's lines when its payment fails or is cancelled. Answers the cart id and
 * the lines that did not come in whole.
 */
export async function mergeIntoCart(
  tx: Tx,
  userId: string,
  items: readonly { productId: string; quantity: number }[],
  maxPerProduct: number,
): Promise<{ cartId: string; leftOut: MergeLeftOut[] }> {
  const wanted = new Map<string, number>()
  for (const item of items) {
    wanted.set(item.productId, (wanted.get(item.productId) ?? 0) + item.quantity)
  }
  const cartId = await lockCartOf(tx, userId)
  const leftOut: MergeLeftOut[] = []
  if (wanted.size === 0) return { cartId, leftOut }
  const ids = [...wanted.keys()]
  const [found, existing] = await Promise.all([
    tx
      .select({
        id: products.id,
        title: products.title,
        listed: products.listed,
        totalStock: products.totalStock,
        maxPerOrder: products.maxPerOrder,
      })
      .from(products)
      .where(inArray(products.id, ids)),
    tx
      .select({ productId: cartLines.productId, quantity: cartLines.quantity })
      .from(cartLines)
      .where(eq(cartLines.cartId, cartId)),
  ])
  const held = new Map(existing.map((line) => [line.productId, line.quantity]))
  const byId = new Map(found.map((p) => [p.id, p]))
  let lines = existing.length
  // Keep the guest's order, so the cap drops the lines added last.
  for (const productId of ids) {
    const product = byId.get(productId)
    const want = wanted.get(productId) ?? 0
    const title = product?.title ?? null
    // What a line may hold: the stock, within the product's limit per order.
    const cap = product?.listed
      ? Math.min(product.totalStock, orderLimitOf(product, maxPerProduct))
      : 0
    if (cap <= 0) {
      leftOut.push({ productId, title, reason: 'unavailable' })
      continue
    }
    const current = held.get(productId)
    if (current === undefined) {
      if (lines >= CART_MAX_LINES) {
        leftOut.push({ productId, title, reason: 'cartFull' })
        continue
      }
      lines += 1
      const quantity = Math.min(want, cap)
      if (quantity < want) leftOut.push({ productId, title, reason: 'limited' })
      await tx.insert(cartLines).values({ cartId, productId, quantity })
    } else {
      const quantity = Math.min(current + want, cap)
      if (quantity < current + want) leftOut.push({ productId, title, reason: 'limited' })
      if (quantity > current) {
        await tx
          .update(cartLines)
          .set({ quantity })
          .where(and(eq(cartLines.cartId, cartId), eq(cartLines.productId, productId)))
      }
    }
  }
  return { cartId, leftOut }
}
