import { ArrowRight, RotateCcw, ShieldCheck, Truck } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { PageHead } from '@/lib/seo/page-head'
import { organizationJsonLd, websiteJsonLd } from '@/lib/seo/structured-data'
import { BannerCarousel } from '../components/banner-carousel'
import { BrandTiles } from '../components/brand-tiles'
import { ProductSection, SectionShell } from '../components/product-section'

const PROMISES = [
  { icon: Truck, text: 'Delivery across India, tracked to your door' },
  { icon: RotateCcw, text: 'Easy returns and refunds' },
  { icon: ShieldCheck, text: 'Secure payments or cash on delivery' },
]

/** The home page's title in search results and tabs. */
export const HOME_TITLE = 'TechBazaar: Phones, Audio, Electronics & Accessories Online'

export default function HomePage() {
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-10 px-4 py-6 sm:px-6 sm:py-8 lg:gap-14">
      <PageHead
        title={HOME_TITLE}
        description="Shop the latest phones, audio, electronics and accessories from sellers across India: GST invoices, free delivery, cash on delivery and easy returns."
        canonical="/"
        jsonLd={(absolute) => [organizationJsonLd(absolute), websiteJsonLd(absolute)]}
      />
      <BannerCarousel />

      <section className="flex flex-col gap-6 rounded-2xl bg-gradient-to-br from-primary/10 via-accent to-background p-6 sm:p-10 lg:flex-row lg:items-center lg:justify-between">
        <div className="flex max-w-2xl flex-col gap-3">
          <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl lg:text-5xl">
            Shop the Latest Electronics &amp; Gadgets
          </h1>
          <p className="text-base text-pretty text-muted-foreground sm:text-lg">
            Phones, audio and accessories from Apple, Samsung, OnePlus, boAt and more, at prices
            that make sense.
          </p>
          <div>
            <Button asChild size="lg" className="mt-2">
              <Link to="/shop/listing">
                Shop now <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </div>
        </div>
        <ul className="flex flex-col gap-3 text-sm">
          {PROMISES.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-center gap-3">
              <span className="inline-flex size-9 items-center justify-center rounded-full bg-background text-primary shadow-xs">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              {text}
            </li>
          ))}
        </ul>
      </section>

      <ProductSection
        id="featured-products"
        title="Featured Products"
        eager
        query={{ section: ['featured'], limit: 10 }}
        viewAllTo="/shop/listing?section=featured"
      />
      <ProductSection
        id="top-deals"
        title="Top Deals"
        query={{ section: ['top-deals'], limit: 10 }}
        viewAllTo="/shop/listing?section=top-deals"
      />
      <ProductSection
        id="trending-electronics"
        title="Trending Electronics"
        query={{ section: ['trending'], category: ['electronics'], limit: 10 }}
        viewAllTo="/shop/listing?section=trending&category=electronics"
      />

      <SectionShell id="shop-by-brand" title="Shop by Brand" belowTheFold>
        <BrandTiles />
      </SectionShell>

      <ProductSection
        id="premium-picks"
        title="Premium Picks"
        layout="carousel"
        query={{ category: ['electronics'], sortBy: 'price-hightolow', limit: 12 }}
        viewAllTo="/shop/listing?category=electronics&sortBy=price-hightolow"
      />
      <ProductSection
        id="accessories"
        title="Accessories You'll Love"
        layout="carousel"
        query={{ category: ['accessories'], limit: 12 }}
        viewAllTo="/shop/listing?category=accessories"
      />
    </div>
  )
}
