import { HydrateLater } from '@/components/hydrate-later'
import { LIMITS } from '@techbazaar/shared'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { optionLabel } from '@/lib/catalog/option-label'
import { useInfiniteProducts } from '../api/get-products'
import { ActiveFilterChips } from '../components/active-filter-chips'
import { FilterDrawer } from '../components/filter-drawer'
import { FilterPanel } from '../components/filter-panel'
import { LazyProductDetailDialog } from '../components/lazy-product-detail-dialog'
import { ListingResults } from '../components/listing-results'
import { SortSelect } from '../components/sort-select'
import { useListingParams } from '../hooks/use-listing-params'
import { countFilters } from '../lib/filters'
import { LandingHead } from '../components/landing-head'
import { formatCount, productCount } from '../lib/listing-total'

/**
 * /shop/listing: the filtered, sorted catalog (filters in a sidebar on large screens, a drawer
 * below), loaded a page at a time, with a product's details opened over it from the URL. Also a
 * category's or a brand's landing page (`/c/{category}`, `/b/{brand}`, issue 29), the same
 * listing with that filter fixed by the path, which search engines index.
 */
export default function ListingPage() {
  const params = useListingParams()
  const { filters, sortBy, productId, updateFilters, clearFilters } = params

  const query = useInfiniteProducts({ ...filters, sortBy, limit: LIMITS.listingPageSize })
  // The total is the server's count for the whole filtered catalog.
  const pages = query.data?.pages ?? []
  const products = pages.flatMap((page) => page.data)
  // At least this many when the server counted only up to its cap ("10,000+", decision 099).
  const total = pages[0]?.total
  const approximate = pages[0]?.totalIsApproximate ?? false
  const shownTotal = total == null ? undefined : formatCount(total, approximate)

  const activeCount = countFilters(filters)
  const { landing } = params
  const heading = landing
    ? optionLabel(landing.value)
    : filters.category?.length === 1
      ? optionLabel(filters.category[0]!)
      : 'All Products'
  const placeholder = params.openedProduct ?? products.find((product) => product._id === productId)

  const panel = (idPrefix: string) => (
    <FilterPanel filters={filters} onChange={updateFilters} idPrefix={idPrefix} />
  )

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
      {landing && <LandingHead landing={landing} total={total ? shownTotal : undefined} />}
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
            <div className="flex h-5 items-center justify-between gap-4 text-sm text-muted-foreground">
              <div className="tabular" aria-live="polite">
                {total == null ? (
                  <Skeleton className="h-4 w-24" />
                ) : (
                  productCount(total, approximate)
                )}
              </div>
              {/* Above the sort it explains; -my-3 py-3 makes a 44 px target in a 20 px line. */}
              <Link
                to="/ranking-parameters"
                className="-my-3 py-3 underline-offset-4 hover:text-foreground hover:underline"
              >
                How products are ranked
              </Link>
            </div>
          </div>

          <div className="flex flex-wrap items-center justify-between gap-3 border-y py-3">
            <FilterDrawer activeCount={activeCount} total={shownTotal} onClear={clearFilters}>
              {panel('drawer')}
            </FilterDrawer>
            <div className="ml-auto">
              <SortSelect value={sortBy} onChange={params.setSort} />
            </div>
          </div>

          <ActiveFilterChips filters={filters} onChange={updateFilters} />

          <ListingResults
            query={query}
            products={products}
            total={shownTotal}
            filtered={activeCount > 0}
            onClearFilters={clearFilters}
            onOpen={params.openProduct}
          />
        </div>
      </div>

      <LazyProductDetailDialog
        productId={productId}
        onClose={params.closeProduct}
        onSwitch={params.switchProduct}
        placeholder={placeholder}
      />
    </div>
  )
}
