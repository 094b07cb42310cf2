/**
 * The vendors module's public surface: what other modules, the app and the jobs may use of it.
 * Everything else in the folder is its own (lint: import-x/no-restricted-paths, issue 27.2).
 */
export { vendorsRoutes } from './vendors.routes'
export { relistProducts, sellerIsListable, sellerMaySell } from './vendors.service'
export { assertCompositionIntraState, verifyBuyerGstin } from './gstin-check'
