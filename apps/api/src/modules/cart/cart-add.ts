import {
  CART_MAX_LINES,
  overOrderLimitMessage,
  type AddToCartInput,
  type Cart,
} from '@techbazaar/shared'
import { sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { badRequest, notFound } from '../../lib/errors'
import { cartOfRows, orderLimitOf, tooManyLines, type LineRow } from './cart.service'

/**
 * Adds `quantity` of a listed, in-stock product, merging with the line that holds it; the
 * line never goes above the stock nor the product's limit per order (400 says which). One
 * transaction, serialised per user by the cart lock, of two statements (issue 33.5): the lock
 * with the product's read, then the line's checks, its write and the cart's read in one.
 */
export async function addItem(
  db: Db,
  userId: string,
  input: AddToCartInput,
  maxPerProduct: number,
): Promise<Cart> {
  return db.transaction(async (tx) => {
    const { cartId, product } = await lockCartWithProduct(tx, userId, input.productId)
    if (!product) throw notFound('Product not found')
    if (!product.listed) throw badRequest('This product is no longer available')
    if (product.totalStock <= 0) throw badRequest('This product is out of stock')
    const limit = orderLimitOf(product, maxPerProduct)
    const { current, lines, added, rows } = await addLine(tx, cartId, input, {
      stock: product.totalStock,
      limit,
    })
    if (!added) {
      if (current + input.quantity > product.totalStock) {
        throw badRequest(`Only ${product.totalStock} in stock. You already added ${current}.`)
      }
      if (current + input.quantity > limit) {
        throw badRequest(`${overOrderLimitMessage(limit)} You already added ${current}.`)
      }
      if (current === 0 && lines >= CART_MAX_LINES) throw tooManyLines()
      throw new Error('cart line not written')
    }
    return cartOfRows(rows, maxPerProduct)
  })
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows

/**
 * lockCartOf and the product's stock, limit and listing, in one statement. The product is read
 * as of the statement's start, as a read before the lock would be: the stock a cart checks is
 * advisory (placement takes it for real).
 */
async function lockCartWithProduct(tx: Tx, userId: string, productId: string) {
  const [row] = rowsOf<{
    cartId: string
    found: boolean
    totalStock: number
    maxPerOrder: number | null
    listed: boolean
  }>(
    await tx.execute(sql`WITH cart AS (
        INSERT INTO carts (user_id) VALUES (${userId})
        ON CONFLICT (user_id) DO UPDATE SET updated_at = now() RETURNING id
      )
      SELECT cart.id AS "cartId", p.id IS NOT NULL AS found, p.total_stock AS "totalStock",
        p.max_per_order AS "maxPerOrder", p.listed
      FROM cart LEFT JOIN products p ON p.id = ${productId}`),
  )
  if (!row) throw new Error('cart not created')
  const { cartId, found, ...product } = row
  return { cartId, product: found ? product : null }
}

/**
 * The line's add, under the cart lock and so in a snapshot that sees every committed change of
 * this cart: the quantity the line holds and the cart's line count, the line written only when
 * it stays within `stock`, `limit` and CART_MAX_LINES, and the whole cart as it is then (the
 * written line as written: the statement's own reads do not see its write).
 */
async function addLine(
  tx: Tx,
  cartId: string,
  input: AddToCartInput,
  caps: { stock: number; limit: number },
) {
  const rows = rowsOf<
    LineRow & { current: number; lines: number; added: number; addedAt: Date | null }
  >(
    await tx.execute(sql`WITH cur AS (
        SELECT coalesce(max(quantity) FILTER (WHERE product_id = ${input.productId}), 0)::int
            AS current, count(*)::int AS lines
        FROM cart_lines WHERE cart_id = ${cartId}
      ), ins AS (
        INSERT INTO cart_lines (cart_id, product_id, quantity)
        SELECT ${cartId}, ${input.productId}, ${input.quantity}::int FROM cur
        WHERE cur.current + ${input.quantity}::int <= ${caps.stock}::int
          AND cur.current + ${input.quantity}::int <= ${caps.limit}::int
          AND (cur.current > 0 OR cur.lines < ${CART_MAX_LINES}::int)
        ON CONFLICT (cart_id, product_id)
          DO UPDATE SET quantity = cart_lines.quantity + excluded.quantity
        RETURNING product_id, quantity, added_at
      ), after AS (
        SELECT product_id, quantity, added_at FROM cart_lines
        WHERE cart_id = ${cartId} AND product_id NOT IN (SELECT product_id FROM ins)
        UNION ALL
        SELECT product_id, quantity, added_at FROM ins
      )
      SELECT cur.current, cur.lines, (SELECT count(*) FROM ins)::int AS added,
        a.product_id AS "productId", a.added_at AS "addedAt", p.short_id AS "shortId",
        a.quantity, p.title, p.image, p.price_paise AS "pricePaise",
        p.sale_price_paise AS "salePricePaise", p.effective_price_paise AS "effectivePricePaise",
        p.total_stock AS "totalStock", p.max_per_order AS "maxPerOrder", p.listed
      FROM cur
      LEFT JOIN (after a JOIN products p ON p.id = a.product_id) ON true
      ORDER BY a.added_at, a.product_id`),
  )
  const first = rows[0]
  return {
    current: first?.current ?? 0,
    lines: first?.lines ?? 0,
    added: (first?.added ?? 0) > 0,
    rows: rows.filter((row) => row.productId !== null),
  }
}
