import { effectivePrice, type Review } from '@techbazaar/shared'
import { optionLabel } from '@/lib/catalog/option-label'
import type { JsonLd } from './page-head'

/**
 * schema.org structured data for the storefront's pages (issue 29), as Google's rich results read
 * it: a product page's Product with its Offer, AggregateRating and Reviews, every named page's
 * BreadcrumbList, and the home page's Organization and WebSite with its SearchAction. Paths are
 * made absolute by the caller's `absolute` (the shop's configured origin).
 */
type Absolute = (path: string) => string

const SHOP_NAME = 'TechBazaar'

export interface ProductFacts {
  shortId: string
  title: string
  description: string
  image: string
  /** Every image, `image` first (a product's gallery); absent: `image` alone. */
  images?: readonly string[]
  brand: string
  category: string
  /** Rupees. */
  price: number
  salePrice: number
  totalStock: number
  averageReview: number
  reviewCount: number
  /** Who sells it: the seller's legal name, or the marketplace's for its own goods. */
  sellerName: string | null
  countryOfOrigin?: string | null
}

export function productJsonLd(
  product: ProductFacts,
  path: string,
  absolute: Absolute,
  reviews: readonly Review[] = [],
): JsonLd {
  const url = absolute(path)
  const data: JsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': `${url}#product`,
    name: product.title,
    description: product.description,
    image: (product.images ?? [product.image]).map(absolute),
    sku: product.shortId,
    url,
    brand: { '@type': 'Brand', name: optionLabel(product.brand) },
    category: optionLabel(product.category),
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: 'INR',
      price: effectivePrice(product.price, product.salePrice).toFixed(2),
      availability:
        product.totalStock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      ...(product.sellerName
        ? { seller: { '@type': 'Organization', name: product.sellerName } }
        : {}),
    },
  }
  if (product.countryOfOrigin) {
    data.countryOfOrigin = { '@type': 'Country', name: product.countryOfOrigin }
  }
  if (product.reviewCount > 0) {
    data.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: product.averageReview.toFixed(2),
      reviewCount: product.reviewCount,
      bestRating: 5,
      worstRating: 1,
    }
  }
  if (reviews.length > 0) {
    data.review = reviews.slice(0, 5).map((review) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: review.userName },
      datePublished: review.createdAt.slice(0, 10),
      reviewBody: review.reviewMessage,
      reviewRating: {
        '@type': 'Rating',
        ratingValue: review.reviewValue,
        bestRating: 5,
        worstRating: 1,
      },
    }))
  }
  return data
}

/** The trail from the home page to this one; the last item is the page itself. */
export function breadcrumbJsonLd(
  trail: readonly { name: string; path: string }[],
  absolute: Absolute,
): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absolute(crumb.path),
    })),
  }
}

export function organizationJsonLd(absolute: Absolute): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${absolute('/')}#organization`,
    name: SHOP_NAME,
    url: absolute('/'),
    logo: absolute('/favicon.svg'),
  }
}

/** The site and its search box (Google's sitelinks search box reads `potentialAction`). */
export function websiteJsonLd(absolute: Absolute): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: SHOP_NAME,
    url: absolute('/'),
    publisher: { '@id': `${absolute('/')}#organization` },
    potentialAction: {
      '@type': 'SearchAction',
      target: {
        '@type': 'EntryPoint',
        urlTemplate: `${absolute('/shop/search')}?q={search_term_string}`,
      },
      'query-input': 'required name=search_term_string',
    },
  }
}
