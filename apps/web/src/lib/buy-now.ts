/**
 * Buy Now (issue 32.5, decision 089): checkout of one product, the cart left as it is. The line
 * travels in checkout's address, so it survives sign-in (the guard brings a guest back to it)
 * and a reload. Kept free of zod: product pages import it; checkout validates the line.
 */
export const BUY_NOW_PARAMS = { product: 'buy', quantity: 'qty' } as const

/** Checkout's address for buying `quantity` of one product now. */
export function buyNowPath(productId: string, quantity = 1): string {
  return `/shop/checkout?${new URLSearchParams({
    [BUY_NOW_PARAMS.product]: productId,
    [BUY_NOW_PARAMS.quantity]: String(quantity),
  })}`
}
