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

/** Brands and their lines as the bench generator titles them (generate-products.ts). */
const SEARCH_LINES: readonly [string, readonly string[]][] = [
  ['apple', ['iphone', 'ipad', 'airpods', 'power adapter']],
  ['samsung', ['galaxy a', 'galaxy tab', 'galaxy buds', 'travel adapter']],
  ['xiaomi', ['redmi note', 'pad', 'redmi buds', 'charger combo']],
  ['oneplus', ['nord ce', 'pad', 'buds', 'supervooc cable']],
  ['nothing', ['phone', 'cmf watch pro', 'ear', 'charger']],
  ['realme', ['narzo', 'pad', 'buds air', 'power bank']],
  ['boat', ['nirvana', 'storm call', 'airdopes', 'braided cable']],
]
/** Kinds of product as shoppers type them, Hindi-English spellings among them. */
const SEARCH_KINDS = [
  'mobile',
  'mobail',
  'smartphone',
  'phone',
  'earbuds',
  'earfone',
  'headphones',
  'charger',
  'adaptor',
  'power bank',
  'powerbank',
  'type c cable',
  'cable',
  'tablet',
  'smartwatch',
  'smart watch',
  'phone cover',
  '5g phone',
  'neckband',
  'speaker',
]
const SEARCH_COLOURS = ['black', 'blue', 'silver', 'green', 'gray', 'grey', 'red', 'white']

/** A typo of a word: the n-th of a dropped, doubled or swapped letter (short words kept). */
function typo(word: string, n: number): string {
  if (word.length < 5) return word
  const at = 1 + (n % (word.length - 2))
  switch (n % 3) {
    case 0:
      return word.slice(0, at) + word.slice(at + 1)
    case 1:
      return word.slice(0, at) + word[at] + word.slice(at)
    default:
      return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2)
  }
}

/**
 * 1,000 distinct searches as shoppers type them (issue 33.2), in a fixed order: brands, lines,
 * brand + line, line + model number, kinds of product (Hindi-English spellings among them), a
 * line and a colour, and a misspelt word in a third of them.
 */
export function searchQueries(count = 1_000): string[] {
  const queries = new Set<string>()
  const add = (query: string) => {
    if (queries.size < count) queries.add(query)
  }
  for (let round = 0; queries.size < count && round < 200; round++) {
    for (const [brand, lines] of SEARCH_LINES) {
      const line = lines[round % lines.length] as string
      const model = 10 + ((round * 7 + brand.length) % 90)
      const colour = SEARCH_COLOURS[round % SEARCH_COLOURS.length] as string
      const kind = SEARCH_KINDS[(round + brand.length) % SEARCH_KINDS.length] as string
      const candidates = [
        brand,
        line,
        `${brand} ${line}`,
        `${line} ${model}`,
        `${brand} ${kind}`,
        `${line} ${colour}`,
        kind,
      ]
      for (const [i, query] of candidates.entries()) {
        add(
          (round + i) % 3 === 0
            ? query
                .split(' ')
                .map((word, w) => (w === 0 ? typo(word, round + i) : word))
                .join(' ')
            : query,
        )
      }
    }
  }
  return [...queries]
}

/**
 * The storefront pages an anonymous visitor opens most, rendered on the server ('/p/': the
 * product pages, whose paths the bench draws from the catalog).
 */
export const PAGES = [
  { name: 'home page (HTML)', url: '/' },
  { name: 'listing page (HTML)', url: '/shop/listing' },
  { name: 'listing page, brand filter (HTML)', url: '/shop/listing?brand=samsung' },
  { name: 'static page (HTML)', url: '/aboutUs' },
  { name: 'product pages (HTML)', url: '/p/' },
  { name: 'brand landing page (HTML)', url: '/b/samsung' },
]
