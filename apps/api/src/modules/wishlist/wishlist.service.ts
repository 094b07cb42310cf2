import {
  paiseToRupees,
  WISHLIST_MAX_ITEMS,
  type Wishlist,
  type WishlistItem,
} from '@techbazaar/shared'
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { cartLines, products, wishlistItems, wishlistPreferences } from '../../db/schema'
import { badRequest, notFound } from '../../lib/errors'
import { lockCartOf, mergeIntoCart } from '../cart'

type Conn = Db | Tx

const fullMessage = () =>
  badRequest(`Your wishlist can hold at most ${WISHLIST_MAX_ITEMS} products`)

/**
 * The user's preferences row, created when missing. The upsert locks it until the transaction
 * ends, so one user's wishlist changes run one after another (the cap's count cannot race).
 */
async function lockWishlistOf(tx: Tx, userId: string): Promise<void> {
  await tx
    .insert(wishlistPreferences)
    .values({ userId })
    .onConflictDoUpdate({ target: wishlistPreferences.userId, set: { updatedAt: sql`now()` } })
}

/** The whole wishlist (at most WISHLIST_MAX_ITEMS), newest first, with the notify setting. */
export async function getWishlist(conn: Conn, userId: string): Promise<Wishlist> {
  const [rows, prefs] = await Promise.all([
    conn
      .select({
        productId: wishlistItems.productId,
        shortId: products.shortId,
        title: products.title,
        image: products.image,
        pricePaise: products.pricePaise,
        salePricePaise: products.salePricePaise,
        savedPricePaise: wishlistItems.savedPricePaise,
        totalStock: products.totalStock,
        listed: products.listed,
        deletedAt: products.deletedAt,
        addedAt: wishlistItems.addedAt,
      })
      .from(wishlistItems)
      .innerJoin(products, eq(products.id, wishlistItems.productId))
      .where(eq(wishlistItems.userId, userId))
      .orderBy(desc(wishlistItems.addedAt), desc(wishlistItems.productId)),
    conn
      .select({ notify: wishlistPreferences.notify })
      .from(wishlistPreferences)
      .where(eq(wishlistPreferences.userId, userId)),
  ])
  const items: WishlistItem[] = rows.map((row) => ({
    productId: row.productId,
    shortId: row.shortId,
    title: row.title,
    image: row.image,
    price: paiseToRupees(row.pricePaise),
    salePrice: paiseToRupees(row.salePricePaise),
    savedPrice: paiseToRupees(row.savedPricePaise),
    totalStock: row.totalStock,
    available: row.listed && row.deletedAt === null,
    addedAt: row.addedAt.toISOString(),
  }))
  return { items, notify: prefs[0]?.notify ?? false }
}

async function itemCount(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId))
  return Number(row?.n ?? 0)
}

/**
 * Saves products not yet on the list (listed ones only; ids already there are kept as they
 * were), as far as the cap allows. Answers the ids that were left out. Caller holds the lock.
 */
async function insertItems(
  tx: Tx,
  userId: string,
  productIds: readonly string[],
): Promise<{ added: string[]; leftOut: string[] }> {
  const ids = [...new Set(productIds)]
  if (ids.length === 0) return { added: [], leftOut: [] }
  const [found, existing] = await Promise.all([
    tx
      .select({
        id: products.id,
        effectivePricePaise: products.effectivePricePaise,
        totalStock: products.totalStock,
      })
      .from(products)
      .where(and(inArray(products.id, ids), eq(products.listed, true))),
    tx
      .select({ productId: wishlistItems.productId })
      .from(wishlistItems)
      .where(and(eq(wishlistItems.userId, userId), inArray(wishlistItems.productId, ids))),
  ])
  const held = new Set(existing.map((row) => row.productId))
  const byId = new Map(found.map((p) => [p.id, p]))
  let room = WISHLIST_MAX_ITEMS - (await itemCount(tx, userId))
  const added: string[] = []
  const leftOut: string[] = []
  for (const id of ids) {
    if (held.has(id)) continue
    const product = byId.get(id)
    if (!product || room <= 0) {
      leftOut.push(id)
      continue
    }
    room -= 1
    added.push(id)
    await tx.insert(wishlistItems).values({
      userId,
      productId: id,
      savedPricePaise: product.effectivePricePaise,
      awaitingStock: product.totalStock <= 0,
    })
  }
  return { added, leftOut }
}

