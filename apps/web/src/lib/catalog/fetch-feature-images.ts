import type { FeatureImage, FeatureListReply } from '@techbazaar/shared'
import { api } from '@/lib/api-client'
import { startEarly, takeEarly } from '@/lib/early-request'
import { BANNER_IMAGE_SIZES, BANNER_WIDE_MEDIA, bannerImageSrcSet } from './images'

// The banners' fetcher lives apart from its query (get-feature-images.ts) because the entry
// chunk starts it on the home page, before React Query has loaded (page budget, issue 7).

export function getFeatureImages(signal?: AbortSignal) {
  return api<FeatureListReply>('/common/feature/get', { signal }).then((response) => response.data)
}

function preloadImage(href: string, srcset: string | undefined, sizes: string, media?: string) {
  const link = document.createElement('link')
  link.rel = 'preload'
  link.as = 'image'
  link.href = href
  if (srcset) {
    link.imageSrcset = srcset
    link.imageSizes = sizes
  }
  if (media) link.media = media
  link.fetchPriority = 'high'
  document.head.append(link)
}

/**
 * Fetches the first banner's image as it will be shown, at high priority. A banner with phone
 * artwork is preloaded for wider screens only: phones find their image in the page's <picture>
 * (server-rendered), and its srcset code stays out of the first chunk (page budget).
 */
function preloadBanner(banner: FeatureImage | undefined) {
  if (!banner) return
  const wide = bannerImageSrcSet(banner.image)
  preloadImage(
    banner.image,
    wide,
    BANNER_IMAGE_SIZES,
    banner.mobileImage ? BANNER_WIDE_MEDIA : undefined,
  )
}

/**
 * The home page's first banner is its largest paint: ask for the banners, and fetch the first
 * one's image, while the page's code downloads (called by main.tsx on the home page).
 */
export function requestBannersEarly() {
  startEarly('feature-images', () =>
    getFeatureImages().then((banners) => {
      preloadBanner(banners[0])
      return banners
    }),
  )
}

/** For the banners query: the early answer for its first fetch, the server's afterwards. */
export function takeFeatureImages(signal?: AbortSignal): Promise<FeatureImage[]> {
  return takeEarly('feature-images', () => getFeatureImages(signal))
}
