import {
  addToWishlistBody,
  mergeWishlistBody,
  wishlistPreferencesBody,
  wishlistProductParams,
  wishlistResponse,
} from '@techbazaar/shared'
import type { App } from '../../app-types'
import { assertSelf } from '../../plugins/auth'
import {
  addItem,
  getWishlist,
  mergeItems,
  moveToCart,
  removeItem,
  saveForLater,
  setNotify,
} from './wishlist.service'

/**
 * The signed-in shopper's own wishlist (decision 088). Every route works on the session's user,
 * so there is no one else's list to name; back-office accounts have none (403).
 */
export async function wishlistRoutes(app: App) {
  const { db } = app.deps
  const { maxQtyPerProduct } = app.deps.config.orderLimits
  const tags = ['wishlist']
  const config = { access: 'shopper' as const }
  const ok = (data: Awaited<ReturnType<typeof getWishlist>>, message?: string) => ({
    success: true as const,
    ...(message ? { message } : {}),
    data,
  })

  app.get(
    '/shop/wishlist',
    {
      schema: {
        tags,
        summary: "The shopper's saved products, newest first, as the catalog has them now",
        response: { 200: wishlistResponse },
      },
      config,
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store')
      return ok(await getWishlist(db, assertSelf(request, undefined).id))
    },
  )

  app.post(
    '/shop/wishlist',
    { schema: { tags, body: addToWishlistBody, response: { 200: wishlistResponse } }, config },
    async (request) =>
      ok(
        await addItem(db, assertSelf(request, undefined).id, request.body.productId),
        'Saved to wishlist',
      ),
  )

  app.delete(
    '/shop/wishlist/:productId',
    {
      schema: { tags, params: wishlistProductParams, response: { 200: wishlistResponse } },
      config,
    },
    async (request) =>
      ok(
        await removeItem(db, assertSelf(request, undefined).id, request.params.productId),
        'Removed from wishlist',
      ),
  )

  app.post(
    '/shop/wishlist/merge',
    {
      schema: {
        tags,
        summary:
          "Saves a guest's products at sign-in; gone ones and those beyond the cap are skipped",
        body: mergeWishlistBody,
        response: { 200: wishlistResponse },
      },
      config,
    },
    async (request) => {
      const { wishlist, leftOut } = await mergeItems(
        db,
        assertSelf(request, undefined).id,
        request.body.productIds,
      )
      const said = leftOut === 0 ? '' : ` (${leftOut} no longer available or beyond the limit)`
      return ok(wishlist, `Wishlist merged${said}`)
    },
  )

  app.put(
    '/shop/wishlist/preferences',
    {
      schema: {
        tags,
        summary: 'Turns the price-drop and back-in-stock mails on or off (off by default)',
        body: wishlistPreferencesBody,
        response: { 200: wishlistResponse },
      },
      config,
    },
    async (request) =>
      ok(
        await setNotify(db, assertSelf(request, undefined).id, request.body.notify),
        'Preferences saved',
      ),
  )

  app.post(
    '/shop/wishlist/from-cart/:productId',
    {
      schema: {
        tags,
        summary: 'Save for later: moves a cart line to the wishlist',
        params: wishlistProductParams,
        response: { 200: wishlistResponse },
      },
      config,
    },
    async (request) =>
      ok(
        await saveForLater(db, assertSelf(request, undefined).id, request.params.productId),
        'Saved for later',
      ),
  )

  app.post(
    '/shop/wishlist/:productId/to-cart',
    {
      schema: {
        tags,
        summary: 'Moves a saved product into the cart (one unit) and off the wishlist',
        params: wishlistProductParams,
        response: { 200: wishlistResponse },
      },
      config,
    },
    async (request) =>
      ok(
        await moveToCart(
          db,
          assertSelf(request, undefined).id,
          request.params.productId,
          maxQtyPerProduct,
        ),
        'Moved to cart',
      ),
  )
}
