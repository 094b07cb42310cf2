import type { Product, SortOption } from '@techbazaar/shared'
import { useEffect, useSyncExternalStore } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import {
  applyFiltersToSearchParams,
  filtersFromSearchParams,
  hasFilters,
  normalizeFilters,
  readStoredFilters,
  readStoredFiltersRaw,
  sortFromSearchParams,
  writeStoredFilters,
  type FiltersUpdate,
} from '../lib/filters'

/** The stored filters change only through this page's own writes, which re-render it anyway. */
const noSubscription = () => () => {}

type ListingLocationState = { product?: Product; openedFromListing?: boolean } | null

/**
 * What the listing shows, kept in its URL (filters, sort, the open product) and, for the filters,
 * in sessionStorage too: the state and the moves that change it, so the page only lays them out.
 */
export function useListingParams() {
  const [searchParams, setSearchParams] = useSearchParams()
  const location = useLocation()
  const navigate = useNavigate()
  const state = location.state as ListingLocationState

  const urlFilters = filtersFromSearchParams(searchParams)
  // A bare /shop/listing picks up the filters saved this session (brand tiles, earlier visits),
  // from the first render, so the unfiltered list is never fetched just to be replaced. The
  // server has no sessionStorage: a page it rendered starts unfiltered and switches after.
  const storedFiltersRaw = useSyncExternalStore(noSubscription, readStoredFiltersRaw, () => null)
  const filters = hasFilters(urlFilters) ? urlFilters : readStoredFilters(storedFiltersRaw)

  // Keep the URL and sessionStorage telling the same story.
  useEffect(() => {
    const fromUrl = filtersFromSearchParams(searchParams)
    if (hasFilters(fromUrl)) {
      writeStoredFilters(fromUrl)
      return
    }
    const stored = readStoredFilters()
    if (hasFilters(stored)) {
      setSearchParams((prev) => applyFiltersToSearchParams(prev, stored), {
        replace: true,
        preventScrollReset: true,
        state: location.state,
      })
    }
  }, [searchParams, setSearchParams, location.state])

  const updateFilters = (update: FiltersUpdate) =>
    setSearchParams(
      (prev) => {
        const fromUrl = filtersFromSearchParams(prev)
        const current = hasFilters(fromUrl) ? fromUrl : readStoredFilters()
        const next = normalizeFilters(update(current))
        writeStoredFilters(next)
        return applyFiltersToSearchParams(prev, next)
      },
      { replace: true, preventScrollReset: true },
    )

  const setSort = (next: SortOption) =>
    setSearchParams(
      (prev) => {
        const params = new URLSearchParams(prev)
        params.set('sortBy', next)
        return params
      },
      { replace: true, preventScrollReset: true },
    )

  const openProduct = (product: Product) =>
    setSearchParams(
      (prev) => {
        const params = new URLSearchParams(prev)
        params.set('product', product._id)
        return params
      },
      {
        preventScrollReset: true,
        state: { product, openedFromListing: true } satisfies ListingLocationState,
      },
    )

  const closeProduct = () => {
    // Opened from this page: going back closes it and keeps Back meaningful. Arrived by link:
    // drop the parameter in place.
    if (state?.openedFromListing) {
      void navigate(-1)
      return
    }
    setSearchParams(
      (prev) => {
        const params = new URLSearchParams(prev)
        params.delete('product')
        return params
      },
      { replace: true, preventScrollReset: true },
    )
  }

  return {
    filters,
    sortBy: sortFromSearchParams(searchParams),
    productId: searchParams.get('product'),
    /** The product the listing opened, passed along so its dialog shows it at once. */
    openedProduct: state?.product,
    updateFilters,
    clearFilters: () => updateFilters(() => ({})),
    setSort,
    openProduct,
    closeProduct,
  }
}
