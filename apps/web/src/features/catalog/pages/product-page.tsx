import { effectivePrice, formatRupees, type ProductDetail } from '@techbazaar/shared'
import { PackageX } from 'lucide-react'
import { useEffect } from 'react'
import { Link, useLocation, useNavigate, useParams } from 'react-router'
import { MessagePage } from '@/components/message-page'
import { HydrateLater } from '@/components/hydrate-later'
import { ErrorState } from '@/components/state-views'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { ApiError } from '@/lib/api-client'
import { useShopPolicies } from '@/lib/catalog/get-shop-policies'
import { productImageSrcSet } from '@/lib/catalog/images'
import { optionLabel } from '@/lib/catalog/option-label'
import { metaDescription, PageHead } from '@/lib/seo/page-head'
import { breadcrumbJsonLd, productJsonLd } from '@/lib/seo/structured-data'
import { useProductByPath } from '../api/get-product-by-path'
import { useReviews } from '../api/get-reviews'
import { WishlistButton } from '@/components/wishlist-button'
import { AddToCartButton } from '../components/add-to-cart-button'
import { BuyNowButton } from '../components/buy-now-button'
import { DeliveryCheck } from '../components/delivery-check'
import { ProductBadges, PriceRow } from '../components/product-card'
import { ProductGallery } from '../components/product-gallery'
import { ProductLegalDetails } from '../components/product-legal-details'
import {
  Breadcrumbs,
  ProductTerms,
  productTrail,
  Specifications,
} from '../components/product-page-parts'
import { RelatedProducts } from '../components/related-products'
import { WriteReview } from '../components/write-review'
import { NO_REVIEWS, ReviewList } from '../components/review-list'
import { StarRating } from '../components/star-rating'
import { VariantPicker } from '../components/variant-picker'

/** The product page's image: as wide as its column up to 560 px, the full width on phones. */
export const PAGE_IMAGE_SIZES = '(min-width: 1024px) 560px, (min-width: 768px) 45vw, 100vw'

/**
 * /p/{slug}-{shortId}: a product's own page (issue 29), rendered by the server and kept in the
 * page cache for guests. The server answers an old slug with a 301 and a product it does not show
 * with 404 or 410 (plugins/page-gates.ts); in the browser a stale address is replaced the same way.
 */
export default function ProductPage() {
  const { segment = '' } = useParams()
  const query = useProductByPath(segment)
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const canonicalPath = query.data?.canonicalPath

  useEffect(() => {
    if (canonicalPath && canonicalPath !== pathname) void navigate(canonicalPath, { replace: true })
  }, [canonicalPath, pathname, navigate])

  if (query.isPending) return <ProductPageSkeleton />
  if (query.isError) {
    const gone = query.error instanceof ApiError && [404, 410, 400].includes(query.error.status)
    return gone ? (
      <ProductNotFound />
    ) : (
      <div className="mx-auto w-full max-w-3xl px-4 py-12">
        <ErrorState message={query.error.message} onRetry={() => query.refetch()} />
      </div>
    )
  }
  return <ProductView product={query.data.data} path={query.data.canonicalPath} />
}

