import { UPLOAD_WIDTHS } from '@techbazaar/shared'
import { UPLOADED, variant } from '@/lib/catalog/images'

// The banners' phone artwork, apart from images.ts: the first chunk needs the wide banner's
// srcset for its early preload, and only the carousel needs these (page budget).

/** The seed's phone artwork: `banner-<slug>-phone.webp` with `-400` beside it. */
const SEEDED_PHONE_BANNER = /^\/uploads\/seed\/banner-[a-z0-9-]+-phone\.webp$/

/**
 * `srcSet` for a banner's phone artwork (800 px, a 400 px variant): a 390 px phone at 1x takes
 * the variant, at 2x or 3x the full image.
 */
export function bannerPhoneImageSrcSet(url: string): string | undefined {
  if (!UPLOADED.test(url) && !SEEDED_PHONE_BANNER.test(url)) return undefined
  const { main, variants } = UPLOAD_WIDTHS.bannerPhone
  return [...variants.map((width) => `${variant(url, width)} ${width}w`), `${url} ${main}w`].join(
    ', ',
  )
}

/** Below Tailwind's `sm` breakpoint a banner with phone artwork shows it (the carousel's <source>). */
export const BANNER_PHONE_MEDIA = '(max-width: 639px)'
/** The phone artwork's intrinsic size (4:5), for the <source>'s aspect ratio. */
export const BANNER_PHONE_SIZE = { width: UPLOAD_WIDTHS.bannerPhone.main, height: 1000 }
/** On phones the banner spans the screen less the page's 2 × 16 px padding. */
export const BANNER_PHONE_IMAGE_SIZES = 'calc(100vw - 32px)'
