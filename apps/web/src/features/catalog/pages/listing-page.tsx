import { HydrateLater } from '@/components/hydrate-later'
import {
  formatRupees,
  LIMITS,
  type ListingFilters,
  type Product,
  type SortOption,
} from '@techbazaar/shared'
import { SlidersHorizontal, X } from 'lucide-react'
import { useEffect, useState, useSyncExternalStore } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/utils'
import { useInfiniteProducts } from '../api/get-products'
import { FilterPanel } from '../components/filter-panel'
import { LazyProductDetailDialog } from '../components/lazy-product-detail-dialog'
import { ProductGrid, ProductGridSkeleton } from '../components/product-grid'
import { SortSelect } from '../components/sort-select'
import { EmptyState, ErrorState } from '@/components/state-views'
import {
  applyFiltersToSearchParams,
  countFilters,
  filtersFromSearchParams,
  hasFilters,
  LIST_FILTER_GROUPS,
  normalizeFilters,
  readStoredFilters,
  readStoredFiltersRaw,
  sortFromSearchParams,
  writeStoredFilters,
  type FiltersUpdate,
} from '../lib/filters'
import { optionLabel } from '@/lib/catalog/option-label'

/** The stored filters change only through this page's own writes, which re-render it anyway. */
const noSubscription = () => () => {}

type ListingLocationState = { product?: Product; openedFromListing?: boolean } | null

