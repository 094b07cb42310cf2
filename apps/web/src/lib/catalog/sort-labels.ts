import type { SortOption } from '@techbazaar/shared'

/** The listing's sort options as the Sort by menu names them (and the ranking page explains). */
export const SORT_LABELS: Record<SortOption, string> = {
  'price-lowtohigh': 'Price: Low to High',
  'price-hightolow': 'Price: High to Low',
  'title-atoz': 'Title: A to Z',
  'title-ztoa': 'Title: Z to A',
}
