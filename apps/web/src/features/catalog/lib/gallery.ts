/** "Image 2 of 5 of Galaxy Buds 3"; a product with one image is just its title. */
export function imageAlt(title: string, index: number, count: number): string {
  return count > 1 ? `Image ${index + 1} of ${count} of ${title}` : title
}

/** The image `step` away from `index`, wrapping round: after the last comes the first. */
export function stepIndex(index: number, step: number, count: number): number {
  return (((index + step) % count) + count) % count
}
