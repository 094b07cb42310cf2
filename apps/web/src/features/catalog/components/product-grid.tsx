import type { Product } from '@techbazaar/shared'
import { HydrateLater } from '@/components/hydrate-later'
import { cn } from '@/lib/utils'
import { ProductCard, ProductCardSkeleton } from './product-card'

export const productGridClass =
  'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5'

type ProductGridProps = {
  products: Product[]
  /** A link per product (home page), or… */
  linkFor?: (product: Product) => string
  /** …a callback that opens the product in place. */
  onOpen?: (product: Product) => void
  className?: string
  /** How many cards above the fold load eagerly. */
  eagerCount?: number
  itemClassName?: (index: number) => string | undefined
}

export function ProductGrid({
  products,
  linkFor,
  onOpen,
  className,
  eagerCount = 0,
  itemClassName,
}: ProductGridProps) {
  return (
    <ul className={cn(productGridClass, className)}>
      {products.map((product, index) => (
        <li
          key={product._id}
          // Cards of the first screen are drawn at once: skipping their layout until they are
          // known to be on screen costs the largest paint a frame (styles.css).
          className={cn(index >= eagerCount && 'render-when-visible-card', itemClassName?.(index))}
        >
          <HydrateLater slot={`card-${product._id}`}>
            <ProductCard
              product={product}
              to={linkFor?.(product)}
              onOpen={onOpen}
              eager={index < eagerCount}
            />
          </HydrateLater>
        </li>
      ))}
    </ul>
  )
}

export function ProductGridSkeleton({
  count,
  className,
  itemClassName,
}: {
  count: number
  className?: string
  itemClassName?: (index: number) => string | undefined
}) {
  return (
    <ul className={cn(productGridClass, className)} aria-busy="true" aria-label="Loading products">
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className={itemClassName?.(index)}>
          <ProductCardSkeleton />
        </li>
      ))}
    </ul>
  )
}
