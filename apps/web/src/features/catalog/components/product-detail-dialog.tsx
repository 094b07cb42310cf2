import { productPath, type Product, type ProductDetail as Detail } from '@techbazaar/shared'
import { ArrowRight, PackageX } from 'lucide-react'
import { useLayoutEffect, useRef } from 'react'
import { Link } from 'react-router'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { Skeleton } from '@/components/ui/skeleton'
import { ApiError } from '@/lib/api-client'
import { useProduct } from '@/lib/catalog/get-product'
import { optionLabel } from '@/lib/catalog/option-label'
import { DIALOG_IMAGE_SIZES } from '@/lib/catalog/images'
import { WishlistButton } from '@/components/wishlist-button'
import { AddToCartButton } from './add-to-cart-button'
import { BuyNowButton } from './buy-now-button'
import { DeliveryCheck } from './delivery-check'
import { PriceRow, ProductBadges } from './product-card'
import { ProductGallery } from './product-gallery'
import { WriteReview } from './write-review'
import { NO_REVIEWS, ReviewList } from './review-list'
import { ErrorState } from '@/components/state-views'
import { StarRating } from './star-rating'
import { VariantPicker } from './variant-picker'

export type ProductDetailDialogProps = {
  /** The product to show; null keeps the dialog closed. */
  productId: string | null
  onClose: () => void
  /** Data already on screen (from a list) to show while the fresh copy loads. */
  placeholder?: Product
  /**
   * Shows a sibling variant instead (the listing puts its id in `?product=`); without it the
   * variant picker links to the sibling's page.
   */
  onSwitch?: (productId: string) => void
}

/**
 * A link to no product: one deleted (404), or an id cut short when the link was shared (400).
 * Asking again will not change either, and "Try again" would only disappoint.
 */
function isNotAvailable(error: Error): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400)
}

/** The product in a dialog: fetched by id, so a shared link (?product=…) opens it too. */
export function ProductDetailDialog({
  productId,
  onClose,
  placeholder,
  onSwitch,
}: ProductDetailDialogProps) {
  const query = useProduct(productId, {
    placeholder: placeholder && placeholder._id === productId ? placeholder : undefined,
  })
  const returnFocus = useReturnFocus(productId !== null)

  return (
    <Dialog open={Boolean(productId)} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="max-w-4xl p-0 sm:p-0"
        aria-describedby={undefined}
        onCloseAutoFocus={returnFocus}
      >
        {query.data ? (
          <ProductDetail product={query.data} onSwitch={onSwitch} />
        ) : query.isError ? (
          <div className="p-6 pt-14">
            {isNotAvailable(query.error) ? (
              <div className="flex flex-col items-center gap-3 py-8 text-center">
                <PackageX className="size-10 text-muted-foreground" aria-hidden="true" />
                <DialogTitle>This product is not available.</DialogTitle>
                <DialogDescription>
                  The seller may have removed it, or the link may be incomplete.
                </DialogDescription>
              </div>
            ) : (
              <>
                <DialogTitle className="sr-only">Product</DialogTitle>
                <ErrorState message={query.error.message} onRetry={() => query.refetch()} />
              </>
            )}
          </div>
        ) : (
          <ProductDetailSkeleton />
        )}
      </DialogContent>
    </Dialog>
  )
}

/**
 * Closing (Esc, ×, outside) gives focus back to what opened the dialog (issue 31.5): the card's
 * title link. The dialog is opened by state, not by a Radix trigger, so Radix alone would drop
 * focus on the page's body. Remembered before the dialog takes focus (a layout effect runs before
 * the focus scope's effect); a dialog opened by a shared link has no opener and is left to Radix.
 */
function useReturnFocus(open: boolean) {
  const opener = useRef<HTMLElement | null>(null)
  useLayoutEffect(() => {
    const active = document.activeElement
    if (open && !opener.current && active instanceof HTMLElement && active !== document.body) {
      opener.current = active
    }
  }, [open])
  return (event: Event) => {
    const element = opener.current
    opener.current = null
    if (element?.isConnected) {
      event.preventDefault()
      element.focus()
    }
  }
}

