import type { Product } from '@techbazaar/shared'
import { LIMITS } from '@techbazaar/shared'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { HydrateLater } from '@/components/hydrate-later'
import { Button } from '@/components/ui/button'
import { CAROUSEL_VIEWPORT_CLASS, useCarousel } from '../hooks/use-carousel'
import { ProductCard, ProductCardSkeleton } from './product-card'

const slideClass =
  'min-w-0 shrink-0 grow-0 snap-start basis-[44%] sm:basis-[calc((100%-2rem)/3)] lg:basis-[calc((100%-4rem)/5)]'

/**
 * A row of product cards that scrolls itself every 3 s: 2 and the edge of a third visible on
 * phones (like the home page's other sections there), 3 from 640 px,
 * 5 from 1024 px. Paused on hover and focus, still for reduced motion.
 */
export function ProductCarousel({
  label,
  products,
  linkFor,
}: {
  label: string
  products: Product[]
  linkFor: (product: Product) => string
}) {
  const { viewportRef, pauseProps, ...carousel } = useCarousel({ delayMs: LIMITS.carouselScrollMs })
  return (
    <div className="relative" aria-roledescription="carousel" aria-label={label} {...pauseProps}>
      <div ref={viewportRef} className={CAROUSEL_VIEWPORT_CLASS}>
        <ul className="flex gap-4 py-1">
          {products.map((product, index) => (
            <li
              key={product._id}
              className={slideClass}
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${products.length}`}
            >
              <HydrateLater slot={`card-${product._id}`}>
                <ProductCard product={product} to={linkFor(product)} />
              </HydrateLater>
            </li>
          ))}
        </ul>
      </div>
      <div className="mt-3 flex justify-end gap-2">
        <Button
          variant="outline"
          size="icon"
          className="size-11 rounded-full"
          aria-label={`Previous ${label}`}
          onClick={carousel.scrollPrev}
          disabled={!carousel.canPrev}
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <Button
          variant="outline"
          size="icon"
          className="size-11 rounded-full"
          aria-label={`Next ${label}`}
          onClick={carousel.scrollNext}
          disabled={!carousel.canNext}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </div>
  )
}

export function ProductCarouselSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading products" className="overflow-hidden">
      <ul className="flex gap-4 py-1">
        {Array.from({ length: 5 }, (_, index) => (
          <li key={index} className={slideClass}>
            <ProductCardSkeleton />
          </li>
        ))}
      </ul>
      <div className="mt-3 h-11" />
    </div>
  )
}
