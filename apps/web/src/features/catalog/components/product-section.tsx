import type { Product } from '@techbazaar/shared'
import { ArrowRight } from 'lucide-react'
import type * as React from 'react'
import { useRef } from 'react'
import { Link } from 'react-router'
import { cn } from '@/lib/utils'
import { useProducts } from '../api/get-products'
import type { ProductListQuery } from '@/lib/catalog/query-keys'
import { useNearViewport } from '../hooks/use-near-viewport'
import { ProductCarousel, ProductCarouselSkeleton } from './product-carousel'
import { ProductGrid, ProductGridSkeleton } from './product-grid'
import { EmptyState, ErrorState } from '@/components/state-views'

export const productLink = (product: Product) => `/shop/listing?product=${product._id}`

/**
 * On phones a section is one row that scrolls sideways (two cards and the edge of a third in
 * view), not a grid of ten cards five screens long: every section and the brands are within the
 * first few screens (issue 31, item 9). From 640 px it is the grid. The row stops at each card;
 * it stays within the page's padding (sections laid out only near the screen clip to their box).
 */
const ROW_ON_PHONES =
  'max-sm:flex max-sm:snap-x max-sm:snap-mandatory max-sm:overflow-x-auto max-sm:overscroll-x-contain max-sm:pb-1 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden'
const CARD_IN_ROW = 'max-sm:w-[44%] max-sm:shrink-0 max-sm:snap-start'

/** Ten cards fill two rows of five; at three columns the tenth would sit alone, so it hides. */
const hideLoneTenth = (index: number) =>
  cn(CARD_IN_ROW, index === 9 && 'sm:max-lg:hidden') || undefined

function SectionShell({
  id,
  title,
  viewAllTo,
  children,
  ref,
  belowTheFold = false,
}: {
  id: string
  title: string
  viewAllTo?: string
  children: React.ReactNode
  ref?: React.Ref<HTMLElement>
  /** Laid out only when it comes near the screen (render-when-visible, styles.css). */
  belowTheFold?: boolean
}) {
  return (
    <section
      ref={ref}
      aria-labelledby={id}
      className={cn('flex flex-col gap-4', belowTheFold && 'render-when-visible')}
    >
      <div className="flex items-end justify-between gap-4">
        <h2 id={id} className="text-xl font-bold tracking-tight sm:text-2xl">
          {title}
        </h2>
        {viewAllTo && (
          <Link
            to={viewAllTo}
            className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-primary hover:underline"
          >
            View all <span className="sr-only">{title}</span>
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        )}
      </div>
      {children}
    </section>
  )
}

/** A home page section: a titled grid (or carousel) of one product query, with "View all". */
export function ProductSection({
  id,
  title,
  query,
  viewAllTo,
  layout = 'grid',
  eager = false,
}: {
  id: string
  title: string
  query: ProductListQuery
  viewAllTo?: string
  layout?: 'grid' | 'carousel'
  /** Loads at once and is rendered by the server: a section on or next to the first screen. */
  eager?: boolean
}) {
  const ref = useRef<HTMLElement>(null)
  // Sections further down load as the shopper scrolls towards them (skeletons until then).
  const near = useNearViewport(ref)
  const result = useProducts(query, { enabled: eager || near })
  let body: React.ReactNode
  if (result.isPending) {
    body =
      layout === 'grid' ? (
        <ProductGridSkeleton
          count={query.limit ?? 10}
          className={ROW_ON_PHONES}
          itemClassName={hideLoneTenth}
        />
      ) : (
        <ProductCarouselSkeleton />
      )
  } else if (result.isError) {
    body = (
      <ErrorState
        message={`We could not load ${title}. ${result.error.message}`}
        onRetry={() => result.refetch()}
      />
    )
  } else if (result.data.data.length === 0) {
    body = <EmptyState title="Nothing here yet. New arrivals are on their way." />
  } else if (layout === 'grid') {
    body = (
      <ProductGrid
        products={result.data.data}
        linkFor={productLink}
        className={ROW_ON_PHONES}
        itemClassName={hideLoneTenth}
      />
    )
  } else {
    body = <ProductCarousel label={title} products={result.data.data} linkFor={productLink} />
  }
  return (
    <SectionShell ref={ref} id={id} title={title} viewAllTo={viewAllTo} belowTheFold={!eager}>
      {body}
    </SectionShell>
  )
}

export { SectionShell }
