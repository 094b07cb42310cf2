// Its own module, apart from constants.ts: the web entry chunk reads these widths (the home
// banner's early preload), and a module the entry imports is bundled into the entry whole.
/** What an upload is for (apps/api uploads); zod-free here so the web entry chunk can read the widths. */
export const UPLOAD_KINDS = [
  'product',
  'banner',
  'bannerPhone',
  'returnPhoto',
  'reviewPhoto',
] as const
export type UploadKind = (typeof UPLOAD_KINDS)[number]

/**
 * Widths the upload path stores each kind at: the main WebP and its smaller variants (named
 * `-{width}`), which the web app's srcsets point at. A banner is wide (≈3:1); its phone artwork
 * is portrait (≈4:5), so 800 px covers a 390 px phone at 2x. A shopper's photo of a returned
 * item is evidence a seller zooms into (a scratch, a wrong label): 1280 px, with a thumbnail.
 * A review's photo is seen in a list as a small square and opened full size (decision 094):
 * 1280 px for the viewer, 320 px for the thumbnail (an 80 px square at up to 4x).
 */
export const UPLOAD_WIDTHS: Record<UploadKind, { main: number; variants: readonly number[] }> = {
  product: { main: 640, variants: [320] },
  banner: { main: 1800, variants: [640, 320] },
  bannerPhone: { main: 800, variants: [400] },
  returnPhoto: { main: 1280, variants: [320] },
  reviewPhoto: { main: 1280, variants: [320] },
}