function ProductView({ product, path }: { product: ProductDetail; path: string }) {
  const policies = useShopPolicies()
  const reviews = useReviews(product._id)
  const trail = productTrail(product, path)
  const price = effectivePrice(product.price, product.salePrice)
  const srcSet = productImageSrcSet(product.image)
  const { declarations, warranty, seller } = product
  const specifications: [string, string][] = [
    ['Brand', optionLabel(product.brand)],
    ['Category', optionLabel(product.category)],
    ['Generic name', declarations.genericName],
    ['Net quantity', declarations.netQuantity],
    ['Country of origin', declarations.countryOfOrigin],
    ['Warranty', warranty.months > 0 ? `${warranty.months} months (${warranty.by})` : 'None'],
  ]

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-8 px-4 py-6 sm:px-6 sm:py-8">
      <PageHead
        title={`${product.title} | TechBazaar`}
        description={metaDescription(
          `Buy ${product.title} for ${formatRupees(price)} at TechBazaar. ${product.description}`,
        )}
        canonical={path}
        image={product.image}
        images={product.images}
        type="product"
        priceRupees={price}
        preloadImage={{ href: product.image, srcSet, sizes: srcSet ? PAGE_IMAGE_SIZES : undefined }}
        jsonLd={(absolute) => [
          productJsonLd(
            {
              ...product,
              sellerName: seller.legalName,
              countryOfOrigin: declarations.countryOfOrigin,
            },
            path,
            absolute,
            reviews.data,
          ),
          breadcrumbJsonLd(trail, absolute),
        ]}
      />
      <Breadcrumbs trail={trail} />

      <div className="grid gap-6 md:grid-cols-2 md:gap-10">
        <div className="flex flex-col gap-3 md:sticky md:top-24 md:self-start">
          <ProductGallery
            key={product._id}
            images={product.images}
            title={product.title}
            sizes={PAGE_IMAGE_SIZES}
            priority
            badges={<ProductBadges product={product} />}
            boxClassName="rounded-xl"
          />
        </div>

        <div className="flex flex-col gap-4">
          <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
            <Link
              to={trail[2]!.path}
              className="inline-flex min-h-6 items-center hover:text-foreground hover:underline"
            >
              {optionLabel(product.brand)}
            </Link>
            {' · '}
            <Link
              to={trail[1]!.path}
              className="inline-flex min-h-6 items-center hover:text-foreground hover:underline"
            >
              {optionLabel(product.category)}
            </Link>
          </p>
          <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
            {product.title}
          </h1>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            {product.reviewCount > 0 ? (
              <a href="#reviews" className="flex items-center gap-2 hover:underline">
                <StarRating value={product.averageReview} />
                <span className="tabular font-semibold">{product.averageReview.toFixed(2)}</span>
                <span className="text-muted-foreground">
                  ({product.reviewCount} {product.reviewCount === 1 ? 'review' : 'reviews'})
                </span>
              </a>
            ) : (
              <span className="text-muted-foreground">{NO_REVIEWS}</span>
            )}
          </div>
          <div className="flex flex-col gap-1">
            <PriceRow product={product} size="lg" />
            <p className="text-sm text-muted-foreground">
              M.R.P.: <span className="tabular">{formatRupees(product.price)}</span>{' '}
              <span className="font-medium text-foreground">(inclusive of all taxes)</span>
            </p>
          </div>
          {product.variants ? (
            <VariantPicker family={product.variants} current={product.optionValues ?? {}} />
          ) : null}
          <div className="flex gap-2 md:max-w-md">
            <div className="flex flex-1 flex-col gap-2 min-[400px]:flex-row">
              <AddToCartButton product={product} label="Add to Cart" className="h-11 flex-1" />
              <BuyNowButton product={product} className="h-11 flex-1" />
            </div>
            <WishlistButton productId={product._id} title={product.title} className="size-11" />
          </div>
          <HydrateLater slot="product-delivery">
            <DeliveryCheck productId={product._id} headingLevel="h2" />
          </HydrateLater>
          <p className="text-sm text-muted-foreground">
            Sold by{' '}
            <a
              href="#seller"
              className="inline-flex min-h-6 items-center font-medium text-foreground hover:underline"
            >
              {seller.legalName}
            </a>
          </p>
          <HydrateLater slot="product-terms">
            <ProductTerms product={product} policies={policies.data} />
          </HydrateLater>
        </div>
      </div>

      {/* Below the fold: hydrated after the part a shopper sees first (decision 48). */}
      <HydrateLater slot="product-details">
        <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="flex flex-col gap-8">
            <PageSection id="description" title="Description">
              <p className="text-sm leading-relaxed whitespace-pre-line text-muted-foreground">
                {product.description}
              </p>
            </PageSection>
            <PageSection id="specifications" title="Specifications">
              <Specifications rows={specifications} />
            </PageSection>
            <PageSection id="reviews" title={`Reviews (${product.reviewCount})`}>
              {product.reviewCount > 0 && (
                <p className="tabular text-sm text-muted-foreground">
                  {product.averageReview.toFixed(2)} out of 5 on average
                </p>
              )}
              <ReviewList productId={product._id} />
              <WriteReview productId={product._id} />
            </PageSection>
          </div>
          <PageSection id="seller" title="Seller and product declarations">
            <ProductLegalDetails product={product} />
          </PageSection>
        </div>
      </HydrateLater>

      <HydrateLater slot="product-related">
        <RelatedProducts product={product} />
      </HydrateLater>
    </div>
  )
}

function PageSection({
  id,
  title,
  children,
}: {
  id: string
  title: string
  children: React.ReactNode
}) {
  return (
    // Below the first screen on every device: laid out only when near it (styles.css).
    <section
      aria-labelledby={`${id}-heading`}
      id={id}
      className="flex scroll-mt-24 flex-col gap-3 render-when-visible"
    >
      <h2 id={`${id}-heading`} className="text-lg font-bold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  )
}

function ProductNotFound() {
  return (
    <MessagePage
      icon={PackageX}
      title="This product is not available."
      actions={
        <>
          <Button asChild>
            <Link to="/shop/listing">Browse products</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/">Go to home</Link>
          </Button>
        </>
      }
    >
      <p>The seller may have removed it, or the link may be incomplete.</p>
    </MessagePage>
  )
}

function ProductPageSkeleton() {
  return (
    <div
      className="mx-auto grid w-full max-w-7xl gap-6 px-4 py-6 sm:px-6 sm:py-8 md:grid-cols-2 md:gap-10"
      aria-busy="true"
      aria-label="Loading product"
    >
      <Skeleton className="aspect-square rounded-xl" />
      <div className="flex flex-col gap-4">
        <Skeleton className="h-3 w-1/3" />
        <Skeleton className="h-9 w-4/5" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-8 w-1/3" />
        <Skeleton className="h-11 w-full max-w-sm" />
        <Skeleton className="h-24 w-full" />
      </div>
    </div>
  )
}
