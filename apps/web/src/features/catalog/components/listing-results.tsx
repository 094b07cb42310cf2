import type { Product } from '@techbazaar/shared'
import { Button } from '@/components/ui/button'
import { EmptyState, ErrorState } from '@/components/state-views'
import { cn } from '@/lib/utils'
import type { useInfiniteProducts } from '../api/get-products'
import { ProductGrid, ProductGridSkeleton } from './product-grid'

/**
 * The listing's results in each state: loading, failed, empty (with a way out of the filters),
 * or the grid with Load more.
 */
export function ListingResults({
  query,
  products,
  total,
  filtered,
  onClearFilters,
  onOpen,
}: {
  query: ReturnType<typeof useInfiniteProducts>
  /** The loaded pages' products, flattened. */
  products: Product[]
  /** The listing's count as shown ("10,000+", decision 099). */
  total: string | undefined
  /** Whether any filter is on: the empty state then offers to clear them. */
  filtered: boolean
  onClearFilters: () => void
  onOpen: (product: Product) => void
}) {
  if (query.isPending) return <ProductGridSkeleton count={12} className="xl:grid-cols-4" />
  if (query.isError && products.length === 0) {
    return (
      <ErrorState
        message={`Products could not be loaded. ${query.error.message}`}
        onRetry={() => query.refetch()}
      />
    )
  }
  if (products.length === 0) {
    return (
      <EmptyState
        title="No products found."
        action={
          filtered ? (
            <Button variant="outline" onClick={onClearFilters}>
              Clear filters
            </Button>
          ) : undefined
        }
      >
        {filtered && (
          <p className="text-sm text-muted-foreground">Try fewer filters or a wider price range.</p>
        )}
      </EmptyState>
    )
  }
  return (
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
        products={products}
        onOpen={onOpen}
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
            Showing {products.length} of {total}
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
  )
}
