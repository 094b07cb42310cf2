/**
 * `srcSet` for a product image: the seed and the upload endpoint both write `<name>-320.webp`
 * beside each 640 px `<name>.webp` under /uploads, so phones and dense grids download about a
 * quarter of the bytes. Other URLs have no known variant and get no srcset.
 */
export function productImageSrcSet(url: string): string | undefined {
  if (!url.startsWith('/uploads/') || !url.endsWith('.webp') || url.endsWith('-320.webp')) {
    return undefined
  }
  return `${url.slice(0, -'.webp'.length)}-320.webp 320w, ${url} 640w`
}

/** The card's rendered width: half the phone screen, a third on tablets, ~240 px on desktops. */
export const CARD_IMAGE_SIZES =
  '(min-width: 1280px) 240px, (min-width: 1024px) 22vw, (min-width: 640px) 31vw, 46vw'

/** The detail dialog's image: half of a 896 px dialog on desktops, full width on phones. */
export const DIALOG_IMAGE_SIZES = '(min-width: 768px) 448px, 100vw'
