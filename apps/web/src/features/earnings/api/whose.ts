/**
 * Whose settlements a query reads: the signed-in seller's own (the server takes the seller from
 * the session, never a parameter) or, for the marketplace's admins, one seller's.
 */
export type Whose = 'own' | { sellerId: string }

/** The part of a query key that says whose: `['own']` or `['seller', id]`. */
export function whoseKey(whose: Whose) {
  return whose === 'own' ? (['own'] as const) : (['seller', whose.sellerId] as const)
}

/**
 * The API path of one of a seller's settlement resources (earnings, payout-details, payouts,
 * statements/2026-11 …).
 */
export function whosePath(whose: Whose, resource: string): string {
  return whose === 'own'
    ? `/admin/settlements/${resource}`
    : `/admin/settlements/sellers/${whose.sellerId}/${resource}`
}
