/**
 * The upload path stores every image as `u/<32 hex>.webp` plus smaller variants beside it
 * (apps/api/src/modules/uploads/uploads.service.ts): `<name>-320.webp` for a 640 px product
 * shot, `<name>-640.webp` and `<name>-320.webp` for an 1800 px banner. The same names are used on
 * local disk (`/uploads/u/…`) and in the S3 bucket (`${S3_PUBLIC_URL}/u/…`, any host, perhaps
 * under a bucket path), so the path tells ours apart, not the host: a foreign image that merely
 * ends in `.webp` has no variants and must not get a srcset pointing at files that do not exist.
 */
export const UPLOADED = /^(?:https?:\/\/[^/?#]+)?(?:\/[^/?#]+)*\/u\/[0-9a-f]{32}\.webp$/

/**
 * The seed writes the same variants: `<slug>-320.webp` beside each product's `<slug>.webp`, and
 * `-640`/`-320` beside each `banner-<slug>.webp`.
 */
const SEEDED = /^\/uploads\/seed\/[a-z0-9-]+\.webp$/
const SEEDED_BANNER = /^\/uploads\/seed\/banner-[a-z0-9-]+\.webp$/
const SEEDED_VARIANT = /-(320|640)\.webp$/

function isSeededProductImage(url: string): boolean {
  return SEEDED.test(url) && !SEEDED_BANNER.test(url) && !SEEDED_VARIANT.test(url)
}

function isSeededBanner(url: string): boolean {
  return SEEDED_BANNER.test(url) && !SEEDED_VARIANT.test(url)
}

export const variant = (url: string, width: number) =>
  `${url.slice(0, -'.webp'.length)}-${width}.webp`

/**
 * `srcSet` for a product image: phones and dense grids download the 320 px variant, about a
 * quarter of the bytes. Images without known variants get none.
 */
export function productImageSrcSet(url: string): string | undefined {
  if (!UPLOADED.test(url) && !isSeededProductImage(url)) return undefined
  return `${variant(url, 320)} 320w, ${url} 640w`
}

/**
 * `srcSet` for a home-page banner: phones take the 640 or 320 px variant instead of 1800 px.
 */
export function bannerImageSrcSet(url: string): string | undefined {
  if (!UPLOADED.test(url) && !isSeededBanner(url)) return undefined
  return `${variant(url, 320)} 320w, ${variant(url, 640)} 640w, ${url} 1800w`
}

/** Wider than a phone: where a banner with phone artwork shows its wide image. */
export const BANNER_WIDE_MEDIA = '(min-width: 640px)'

/** The card's rendered width: half the phone screen, a third on tablets, ~240 px on desktops. */
export const CARD_IMAGE_SIZES =
  '(min-width: 1280px) 240px, (min-width: 1024px) 22vw, (min-width: 640px) 31vw, 46vw'

/** The detail dialog's image: half of a 896 px dialog on desktops, full width on phones. */
export const DIALOG_IMAGE_SIZES = '(min-width: 768px) 448px, 100vw'

/** The banner spans the home page's max-w-7xl column (1280 px less 2 × 24 px padding). */
export const BANNER_IMAGE_SIZES = '(min-width: 1280px) 1232px, 100vw'
