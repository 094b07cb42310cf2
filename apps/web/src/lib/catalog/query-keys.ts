import type { ListingFilters, ListProductsQuery, ReviewSort } from '@techbazaar/shared'

/**
 * One key factory for the catalog (Medusa style). Keys hold every variable the fetcher uses,
 * so two screens asking for the same thing share one cache entry. Infinite lists get their own
 * branch because their cached data has a different shape from a single page.
 */
export const catalogKeys = {
  all: ['catalog'] as const,
  products: () => [...catalogKeys.all, 'products'] as const,
  lists: () => [...catalogKeys.products(), 'list'] as const,
  list: (query: ProductListQuery) => [...catalogKeys.lists(), query] as const,
  infiniteLists: () => [...catalogKeys.products(), 'infinite'] as const,
  infiniteList: (query: Omit<ProductListQuery, 'page'>) =>
    [...catalogKeys.infiniteLists(), query] as const,
  details: () => [...catalogKeys.products(), 'detail'] as const,
  detail: (id: string) => [...catalogKeys.details(), id] as const,
  /** A product page's product by its address; its own branch, as its data holds the address. */
  byPath: (segment: string) => [...catalogKeys.products(), 'by-path', segment] as const,
  filterOptions: () => [...catalogKeys.all, 'filter-options'] as const,
  facets: (filters: ListingFilters) => [...catalogKeys.all, 'facets', filters] as const,
  featureImages: () => [...catalogKeys.all, 'feature-images'] as const,
  searches: () => [...catalogKeys.all, 'search'] as const,
  search: (keyword: string) => [...catalogKeys.searches(), keyword] as const,
  reviews: (productId: string) => [...catalogKeys.all, 'reviews', productId] as const,
  /** One page of a product's reviews; under `reviews` so a new review refetches every page. */
  reviewPage: (productId: string, query: ReviewPageQuery) =>
    [...catalogKeys.reviews(productId), query] as const,
  /** The signed-in user's own review and helpful marks on a product (per user, never shared). */
  myReviewState: (productId: string, userId: string) =>
    [...catalogKeys.all, 'my-review-state', productId, userId] as const,
  reviewEligibility: (productId: string, userId: string) =>
    [...catalogKeys.all, 'review-eligibility', productId, userId] as const,
}

/** What the listing endpoint accepts (the server's defaults fill the gaps); arrays are sent comma-joined. */
export type ProductListQuery = Partial<ListProductsQuery>

/** A page of reviews: every field set, so equal pages share one key. */
export interface ReviewPageQuery {
  sort: ReviewSort
  page: number
  stars: number | null
}
