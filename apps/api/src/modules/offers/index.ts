/**
 * Offers (decision 092): coupons priced at checkout and taken with the order, and scheduled
 * sale prices.
 */
export { couponRoutes } from './coupons.routes'
export { scheduledSaleRoutes } from './scheduled-sales.routes'
export { priceCoupon, redeemCoupon, releaseCoupon } from './apply-coupon'
export type { CouponDiscount, CouponLine } from './apply-coupon'
export { paidForUnits, spreadPaise } from './spread'
export { runScheduledSales } from './scheduled-sales'