function ProductDetail({
  product,
  onSwitch,
}: {
  /** The placeholder from a list lacks the detail's fields (the picker waits for them). */
  product: Product & Partial<Pick<Detail, 'variants'>>
  onSwitch?: (productId: string) => void
}) {
  const reviewCount = product.reviewCount
  return (
    <div className="grid gap-0 md:grid-cols-2">
      <div className="md:sticky md:top-0 md:self-start">
        <ProductGallery
          key={product._id}
          // A listing's placeholder has only the cover until the detail (with every image) loads.
          images={'images' in product ? (product as Detail).images : [product.image]}
          title={product.title}
          sizes={DIALOG_IMAGE_SIZES}
          badges={<ProductBadges product={product} />}
          boxClassName="md:rounded-tl-lg"
        />
      </div>
      <div className="flex flex-col gap-4 p-5 sm:p-6 md:pt-12">
        <DialogHeader className="gap-2">
          <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
            {optionLabel(product.brand)} · {optionLabel(product.category)}
          </p>
          <DialogTitle className="text-xl sm:text-2xl">{product.title}</DialogTitle>
          <p className="text-sm text-muted-foreground">
            Sold by{' '}
            <span className="font-medium text-foreground">
              {product.username ?? 'Not Available'}
            </span>
          </p>
        </DialogHeader>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          {reviewCount > 0 ? (
            <>
              <StarRating value={product.averageReview} />
              <span className="tabular font-semibold">{product.averageReview.toFixed(2)}</span>
              <span className="text-muted-foreground">
                ({reviewCount} {reviewCount === 1 ? 'review' : 'reviews'})
              </span>
            </>
          ) : (
            // An average of nobody's ratings is not "0.00 with empty stars".
            <span className="text-muted-foreground">{NO_REVIEWS}</span>
          )}
        </div>
        <PriceRow product={product} size="lg" />
        <p className="text-sm leading-relaxed whitespace-pre-line text-muted-foreground">
          {product.description}
        </p>
        {product.variants ? (
          <VariantPicker
            family={product.variants}
            current={product.optionValues ?? {}}
            onPick={onSwitch ? (variant) => onSwitch(variant._id) : undefined}
          />
        ) : null}
        <div className="flex gap-2">
          <div className="flex flex-1 flex-col gap-2 min-[400px]:flex-row">
            <AddToCartButton product={product} label="Add to Cart" className="h-11 flex-1" />
            <BuyNowButton product={product} className="h-11 flex-1" />
          </div>
          <WishlistButton productId={product._id} title={product.title} className="size-11" />
        </div>
        <Link
          to={productPath(product)}
          className="inline-flex min-h-11 items-center gap-1 self-start text-sm font-semibold text-primary hover:underline"
        >
          View full details <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
        <DeliveryCheck productId={product._id} />
        <section
          aria-labelledby="product-reviews-heading"
          className="flex flex-col gap-4 border-t pt-4"
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 id="product-reviews-heading" className="font-semibold">
              Reviews ({reviewCount})
            </h3>
            {reviewCount > 0 && (
              <p className="tabular text-sm text-muted-foreground">
                {product.averageReview.toFixed(2)} out of 5 on average
              </p>
            )}
          </div>
          <ReviewList productId={product._id} />
          <WriteReview productId={product._id} />
        </section>
      </div>
    </div>
  )
}

function ProductDetailSkeleton() {
  return (
    <div className="grid md:grid-cols-2" aria-busy="true">
      <DialogTitle className="sr-only">Loading product</DialogTitle>
      <Skeleton className="aspect-square rounded-none md:rounded-l-lg" />
      <div className="flex flex-col gap-4 p-5 sm:p-6 md:pt-12">
        <Skeleton className="h-3 w-1/3" />
        <Skeleton className="h-8 w-4/5" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-2/5" />
        <Skeleton className="h-8 w-1/3" />
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-11 w-full" />
      </div>
    </div>
  )
}
