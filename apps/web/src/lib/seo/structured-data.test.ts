import type { Review } from '@techbazaar/shared'
import { describe, expect, it } from 'vitest'
import { headMarkup } from './page-head'
import {
  breadcrumbJsonLd,
  organizationJsonLd,
  productJsonLd,
  websiteJsonLd,
  type ProductFacts,
} from './structured-data'

const ORIGIN = 'https://shop.example.in'
const absolute = (path: string) => `${ORIGIN}${path}`

/**
 * The properties schema.org types must carry for Google's rich results (Product snippets,
 * merchant listings, breadcrumbs, sitelinks search box), checked on the emitted JSON: each
 * problem named by its path, so a test failure says what is missing.
 */
function problems(node: unknown, path = '$'): string[] {
  if (Array.isArray(node)) return node.flatMap((item, i) => problems(item, `${path}[${i}]`))
  if (node === null || typeof node !== 'object') return []
  const data = node as Record<string, unknown>
  const found: string[] = []
  const need = (...keys: string[]) => {
    for (const key of keys) {
      const value = data[key]
      if (value === undefined || value === null || value === '') found.push(`${path}.${key}`)
    }
  }
  switch (data['@type']) {
    case 'Product':
      need('name', 'image', 'offers')
      break
    case 'Offer':
      need('price', 'priceCurrency', 'availability')
      if (!/^\d+(\.\d{1,2})?$/.test(String(data.price))) found.push(`${path}.price format`)
      if (data.priceCurrency !== 'INR') found.push(`${path}.priceCurrency INR`)
      if (!/^https:\/\/schema\.org\//.test(String(data.availability))) {
        found.push(`${path}.availability URL`)
      }
      break
    case 'AggregateRating':
      need('ratingValue', 'reviewCount')
      break
    case 'Review':
      need('author', 'reviewRating')
      break
    case 'Rating':
      need('ratingValue')
      break
    case 'BreadcrumbList':
      need('itemListElement')
      break
    case 'ListItem':
      need('position', 'name', 'item')
      break
    case 'WebSite':
      need('url', 'potentialAction')
      break
    case 'SearchAction':
      need('target', 'query-input')
      break
    case 'Organization':
      need('name')
      break
  }
  for (const [key, value] of Object.entries(data)) found.push(...problems(value, `${path}.${key}`))
  return found
}

const phone: ProductFacts = {
  shortId: 'k7m2p9qx',
  title: 'Apple iPhone 15 (128 GB) - Black',
  description: 'A16 Bionic, 48 MP camera, USB-C.',
  image: '/uploads/seed/iphone-15.webp',
  brand: 'apple',
  category: 'smartphones',
  price: 79900,
  salePrice: 69999,
  totalStock: 12,
  averageReview: 4.5,
  reviewCount: 2,
  sellerName: 'Gadget Galaxy Retail Pvt. Ltd.',
  countryOfOrigin: 'India',
}

const review: Review = {
  _id: '5b0c3f4e-9d7a-4c1e-8f2b-7a6d5e4c3b2a',
  productId: '6b0c3f4e-9d7a-4c1e-8f2b-7a6d5e4c3b2a',
  userId: '7b0c3f4e-9d7a-4c1e-8f2b-7a6d5e4c3b2a',
  userName: 'Meera Iyer',
  reviewMessage: 'Great phone </script><script>alert(1)</script>',
  reviewValue: 5,
  createdAt: '2026-11-01T10:00:00.000+05:30',
  verifiedPurchase: true,
  photos: [],
  helpfulCount: 0,
}

