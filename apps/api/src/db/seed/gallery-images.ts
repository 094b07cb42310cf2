import type { Sharp } from 'sharp'
import type { SeedProduct } from './catalog-data'
import { type DerivedView, productImageFile, seedImageUrl } from './images'

/**
 * The other shots of a seeded product's gallery (decision 091), cut from its cover's pixels
 * rather than drawn again: drawing the SVG is most of the seed's image time, and cropping,
 * turning or lightening the drawn picture costs a few milliseconds. `renderSeedImages` writes
 * them at the cover's sizes (640 and 320 px), so the storefront's srcset finds them.
 */
const VIEWS: readonly { name: string; shape: (image: Sharp) => Sharp }[] = [
  // The device's upper half, closer: the camera and the screen's top.
  {
    name: 'close-up',
    shape: (image) => image.extract({ left: 150, top: 90, width: 340, height: 340 }),
  },
  // Turned 10°: the 741 px square the turn makes, cut to the 548 px square inside it, so no
  // corner shows the fill.
  {
    name: 'angle',
    shape: (image) => image.rotate(-10).extract({ left: 97, top: 97, width: 548, height: 548 }),
  },
  // The lower half with the name label, as a detail shot.
  {
    name: 'detail',
    shape: (image) => image.extract({ left: 130, top: 260, width: 380, height: 380 }),
  },
  // In softer daylight (the same colours, paler: not another colour of the product).
  { name: 'daylight', shape: (image) => image.modulate({ saturation: 0.6, brightness: 1.06 }) },
]

/** How many images a seeded product has, cover included: 3, 4 or 5 by its place in the list. */
export function galleryCount(index: number): number {
  return 3 + (index % 3)
}

/** The shots after the cover of the `index`th seeded product, in gallery order. */
export function galleryViews(product: SeedProduct, index: number): DerivedView[] {
  const cover = productImageFile(product)
  return VIEWS.slice(0, galleryCount(index) - 1).map((view) => ({
    file: cover.replace(/\.webp$/, `-${view.name}.webp`),
    shape: view.shape,
  }))
}

/** Public URLs of a product's shots after the cover (`products.extra_images`). */
export function extraImageUrls(product: SeedProduct, index: number): string[] {
  return galleryViews(product, index).map((view) => seedImageUrl(view.file))
}