/** Saves one listed product (400 unlisted or list full, 404 unknown); saving twice is a no-op. */
export async function addItem(db: Db, userId: string, productId: string): Promise<Wishlist> {
  return db.transaction(async (tx) => {
    await lockWishlistOf(tx, userId)
    const [product] = await tx
      .select({ listed: products.listed })
      .from(products)
      .where(eq(products.id, productId))
    if (!product) throw notFound('Product not found')
    const { leftOut } = await insertItems(tx, userId, [productId])
    if (leftOut.length > 0) {
      throw product.listed ? fullMessage() : badRequest('This product is no longer available')
    }
    return getWishlist(tx, userId)
  })
}

export async function removeItem(db: Db, userId: string, productId: string): Promise<Wishlist> {
  return db.transaction(async (tx) => {
    await lockWishlistOf(tx, userId)
    const deleted = await tx
      .delete(wishlistItems)
      .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
      .returning({ productId: wishlistItems.productId })
    if (deleted.length === 0) throw notFound('Wishlist item not found')
    return getWishlist(tx, userId)
  })
}

/**
 * A guest's saved products at sign-in: unknown and unlisted ones are skipped (the guest list can
 * be days old), as are those beyond the cap; answers how many were left out.
 */
export async function mergeItems(
  db: Db,
  userId: string,
  productIds: readonly string[],
): Promise<{ wishlist: Wishlist; leftOut: number }> {
  return db.transaction(async (tx) => {
    await lockWishlistOf(tx, userId)
    const { leftOut } = await insertItems(tx, userId, productIds)
    return { wishlist: await getWishlist(tx, userId), leftOut: leftOut.length }
  })
}

/**
 * Turns the mails on or off. Turning them on starts from now: a product sold out now is awaited,
 * and a drop that already happened is taken as told, so the first mail is about a new change.
 */
export async function setNotify(db: Db, userId: string, notify: boolean): Promise<Wishlist> {
  return db.transaction(async (tx) => {
    await lockWishlistOf(tx, userId)
    const [before] = await tx
      .select({ notify: wishlistPreferences.notify })
      .from(wishlistPreferences)
      .where(eq(wishlistPreferences.userId, userId))
    if (notify && !before?.notify) {
      await tx
        .update(wishlistItems)
        .set({
          awaitingStock: sql`${products.totalStock} <= 0`,
          alertedPricePaise: sql`CASE WHEN ${products.effectivePricePaise} < ${wishlistItems.savedPricePaise} THEN ${products.effectivePricePaise} END`,
        })
        .from(products)
        .where(and(eq(products.id, wishlistItems.productId), eq(wishlistItems.userId, userId)))
    }
    await tx
      .update(wishlistPreferences)
      .set({ notify })
      .where(eq(wishlistPreferences.userId, userId))
    return getWishlist(tx, userId)
  })
}

/** "Save for later": the cart line leaves the cart and the product joins the wishlist. */
export async function saveForLater(db: Db, userId: string, productId: string): Promise<Wishlist> {
  return db.transaction(async (tx) => {
    const cartId = await lockCartOf(tx, userId)
    await lockWishlistOf(tx, userId)
    const [line] = await tx
      .select({ productId: cartLines.productId, listed: products.listed })
      .from(cartLines)
      .innerJoin(products, eq(products.id, cartLines.productId))
      .where(and(eq(cartLines.cartId, cartId), eq(cartLines.productId, productId)))
    if (!line) throw notFound('Cart item not found')
    const { leftOut } = await insertItems(tx, userId, [productId])
    if (leftOut.length > 0) {
      throw line.listed ? fullMessage() : badRequest('This product is no longer available')
    }
    await tx
      .delete(cartLines)
      .where(and(eq(cartLines.cartId, cartId), eq(cartLines.productId, productId)))
    return getWishlist(tx, userId)
  })
}

const MOVE_REFUSALS = {
  unavailable: 'This product is out of stock or no longer available',
  cartFull: 'Your cart is full',
} as const

/**
 * "Move to cart": one unit goes into the cart (by the cart's own rules) and the product leaves
 * the wishlist. A cart that already holds the most it may of it still counts as moved.
 */
export async function moveToCart(
  db: Db,
  userId: string,
  productId: string,
  maxPerProduct: number,
): Promise<Wishlist> {
  return db.transaction(async (tx) => {
    await lockWishlistOf(tx, userId)
    const [item] = await tx
      .select({ productId: wishlistItems.productId })
      .from(wishlistItems)
      .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
    if (!item) throw notFound('Wishlist item not found')
    const { leftOut } = await mergeIntoCart(tx, userId, [{ productId, quantity: 1 }], maxPerProduct)
    const refused = leftOut.find((line) => line.reason !== 'limited')
    if (refused && refused.reason !== 'limited') throw badRequest(MOVE_REFUSALS[refused.reason])
    await tx
      .delete(wishlistItems)
      .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
    return getWishlist(tx, userId)
  })
}
