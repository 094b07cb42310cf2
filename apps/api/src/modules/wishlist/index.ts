/**
 * The wishlist module's public surface (decision 088): its routes and the alerts job.
 */
export { wishlistRoutes } from './wishlist.routes'
export { sendWishlistAlerts } from './wishlist-alerts'
