/**
 * The catalog module's public surface: what other modules, the app and the jobs may use of it.
 * Everything else in the folder is its own (lint: import-x/no-restricted-paths, issue 27.2).
 */
export { cachedJson } from './cached-json'
export type { ReplyCache } from './cached-json'
export { catalogRoutes } from './catalog.routes'
export {
  createListingTotals,
  declarationColumns,
  getFilterOptions,
  productColumns,
  productPageLookup,
  toDeclarations,
  toProduct,
} from './catalog.service'
export type { ListingTotals, ProductPageLookup } from './catalog.service'
export { familiesOf, familyCard, refreshFamilies, refreshFamiliesLocked } from './families'
export { foldListingCounts } from './listing-counts'
