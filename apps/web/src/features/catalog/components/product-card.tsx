import { effectivePrice, formatRupees, LIMITS, productPath, type Product } from '@techbazaar/shared'
import { Link } from 'react-router'
import { Badge } from '@/components/ui/badge'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/utils'
import { optionLabel } from '@/lib/catalog/option-label'
import { CARD_IMAGE_SIZES, productImageSrcSet } from '@/lib/catalog/images'
import { WishlistButton } from '@/components/wishlist-button'
import { AddToCartButton } from './add-to-cart-button'
import { FamilyPriceRange, FamilySwatches } from './family-card-parts'

type BadgeInfo = { label: string; variant: 'deal' | 'warning' | 'destructive' }

/** The badges a product earns: stock first (it changes what the shopper can do), then Sale. */
export function productBadges(product: Pick<Product, 'totalStock' | 'salePrice'>): BadgeInfo[] {
  if (product.totalStock <= 0) return [{ label: 'Out Of Stock', variant: 'destructive' }]
  const badges: BadgeInfo[] = []
  if (product.salePrice > 0) badges.push({ label: 'Sale', variant: 'deal' })
  if (product.totalStock < LIMITS.lowStockBelow) {
    const n = product.totalStock
    badges.push({ label: `Only ${n} ${n === 1 ? 'item' : 'items'} left`, variant: 'warning' })
  }
  return badges
}

/** Whole-percent discount, shown beside a struck-through price. */
export function discountPercent(price: number, salePrice: number): number | null {
  if (!(salePrice > 0) || !(price > salePrice)) return null
  return Math.round(((price - salePrice) / price) * 100)
}

export function PriceRow({
  product,
  size = 'default',
}: {
  product: Pick<Product, 'price' | 'salePrice'>
  size?: 'default' | 'lg'
}) {
  const onSale = product.salePrice > 0
  const discount = discountPercent(product.price, product.salePrice)
  return (
    <p className="tabular flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
      <span className={cn('font-bold', size === 'lg' ? 'text-2xl' : 'text-base')}>
        <span className="sr-only">{onSale ? 'Sale price ' : 'Price '}</span>
        {formatRupees(effectivePrice(product.price, product.salePrice))}
      </span>
      {onSale && (
        <s className={cn('text-muted-foreground', size === 'lg' ? 'text-base' : 'text-xs')}>
          <span className="sr-only">List price </span>
          {formatRupees(product.price)}
        </s>
      )}
      {discount != null && (
        <span className={cn('font-semibold text-deal', size === 'lg' ? 'text-sm' : 'text-xs')}>
          {discount}% off
        </span>
      )}
    </p>
  )
}

type ProductCardProps = {
  product: Product
  /** Where the card goes (home page tiles), or… */
  to?: string
  /** …what opening the card does (the listing's detail dialog). */
  onOpen?: (product: Product) => void
  /** The first row above the fold loads eagerly. */
  eager?: boolean
  className?: string
}

/**
 * The product tile: the whole card opens the product (a stretched title link/button keeps one
 * tab stop and a real name for screen readers); "Add to cart" sits above that layer.
 */
/**
 * The Sale / low-stock / Out Of Stock badges, in a row above a product image: never over it, so
 * they hide no part of the product (the image gives up their height instead).
 */
export function ProductBadges({
  product,
  className,
  reserveRow = false,
}: {
  product: Pick<Product, 'totalStock' | 'salePrice'>
  className?: string
  /** Keep the row's height without badges, so every image in a grid has the same size. */
  reserveRow?: boolean
}) {
  const badges = productBadges(product)
  if (badges.length === 0 && !reserveRow) return null
  return (
    <div className={cn('flex flex-wrap items-start gap-1', className)}>
      {badges.map((badge) => (
        <Badge key={badge.label} variant={badge.variant}>
          {badge.label}
        </Badge>
      ))}
    </div>
  )
}

export function ProductCard({ product, to, onOpen, eager = false, className }: ProductCardProps) {
  // A family's one card shows its title, price range and colours (decision 090).
  const family = product.family
  const title = family?.title ?? product.title
  const openClass =
    'block w-full text-left outline-none after:absolute after:inset-0 after:rounded-xl after:content-[""] focus-visible:after:ring-[3px] focus-visible:after:ring-ring/60 cursor-pointer'

  return (
    <article
      data-slot="product-card"
      className={cn(
        'group relative flex h-full flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-xs transition-[translate,box-shadow] duration-200 hover:-translate-y-0.5 hover:shadow-md',
        className,
      )}
    >
      <div className="relative flex aspect-square flex-col gap-2 bg-muted/70 p-3">
        <ProductBadges product={product} reserveRow className="min-h-5.5 pr-10" />
        {/* Above the card's stretched link, as "Add to cart" is. */}
        <WishlistButton
          productId={product._id}
          title={product.title}
          className="absolute top-2 right-2 z-10"
        />
        <img
          src={product.image}
          srcSet={productImageSrcSet(product.image)}
          sizes={CARD_IMAGE_SIZES}
          alt=""
          width={640}
          height={640}
          loading={eager ? 'eager' : 'lazy'}
          // The first row is often the page's largest paint: fetch it before other images.
          fetchPriority={eager ? 'high' : 'auto'}
          decoding="async"
          className="min-h-0 w-full flex-1 object-contain mix-blend-multiply"
        />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <div className="flex flex-wrap gap-1 text-[11px] font-medium tracking-wide text-muted-foreground uppercase">
          <span>{optionLabel(product.category)}</span>
          <span aria-hidden="true">·</span>
          <span>{optionLabel(product.brand)}</span>
        </div>
        <h3 className="min-h-[2lh] text-sm leading-snug font-medium">
          {to ? (
            <Link to={to} state={{ product }} className={openClass}>
              <span className="line-clamp-2">{title}</span>
            </Link>
          ) : (
            // A link to the product's own page, for crawlers and for opening in a new tab; a
            // plain click opens the details over the listing, as the spec asks.
            <a
              href={productPath(product)}
              className={openClass}
              onClick={(event) => {
                // A new tab or window (Ctrl, ⌘, Shift, middle button), a download (Alt): the browser's.
                if (
                  event.button !== 0 ||
                  event.metaKey ||
                  event.ctrlKey ||
                  event.shiftKey ||
                  event.altKey
                )
                  return
                event.preventDefault()
                onOpen?.(product)
              }}
            >
              <span className="line-clamp-2">{title}</span>
            </a>
          )}
        </h3>
        {family ? <FamilySwatches family={family} /> : null}
        {family ? <FamilyPriceRange family={family} /> : <PriceRow product={product} />}
        <p className="truncate text-xs text-muted-foreground">
          Sold by <span className="text-foreground">{product.username ?? 'Not Available'}</span>
        </p>
        <AddToCartButton product={product} className="relative z-10 mt-auto" />
      </div>
    </article>
  )
}

/** Same box as a card, so the grid does not jump when products arrive. */
export function ProductCardSkeleton({ className }: { className?: string }) {
  return (
    <div
      data-slot="product-card-skeleton"
      className={cn('flex h-full flex-col overflow-hidden rounded-xl border bg-card', className)}
    >
      <Skeleton className="aspect-square rounded-none" />
      <div className="flex flex-1 flex-col gap-2 p-3">
        <Skeleton className="h-3 w-1/2" />
        <Skeleton className="h-[2lh] w-full text-sm leading-snug" />
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="mt-auto h-10 w-full" />
      </div>
    </div>
  )
}