export default function ListingPage() {
  const [searchParams, setSearchParams] = useSearchParams()
  const location = useLocation()
  const navigate = useNavigate()
  const [drawerOpen, setDrawerOpen] = useState(false)

  const urlFilters = filtersFromSearchParams(searchParams)
  // A bare /shop/listing picks up the filters saved this session (brand tiles, earlier visits),
  // from the first render, so the unfiltered list is never fetched just to be replaced. The
  // server has no sessionStorage: a page it rendered starts unfiltered and switches after.
  const storedFiltersRaw = useSyncExternalStore(noSubscription, readStoredFiltersRaw, () => null)
  const filters = hasFilters(urlFilters) ? urlFilters : readStoredFilters(storedFiltersRaw)
  const sortBy = sortFromSearchParams(searchParams)
  const productId = searchParams.get('product')

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
  const clearFilters = () => updateFilters(() => ({}))

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
    if ((location.state as ListingLocationState)?.openedFromListing) {
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

  const query = useInfiniteProducts({ ...filters, sortBy, limit: LIMITS.listingPageSize })
  const listing = useInfiniteProductsView(query)

  const activeCount = countFilters(filters)
  const heading =
    filters.category?.length === 1 ? optionLabel(filters.category[0]!) : 'All Products'
  const placeholder =
    (location.state as ListingLocationState)?.product ??
    listing.products.find((product) => product._id === productId)

  const panel = (idPrefix: string) => (
    <FilterPanel filters={filters} onChange={updateFilters} idPrefix={idPrefix} />
  )

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
      <div className="flex gap-8">
        <HydrateLater slot="listing-filters">
          <aside aria-label="Filters" className="hidden w-60 shrink-0 lg:block">
            <div className="sticky top-24 flex max-h-[calc(100dvh-7rem)] flex-col gap-4 overflow-y-auto pr-2 pb-4">
              <div className="flex items-center justify-between">
                <h2 className="text-lg font-bold">Filters</h2>
                {activeCount > 0 && (
                  <Button variant="link" size="sm" className="h-auto px-0" onClick={clearFilters}>
                    Clear all
                  </Button>
                )}
              </div>
              {panel('sidebar')}
            </div>
          </aside>
        </HydrateLater>

        <div className="flex min-w-0 flex-1 flex-col gap-4">
          <div className="flex flex-col gap-1">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{heading}</h1>
            <div className="tabular h-5 text-sm text-muted-foreground" aria-live="polite">
              {listing.total == null ? (
                <Skeleton className="h-4 w-24" />
              ) : (
                `${listing.total} ${listing.total === 1 ? 'product' : 'products'}`
              )}
            </div>
          </div>

          <div className="flex flex-wrap items-center justify-between gap-3 border-y py-3">
            <Dialog open={drawerOpen} onOpenChange={setDrawerOpen}>
              <DialogTrigger asChild>
                <Button variant="outline" className="h-11 lg:hidden">
                  <SlidersHorizontal aria-hidden="true" />
                  Filters
                  {activeCount > 0 && (
                    <span className="ml-1 inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs text-primary-foreground">
                      {activeCount}
                      <span className="sr-only"> active</span>
                    </span>
                  )}
                </Button>
              </DialogTrigger>
              <DialogContent side="left" className="gap-0">
                <div className="border-b px-4 py-4 pr-14">
                  <DialogTitle>Filters</DialogTitle>
                  <DialogDescription className="sr-only">
                    Changes apply to the list straight away.
                  </DialogDescription>
                </div>
                <div className="flex-1 overflow-y-auto p-4">{panel('drawer')}</div>
                <div className="flex gap-2 border-t p-4">
                  <Button
                    variant="outline"
                    className="h-11 flex-1"
                    onClick={clearFilters}
                    disabled={activeCount === 0}
                  >
                    Clear all
                  </Button>
                  <Button className="h-11 flex-1" onClick={() => setDrawerOpen(false)}>
                    {listing.total == null ? 'Show products' : `Show ${listing.total} products`}
                  </Button>
                </div>
              </DialogContent>
            </Dialog>
            <div className="ml-auto">
              <SortSelect value={sortBy} onChange={setSort} />
            </div>
          </div>

          <ActiveFilterChips filters={filters} onChange={updateFilters} />

          {query.isPending ? (
            <ProductGridSkeleton count={12} className="xl:grid-cols-4" />
          ) : query.isError && listing.products.length === 0 ? (
            <ErrorState
              message={`Products could not be loaded. ${query.error.message}`}
              onRetry={() => query.refetch()}
            />
          ) : listing.products.length === 0 ? (
            <EmptyState
              title="No products found."
              action={
                activeCount > 0 ? (
                  <Button variant="outline" onClick={clearFilters}>
                    Clear filters
                  </Button>
                ) : undefined
              }
            >
              {activeCount > 0 && (
                <p className="text-sm text-muted-foreground">
                  Try fewer filters or a wider price range.
                </p>
              )}
            </EmptyState>
          ) : (
            <div
              className={cn(
                'flex flex-col items-center gap-6 transition-opacity',
                query.isPlaceholderData && 'opacity-60',
              )}
              aria-busy={query.isFetching && !query.isFetchingNextPage}
            >
              {/* The cards' titles are h3s, as in the home page's sections. */}
              <h2 className="sr-only">Products</h2>
              <ProductGrid
                products={listing.products}
                onOpen={openProduct}
                eagerCount={4}
                className="w-full xl:grid-cols-4"
              />
              {query.isFetchNextPageError && (
                <p role="alert" className="text-sm text-destructive">
                  More products could not be loaded. {query.error?.message}
                </p>
              )}
              {query.hasNextPage ? (
                <div className="flex flex-col items-center gap-2">
                  <p className="tabular text-sm text-muted-foreground">
                    Showing {listing.products.length} of {listing.total}
                  </p>
                  <Button
                    variant="outline"
                    size="lg"
                    className="min-w-48"
                    onClick={() => query.fetchNextPage()}
                    disabled={query.isFetchingNextPage}
                  >
                    {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
                  </Button>
                </div>
              ) : null}
            </div>
          )}
        </div>
      </div>

      <LazyProductDetailDialog
        productId={productId}
        onClose={closeProduct}
        placeholder={placeholder}
      />
    </div>
  )
}

/** Flattens the loaded pages; the total is the server's count for the whole filtered catalog. */
function useInfiniteProductsView(query: ReturnType<typeof useInfiniteProducts>) {
  const pages = query.data?.pages ?? []
  return {
    products: pages.flatMap((page) => page.data),
    total: pages[0]?.total,
  }
}

function ActiveFilterChips({
  filters,
  onChange,
}: {
  filters: ListingFilters
  onChange: (update: FiltersUpdate) => void
}) {
  const chips: { key: string; label: string; remove: () => void }[] = []
  for (const group of LIST_FILTER_GROUPS) {
    for (const value of filters[group] ?? []) {
      chips.push({
        key: `${group}-${value}`,
        label: optionLabel(value),
        remove: () =>
          onChange((current) => ({
            ...current,
            [group]: current[group]?.filter((v) => v !== value),
          })),
      })
    }
  }
  if (filters.minPrice != null) {
    chips.push({
      key: 'min',
      label: `From ${formatRupees(filters.minPrice)}`,
      remove: () => onChange((current) => ({ ...current, minPrice: undefined })),
    })
  }
  if (filters.maxPrice != null) {
    chips.push({
      key: 'max',
      label: `Up to ${formatRupees(filters.maxPrice)}`,
      remove: () => onChange((current) => ({ ...current, maxPrice: undefined })),
    })
  }
  if (chips.length === 0) return null
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Active filters">
      {chips.map((chip) => (
        <li key={chip.key}>
          <button
            type="button"
            onClick={chip.remove}
            aria-label={`Remove filter ${chip.label}`}
            className="inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-full border bg-secondary px-3 text-sm transition-colors outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            {chip.label}
            <X className="size-3.5" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  )
}
