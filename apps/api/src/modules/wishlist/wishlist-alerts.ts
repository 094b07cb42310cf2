import { formatPaise, productPath } from '@techbazaar/shared'
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm'
import { createHash } from 'node:crypto'
import type { Db } from '../../db/client'
import { products, users, wishlistItems, wishlistPreferences } from '../../db/schema'
import { enqueue } from '../../jobs/outbox'

/**
 * The wishlist's mails (decision 088), by a periodic comparison rather than hooks in every place
 * a price or stock changes (the seller's edit, orders, returns, cancellations): a saved product
 * whose effective price fell below both the price seen when saved and the last price already
 * mailed, or that is in stock again after it was seen sold out. One mail per shopper per run
 * lists every such product; shoppers who did not turn the mails on are never written to.
 */

export interface WishlistAlertDeps {
  db: Db
  config: { appUrl: string; shopName: string }
}

/** What one run found for one saved product. */
interface Change {
  productId: string
  title: string
  shortId: string
  pricePaise: number
  savedPricePaise: number
  dropped: boolean
  restocked: boolean
}

const inStock = and(
  eq(products.listed, true),
  isNull(products.deletedAt),
  gt(products.totalStock, 0),
)
/** A new low: below the price seen when saved and below the last price a mail told of. */
const newLow = lt(
  products.effectivePricePaise,
  sql`coalesce(${wishlistItems.alertedPricePaise}, ${wishlistItems.savedPricePaise})`,
)

function mailText(deps: WishlistAlertDeps, name: string, changes: readonly Change[]): string {
  const link = (path: string) => new URL(path, deps.config.appUrl).toString()
  const lines = changes.map((c) => {
    const drop = `now ${formatPaise(c.pricePaise)} (was ${formatPaise(c.savedPricePaise)} when you saved it)`
    const what = c.dropped
      ? `${c.restocked ? 'back in stock, ' : ''}${drop}`
      : `back in stock at ${formatPaise(c.pricePaise)}`
    return `- ${c.title}: ${what}\n  ${link(productPath(c))}`
  })
  return [
    `Hi ${name},`,
    '',
    'Good news about products on your wishlist:',
    '',
    ...lines,
    '',
    `See your wishlist: ${link('/wishlist')}`,
    'You get these mails because you turned them on; turn them off on your wishlist page.',
    '',
    `— ${deps.config.shopName}`,
  ].join('\n')
}

/** Runs the comparison once; answers how many mails were queued. */
export async function sendWishlistAlerts(deps: WishlistAlertDeps): Promise<number> {
  const { db } = deps
  // Remember what is sold out now, so its return is noticed by a later run.
  await db
    .update(wishlistItems)
    .set({ awaitingStock: true })
    .from(products)
    .where(
      and(
        eq(products.id, wishlistItems.productId),
        eq(products.totalStock, 0),
        eq(wishlistItems.awaitingStock, false),
      ),
    )
  const due = await db
    .selectDistinct({ userId: wishlistItems.userId })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .innerJoin(wishlistPreferences, eq(wishlistPreferences.userId, wishlistItems.userId))
    .where(
      and(
        eq(wishlistPreferences.notify, true),
        inStock,
        or(eq(wishlistItems.awaitingStock, true), newLow),
      ),
    )
  let queued = 0
  for (const { userId } of due) {
    if (await alertOne(deps, userId)) queued += 1
  }
  return queued
}

/**
 * One shopper's mail, in one transaction under the lock of the shopper's preferences row: a
 * second process running the job at once waits, then finds nothing left to tell.
 */
async function alertOne(deps: WishlistAlertDeps, userId: string): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ email: users.email, name: users.userName, notify: wishlistPreferences.notify })
      .from(users)
      .innerJoin(wishlistPreferences, eq(wishlistPreferences.userId, users.id))
      // An erased account has no wishlist left; the check keeps a tombstone from ever being mailed.
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .for('update', { of: wishlistPreferences })
    if (!user?.notify) return false
    const changes: Change[] = await tx
      .select({
        productId: wishlistItems.productId,
        title: products.title,
        shortId: products.shortId,
        pricePaise: products.effectivePricePaise,
        savedPricePaise: wishlistItems.savedPricePaise,
        dropped: sql<boolean>`${newLow}`,
        restocked: wishlistItems.awaitingStock,
      })
      .from(wishlistItems)
      .innerJoin(products, eq(products.id, wishlistItems.productId))
      .where(
        and(
          eq(wishlistItems.userId, userId),
          inStock,
          or(eq(wishlistItems.awaitingStock, true), newLow),
        ),
      )
      .orderBy(products.title)
    for (const c of changes) {
      await tx
        .update(wishlistItems)
        .set({
          awaitingStock: false,
          ...(c.dropped ? { alertedPricePaise: c.pricePaise } : {}),
        })
        .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, c.productId)))
    }
    if (changes.length === 0) return false
    const event = changes.map((c) => `${c.productId}:${c.dropped ? c.pricePaise : 'stock'}`)
    const digest = createHash('sha256').update(event.join(',')).digest('hex').slice(0, 32)
    const subject =
      changes.length === 1
        ? `${changes[0]!.dropped ? 'Price drop' : 'Back in stock'}: ${changes[0]!.title}`
        : `${changes.length} products on your wishlist have news`
    await enqueue(
      tx,
      'mail',
      { mail: { to: user.email, subject, text: mailText(deps, user.name, changes) } },
      { dedupeKey: `wishlist-alert:${userId}:${digest}` },
    )
    return true
  })
}
