import type { Suggestions } from '@techbazaar/shared'
import { optionLabel } from '@/lib/catalog/option-label'

export interface SuggestionOption {
  id: string
  kind: 'recent' | 'product' | 'brand' | 'category' | 'search'
  label: string
  /** Where choosing it goes. */
  path: string
  image?: string
  /** The search to remember among the recent ones when chosen (a product page is none). */
  record?: string
}

export interface SuggestionGroup {
  key: string
  title?: string
  options: SuggestionOption[]
}

export const searchPath = (keyword: string) => `/shop/search?q=${encodeURIComponent(keyword)}`

/**
 * The popup's groups: while nothing is typed, the recent searches; else the products, brands
 * and kinds the server suggests, then "Search for …" (the results page for what is typed).
 */
export function buildGroups({
  typed,
  suggestions,
  recent,
}: {
  typed: string
  suggestions: Suggestions | undefined
  recent: string[]
}): SuggestionGroup[] {
  if (!typed) {
    return recent.length
      ? [
          {
            key: 'recent',
            title: 'Recent searches',
            options: recent.map((keyword) => ({
              id: `recent:${keyword}`,
              kind: 'recent' as const,
              label: keyword,
              path: searchPath(keyword),
              record: keyword,
            })),
          },
        ]
      : []
  }
  const groups: SuggestionGroup[] = []
  if (suggestions?.products.length) {
    groups.push({
      key: 'products',
      title: 'Products',
      options: suggestions.products.map((product) => ({
        id: `product:${product.path}`,
        kind: 'product',
        label: product.title,
        path: product.path,
        image: product.image,
      })),
    })
  }
  if (suggestions?.brands.length) {
    groups.push({
      key: 'brands',
      title: 'Brands',
      options: suggestions.brands.map((brand) => ({
        id: `brand:${brand.value}`,
        kind: 'brand',
        label: optionLabel(brand.value),
        path: brand.path,
        record: optionLabel(brand.value),
      })),
    })
  }
  if (suggestions?.categories.length) {
    groups.push({
      key: 'categories',
      title: 'Categories',
      options: suggestions.categories.map((category) => ({
        id: `category:${category.path}`,
        kind: 'category',
        label:
          category.label === category.label.toLowerCase()
            ? optionLabel(category.label)
            : category.label,
        path: category.path,
        // A kind opens the results page for its word: that word is the search to remember.
        record: new URLSearchParams(category.path.split('?')[1] ?? '').get('q') ?? undefined,
      })),
    })
  }
  groups.push({
    key: 'search',
    options: [
      {
        id: 'search',
        kind: 'search',
        label: `Search for “${typed}”`,
        path: searchPath(typed),
        record: typed,
      },
    ],
  })
  return groups
}
