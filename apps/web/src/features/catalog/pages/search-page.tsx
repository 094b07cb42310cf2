import type { Product } from '@techbazaar/shared'
import { LIMITS } from '@techbazaar/shared'
import { Search, SearchX } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { isSearchable, useSearchProducts } from '../api/search-products'
import { LazyProductDetailDialog } from '../components/lazy-product-detail-dialog'
import { ProductGrid, ProductGridSkeleton } from '../components/product-grid'
import { EmptyState } from '@/components/state-views'
import { useDebouncedValue } from '@/lib/use-debounced-value'

const KEYWORD_INPUT_ID = 'search-keyword'

export default function SearchPage() {
  const [searchParams, setSearchParams] = useSearchParams()
  const [keyword, setKeyword] = useState(() => searchParams.get('q') ?? '')
  // Search runs once typing has paused for a second, and only for more than 3 characters.
  const debounced = useDebouncedValue(keyword, LIMITS.searchDelayMs).trim()
  const active = isSearchable(debounced)
  const query = useSearchProducts(active ? debounced : '')
  const [open, setOpen] = useState<Product | null>(null)
  // The box has the focus on arrival, whether the page was opened, reloaded or navigated to
  // (autoFocus alone is honoured only on a document's first load, and Preact does not apply it).
  useEffect(() => {
    const input = document.getElementById(KEYWORD_INPUT_ID)
    if (!(input instanceof HTMLInputElement)) return
    input.focus({ preventScroll: true })
    input.setSelectionRange(input.value.length, input.value.length)
  }, [])
  // The hint is for what is being typed; once the keyword is long enough it would sit beside results.
  const tooShort = !isSearchable(keyword.trim())

  // Mirror the searched keyword into ?q= so the page can be shared and reloaded.
  useEffect(() => {
    setSearchParams(
      (prev) => {
        const params = new URLSearchParams(prev)
        if (debounced) params.set('q', debounced)
        else params.delete('q')
        return params.toString() === prev.toString() ? prev : params
      },
      { replace: true, preventScrollReset: true },
    )
  }, [debounced, setSearchParams])

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8">
      <div className="flex flex-col gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Search</h1>
        <form role="search" onSubmit={(event) => event.preventDefault()} className="max-w-2xl">
          <Label htmlFor={KEYWORD_INPUT_ID} className="sr-only">
            Search products
          </Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id={KEYWORD_INPUT_ID}
              type="search"
              autoComplete="off"
              enterKeyHint="search"
              maxLength={LIMITS.searchMaxChars}
              placeholder="Search phones, earbuds, chargers…"
              value={keyword}
              onChange={(event) => setKeyword(event.target.value)}
              className="h-12 pl-10 text-base"
              aria-describedby={tooShort ? 'search-hint' : undefined}
            />
          </div>
          {tooShort && (
            <p id="search-hint" className="mt-2 text-sm text-muted-foreground">
              Type at least {LIMITS.searchMinChars} characters.
            </p>
          )}
        </form>
        <p className="text-sm text-muted-foreground">
          Results come in order of how well they match your words.{' '}
          <Link
            to="/ranking-parameters"
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            How products are ranked
          </Link>
        </p>
      </div>

      <div aria-live="polite">
        {!active ? null : query.isPending ? (
          <ProductGridSkeleton count={10} />
        ) : query.isError ? (
          <EmptyState
            title="Search is not available right now"
            icon={<SearchX className="size-10 text-muted-foreground" aria-hidden="true" />}
            action={
              <Button asChild variant="outline">
                <Link to="/shop/listing">Browse all products</Link>
              </Button>
            }
          >
            <p className="text-sm text-muted-foreground">Please try again in a little while.</p>
          </EmptyState>
        ) : query.data.length === 0 ? (
          <EmptyState
            title="No products found."
            icon={<SearchX className="size-10 text-muted-foreground" aria-hidden="true" />}
            action={
              <Button asChild variant="outline">
                <Link to="/shop/listing">Browse all products</Link>
              </Button>
            }
          >
            <p className="text-sm text-muted-foreground">
              Nothing matches “{debounced}”. Try fewer or different words.
            </p>
          </EmptyState>
        ) : (
          <div className="flex flex-col gap-3">
            <p className="tabular text-sm text-muted-foreground">
              {query.data.length} {query.data.length === 1 ? 'result' : 'results'} for “{debounced}”
            </p>
            <ProductGrid products={query.data} onOpen={setOpen} eagerCount={4} />
          </div>
        )}
      </div>

      <LazyProductDetailDialog
        productId={open?._id ?? null}
        placeholder={open ?? undefined}
        onClose={() => setOpen(null)}
      />
    </div>
  )
}
