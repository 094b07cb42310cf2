import type { FeatureImage } from '@techbazaar/shared'
import { LIMITS } from '@techbazaar/shared'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Link } from 'react-router'
import { HydrateLater } from '@/components/hydrate-later'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/utils'
import { useFeatureImages } from '@/lib/catalog/get-feature-images'
import { CAROUSEL_VIEWPORT_CLASS, useCarousel } from '../hooks/use-carousel'
import {
  BANNER_PHONE_IMAGE_SIZES,
  BANNER_PHONE_MEDIA,
  BANNER_PHONE_SIZE,
  bannerPhoneImageSrcSet,
} from '../lib/banner-phone-images'
import { BANNER_IMAGE_SIZES, bannerImageSrcSet } from '@/lib/catalog/images'

// On phones the 3:1 banner is short, so the controls sit in a row under it; from 640 px they
// float over the banner's edges.
const arrowClass =
  'z-10 inline-flex size-11 cursor-pointer items-center justify-center rounded-full border bg-background/90 text-foreground shadow-sm backdrop-blur transition-colors outline-none hover:bg-background focus-visible:ring-[3px] focus-visible:ring-ring/60 sm:absolute sm:top-1/2 sm:-translate-y-1/2 sm:border-transparent sm:shadow-md'

/** The home page's rotating banners (≈3:1); each advances after 15 s unless held still. */
export function BannerCarousel() {
  const query = useFeatureImages()
  if (query.isPending) {
    return (
      <div>
        <Skeleton className="aspect-[3/1] w-full rounded-xl" />
        {/* Room for the phone's control row under the banners, so the page does not jump. */}
        <div className="mt-2 h-11 sm:hidden" />
      </div>
    )
  }
  // A banner is decoration: when there are none (or they fail) the hero below carries the page.
  if (query.isError || query.data.length === 0) return null
  return (
    <HydrateLater slot="home-banners">
      <Banners banners={query.data} />
    </HydrateLater>
  )
}

/**
 * One banner's image. With phone artwork, a <picture> lets the browser pick it below 640 px
 * (and download only that); without, the wide image serves every width, shrunk on phones.
 */
function BannerImage({ banner, first }: { banner: FeatureImage; first: boolean }) {
  const img = (
    <img
      src={banner.image}
      srcSet={bannerImageSrcSet(banner.image)}
      sizes={BANNER_IMAGE_SIZES}
      alt={banner.title ?? 'TechBazaar offer'}
      width={1800}
      height={600}
      loading={first ? 'eager' : 'lazy'}
      fetchPriority={first ? 'high' : 'auto'}
      decoding="async"
      className={cn(
        'aspect-[3/1] w-full object-cover',
        banner.mobileImage && 'max-sm:aspect-[4/5]',
      )}
    />
  )
  if (!banner.mobileImage) return img
  return (
    <picture>
      <source
        media={BANNER_PHONE_MEDIA}
        srcSet={bannerPhoneImageSrcSet(banner.mobileImage) ?? banner.mobileImage}
        sizes={BANNER_PHONE_IMAGE_SIZES}
        width={BANNER_PHONE_SIZE.width}
        height={BANNER_PHONE_SIZE.height}
      />
      {img}
    </picture>
  )
}

function Banners({ banners }: { banners: FeatureImage[] }) {
  const { viewportRef, pauseProps, ...carousel } = useCarousel({ delayMs: LIMITS.bannerRotateMs })
  const many = banners.length > 1

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Offers"
      className="relative"
      {...pauseProps}
    >
      <div ref={viewportRef} className={cn(CAROUSEL_VIEWPORT_CLASS, 'rounded-xl bg-muted')}>
        <ul className="flex">
          {banners.map((banner, index) => {
            const image = <BannerImage banner={banner} first={index === 0} />
            // Only the banner in view takes focus: Tab reaches its link, the arrows and dots
            // bring the others in (a hidden slide's link would be focused off-screen).
            const hidden = many && carousel.selected !== index
            return (
              <li
                key={banner._id}
                className="min-w-0 shrink-0 grow-0 basis-full snap-start"
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${banners.length}`}
                aria-hidden={hidden || undefined}
                inert={hidden}
              >
                {banner.href ? (
                  <Link
                    to={banner.href}
                    tabIndex={hidden ? -1 : undefined}
                    className="block outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:ring-inset"
                  >
                    {image}
                  </Link>
                ) : (
                  image
                )}
              </li>
            )
          })}
        </ul>
      </div>
      {many && (
        <div className="mt-2 flex items-center justify-center gap-1 sm:contents">
          <button
            type="button"
            aria-label="Previous banner"
            className={cn(arrowClass, 'sm:left-4')}
            onClick={carousel.scrollPrev}
          >
            <ChevronLeft className="size-5" aria-hidden="true" />
          </button>
          <div className="flex justify-center sm:absolute sm:inset-x-0 sm:bottom-2">
            {banners.map((banner, index) => (
              <button
                key={banner._id}
                type="button"
                aria-label={`Show banner ${index + 1}`}
                aria-current={carousel.selected === index ? 'true' : undefined}
                onClick={() => carousel.scrollTo(index)}
                className="group/dot inline-flex size-11 cursor-pointer items-center justify-center outline-none sm:size-8"
              >
                <span
                  className={cn(
                    'block h-2 rounded-full transition-all group-focus-visible/dot:ring-2 group-focus-visible/dot:ring-ring sm:shadow sm:ring-1 sm:ring-black/10',
                    carousel.selected === index
                      ? 'w-6 bg-primary sm:bg-white'
                      : 'w-2 bg-foreground/25 sm:bg-white/70',
                  )}
                />
              </button>
            ))}
          </div>
          <button
            type="button"
            aria-label="Next banner"
            className={cn(arrowClass, 'sm:right-4')}
            onClick={carousel.scrollNext}
          >
            <ChevronRight className="size-5" aria-hidden="true" />
          </button>
        </div>
      )}
    </section>
  )
}
