import type { ListingFilters, Product, SortOption } from '@techbazaar/shared'
import { useEffect, useSyncExternalStore } from 'react'
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router'
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

/** A landing page's group: `/c/{category}` fixes the category, `/b/{brand}` the brand. */
const LANDING_GROUPS = { c: 'category', b: 'brand' } as const
export type Landing = { group: 'category' | 'brand'; value: string; prefix: 'c' | 'b' }

/** The landing page the listing is drawn as, from its path; null on /shop/listing. */
export function landingOf(pathname: string, segment: string | undefined): Landing | null {
  const prefix = pathname.split('/')[1]
  if (!segment || (prefix !== 'c' && prefix !== 'b')) return null
  return { group: LANDING_GROUPS[prefix], value: segment, prefix }
}

/**
 * Where a filter change leads from a landing page: the same page while its own group still holds
 * just its value, another landing page when the group holds one other value, else the listing.
 */
function landingTarget(landing: Landing, next: ListingFilters): string {
  const values = next[landing.group]
  if (values?.length === 1) return `/${landing.prefix}/${values[0]}`
  return '/shop/listing'
}

/**
 * What the listing shows, kept in its URL (filters, sort, the open product) and, for the filters,
 * in sessionStorage too: the state and the moves that change it, so the page only lays them out.
 */
export function useListingParams() {
  const [searchParams, setSearchParams] = useSearchParams()
  const location = useLocation()
  const navigate = useNavigate()
  const state = location.state as ListingLocationState
  const landing = landingOf(location.pathname, useParams().segment)
  const isLanding = landing !== null

  const urlFilters = filtersFromSearchParams(searchParams)
  // A bare /shop/listing picks up the filters saved this session (brand tiles, earlier visits),
  // from the first render, so the unfiltered list is never fetched just to be replaced. The
  // server has no sessionStorage: a page it rendered starts unfiltered and switches after.
  // A landing page's path says what it shows: nothing saved applies there.
  const storedFiltersRaw = useSyncExternalStore(noSubscription, readStoredFiltersRaw, () => null)
  const filters = landing
    ? normalizeFilters({ ...urlFilters, [landing.group]: [landing.value] })
    : hasFilters(urlFilters)
      ? urlFilters
      : readStoredFilters(storedFiltersRaw)

  // Keep the URL and sessionStorage telling the same story.
  useEffect(() => {
    if (isLanding) return
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
  }, [searchParams, setSearchParams, location.state, isLanding])

  const updateFilters = (update: FiltersUpdate) => {
    if (landing) {
      const next = normalizeFilters(update(filters))
      const target = landingTarget(landing, next)
      const params = applyFiltersToSearchParams(searchParams, next)
      params.delete('product')
      if (target !== '/shop/listing') params.delete(landing.group)
      const search = params.toString()
      if (target === location.pathname) {
        setSearchParams(params, { replace: true, preventScrollReset: true })
      } else {
        if (target === '/shop/listing') writeStoredFilters(next)
        void navigate(`${target}${search ? `?${search}` : ''}`)
      }
      return
    }
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
  }

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

  /** The dialog's variant picker: another variant in place of the open one (Back still closes). */
  const switchProduct = (productId: string) =>
    setSearchParams(
      (prev) => {
        const params = new URLSearchParams(prev)
        params.set('product', productId)
        return params
      },
      { preventScrollReset: true, replace: true, state: location.state },
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
    landing,
    filters,
    sortBy: sortFromSearchParams(searchParams),
    productId: searchParams.get('product'),
    /** The product the listing opened, passed along so its dialog shows it at once. */
    openedProduct: state?.product,
    updateFilters,
    clearFilters: () => updateFilters(() => ({})),
    setSort,
    openProduct,
    switchProduct,
    closeProduct,
  }
}
