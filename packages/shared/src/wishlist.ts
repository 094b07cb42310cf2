import { z } from 'zod'
import { idParam } from './api'

/** Most products one shopper's wishlist holds (decision 088); the guest list keeps as many. */
export const WISHLIST_MAX_ITEMS = 100

export const wishlistProductParams = z.object({ productId: idParam })
export type WishlistProductParams = z.infer<typeof wishlistProductParams>

export const addToWishlistBody = z.object({ productId: idParam })
export type AddToWishlistInput = z.infer<typeof addToWishlistBody>

/** A guest's saved product ids, sent once at sign-in (oldest first). */
export const mergeWishlistBody = z.object({
  productIds: z
    .array(idParam)
    .max(WISHLIST_MAX_ITEMS, `At most ${WISHLIST_MAX_ITEMS} items can be merged`),
})
export type MergeWishlistInput = z.infer<typeof mergeWishlistBody>

export const wishlistPreferencesBody = z.object({
  notify: z.boolean({ error: 'notify must be true or false' }),
})
export type WishlistPreferencesInput = z.infer<typeof wishlistPreferencesBody>

/** One saved product as the catalog has it now (rupees). */
export const wishlistItem = z.object({
  productId: z.uuid(),
  /** The product page's id (`productPath({ title, shortId })`). */
  shortId: z.string(),
  title: z.string(),
  image: z.string(),
  price: z.number(),
  /** 0 when the product is not on sale. */
  salePrice: z.number(),
  /** What it cost when saved (rupees): the page shows a drop since. */
  savedPrice: z.number(),
  totalStock: z.number().int(),
  /** False when the product is no longer listed: shown so it can be removed, never bought. */
  available: z.boolean(),
  addedAt: z.string(),
})
export type WishlistItem = z.infer<typeof wishlistItem>

export const wishlist = z.object({
  items: z.array(wishlistItem),
  /** Mail on a price drop or restock of a saved product (opt-in). */
  notify: z.boolean(),
})
export type Wishlist = z.infer<typeof wishlist>

export const wishlistResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: wishlist,
})
export type WishlistResponse = z.infer<typeof wishlistResponse>
