/**
 * What the benchmark asks for (bench/run.ts): the listing's filter, sort and page mixes, the
 * variant option filters, the filter panel's counts, the home page's data and typo'd searches.
 */
/** Misspelt searches, as shoppers type them. */
export const SEARCHES = [
  'samsng galxy',
  'iphon',
  'redmi note',
  'wireles earbuds',
  'oneplus nord',
  'boat',
]

/** The home page's data as the web asks for it: the banners and its five product sections. */
export function homePaths(): string[] {
  const sections: Record<string, string>[] = [
    { section: 'featured', limit: '10' },
    { section: 'top-deals', limit: '10' },
    { section: 'trending', category: 'electronics', limit: '10' },
    { category: 'electronics', sortBy: 'price-hightolow', limit: '12' },
    { category: 'accessories', limit: '12' },
  ]
  return [
    '/api/common/feature/get',
    ...sections.map(
      (section) =>
        `/api/shop/products/get?${new URLSearchParams({ sortBy: 'price-lowtohigh', page: '1', ...section })}`,
    ),
  ]
}

/**
 * 240 distinct listing URLs (category x brand x price cap x sort x page), so the cached runs
 * measure a realistic spread of pages, not one hot key.
 */
export function listingPaths(): string[] {
  const paths: string[] = []
  for (const category of ['', 'electronics', 'accessories'])
    for (const brand of ['', 'apple', 'samsung', 'samsung,apple', 'xiaomi'])
      for (const maxPrice of ['', '50000'])
        for (const sortBy of ['price-lowtohigh', 'price-hightolow', 'title-atoz', 'title-ztoa'])
          for (const page of [1, 2]) {
            const query = new URLSearchParams({ sortBy, page: String(page) })
            if (category) query.set('category', category)
            if (brand) query.set('brand', brand)
            if (maxPrice) query.set('maxPrice', maxPrice)
            paths.push(`/api/shop/products/get?${query}`)
          }
  return paths
}

/**
 * The variant option filters (decision 090) over the generated families (one product in 20):
 * a colour, a storage size, both, with and without a brand, two sorts, two pages.
 */
export function optionListingPaths(): string[] {
  const paths: string[] = []
  for (const options of [
    'colour:blue',
    'colour:black',
    'storage:256 gb',
    'colour:blue,storage:256 gb',
  ])
    for (const brand of ['', 'samsung'])
      for (const sortBy of ['price-lowtohigh', 'title-atoz'])
        for (const page of [1, 2]) {
          const query = new URLSearchParams({ options, sortBy, page: String(page) })
          if (brand) query.set('brand', brand)
          paths.push(`/api/shop/products/get?${query}`)
        }
  return paths
}

/** The filter panel's counts (option values included) for a few filter sets. */
export function facetPaths(): string[] {
  return ['', 'category=electronics', 'brand=samsung', 'options=colour:blue', 'maxPrice=50000'].map(
    (query) => `/api/shop/products/facets${query ? `?${query}` : ''}`,
  )
}