describe('structured data (issue 29)', () => {
  it('describes a product with its offer, rating and reviews, with every required property', () => {
    const data = productJsonLd(phone, '/p/apple-iphone-15-128-gb-black-k7m2p9qx', absolute, [
      review,
    ])
    expect(problems(data)).toEqual([])
    expect(data).toMatchObject({
      '@type': 'Product',
      image: [`${ORIGIN}/uploads/seed/iphone-15.webp`],
      offers: {
        price: '69999.00',
        priceCurrency: 'INR',
        availability: 'https://schema.org/InStock',
        seller: { '@type': 'Organization', name: 'Gadget Galaxy Retail Pvt. Ltd.' },
      },
      aggregateRating: { ratingValue: '4.50', reviewCount: 2 },
      review: [{ author: { name: 'Meera Iyer' }, reviewRating: { ratingValue: 5 } }],
    })
  })

  it('leaves out the rating of a product nobody reviewed, and says when it is out of stock', () => {
    const data = productJsonLd(
      { ...phone, reviewCount: 0, averageReview: 0, totalStock: 0, salePrice: 0 },
      '/p/x-k7m2p9qx',
      absolute,
    )
    expect(problems(data)).toEqual([])
    expect(data.aggregateRating).toBeUndefined()
    expect(data.review).toBeUndefined()
    expect(data.offers).toMatchObject({
      price: '79900.00',
      availability: 'https://schema.org/OutOfStock',
    })
  })

  it('gives breadcrumbs positions from 1 and absolute items', () => {
    const data = breadcrumbJsonLd(
      [
        { name: 'Home', path: '/' },
        { name: 'Smartphones', path: '/c/smartphones' },
      ],
      absolute,
    )
    expect(problems(data)).toEqual([])
    expect(data.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${ORIGIN}/` },
      { '@type': 'ListItem', position: 2, name: 'Smartphones', item: `${ORIGIN}/c/smartphones` },
    ])
  })

  it('describes the shop and its search box on the home page', () => {
    const data = [organizationJsonLd(absolute), websiteJsonLd(absolute)]
    expect(problems(data)).toEqual([])
    expect(data[1]).toMatchObject({
      potentialAction: {
        target: { urlTemplate: `${ORIGIN}/shop/search?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    })
  })

  it('finds what is missing (the checker itself)', () => {
    expect(
      problems({ '@type': 'Product', name: 'x', offers: { '@type': 'Offer', price: 'ten' } }),
    ).toEqual([
      '$.image',
      '$.offers.priceCurrency',
      '$.offers.availability',
      '$.offers.price format',
      '$.offers.priceCurrency INR',
      '$.offers.availability URL',
    ])
  })
})

describe('a product with several images (decision 091)', () => {
  const gallery = ['/uploads/seed/iphone-15.webp', '/uploads/seed/iphone-15-2.webp']

  it('lists them all in the JSON-LD, the cover first', () => {
    const data = productJsonLd({ ...phone, images: gallery }, '/p/phone-k7m2p9qx', absolute)
    expect(data.image).toEqual(gallery.map((url) => `${ORIGIN}${url}`))
  })

  it('gives link previews one og:image each, the cover first, and Twitter the cover', () => {
    const head = headMarkup(
      {
        title: 'Phone',
        description: 'A phone',
        canonical: '/p/phone-k7m2p9qx',
        image: gallery[0],
        images: gallery,
      },
      ORIGIN,
    )
    const og = [...head.matchAll(/<meta property="og:image" content="([^"]+)">/g)].map((m) => m[1])
    expect(og).toEqual(gallery.map((url) => `${ORIGIN}${url}`))
    expect(head).toContain(`<meta name="twitter:image" content="${ORIGIN}${gallery[0]}">`)
  })
})

describe('headMarkup', () => {
  it('writes the tags with absolute URLs, and JSON-LD that cannot close its script', () => {
    const head = headMarkup(
      {
        title: 'Phone "Pro" <b> | TechBazaar',
        description: 'Say "hi" & <b>bye</b>',
        canonical: '/p/phone-k7m2p9qx',
        image: '/uploads/seed/iphone-15.webp',
        type: 'product',
        priceRupees: 69999,
        preloadImage: {
          href: '/uploads/seed/iphone-15.webp',
          srcSet: 'a 320w, b 640w',
          sizes: '100vw',
        },
        jsonLd: (abs) => [productJsonLd(phone, '/p/phone-k7m2p9qx', abs, [review])],
      },
      ORIGIN,
    )
    expect(head).toContain(
      '<meta name="description" content="Say &quot;hi&quot; &amp; &lt;b&gt;bye&lt;/b&gt;">',
    )
    expect(head).toContain(`<link rel="canonical" href="${ORIGIN}/p/phone-k7m2p9qx">`)
    expect(head).toContain(
      `<meta property="og:image" content="${ORIGIN}/uploads/seed/iphone-15.webp">`,
    )
    expect(head).toContain('<meta property="og:type" content="product">')
    expect(head).toContain('<meta property="product:price:amount" content="69999.00">')
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image">')
    expect(head).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/uploads/seed/iphone-15.webp" imagesrcset="a 320w, b 640w" imagesizes="100vw">',
    )
    const scripts = [...head.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)]
    expect(scripts).toHaveLength(1)
    expect(scripts[0]![1]).not.toContain('</script')
    expect(JSON.parse(scripts[0]![1]!).review[0].reviewBody).toBe(review.reviewMessage)
  })
})
