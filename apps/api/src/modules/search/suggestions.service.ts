import { brandPath, categoryPath, productPath, type Suggestions } from '@techbazaar/shared'
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { filterOptions, products } from '../../db/schema'
import { searchCandidates } from './candidates'
import { conceptsMatching } from './query-expansion'

const MAX_PRODUCTS = 5
const MAX_BRANDS = 3
const MAX_CATEGORIES = 3

/** The keyword's words as text-search lexemes: letters and digits only, so always valid syntax. */
function lexemes(keyword: string): string[] {
  return keyword
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8)
}

/**
 * What the header's search box offers for a keyword (issue 31.1, decision 80): products whose
 * title or brand holds the words typed (the last one as a prefix: "galaxy s2" offers the S24s),
 * brands starting with them, and the kinds of product and categories they name or start
 * ("mob" offers Mobile phones). When no title holds the words, the products are the kind's most
 * reviewed, else `fallback`'s (the full search: a typo, "samsng").
 */
export async function suggest(
  db: Db,
  keyword: string,
  fallback: (keyword: string) => Promise<{ title: string; shortId: string; image: string }[]>,
): Promise<Suggestions> {
  const words = lexemes(keyword)
  const prefix = words
    .map((word, i) => `'${word}'${i === words.length - 1 ? ':*' : ''}`)
    .join(' & ')
  const query = sql`to_tsquery('simple', ${prefix})`
  const found = words.length
    ? await db
        .select({ title: products.title, shortId: products.shortId, image: products.image })
        .from(products)
        // Listed family leads whose title or brand holds the words, at most 200 of them, never
        // every match of a short prefix ("sa"): the search's own candidates (decision 098).
        .where(sql`${products.id} IN (${searchCandidates({ allWords: query })})`)
        // Titles that begin with what is typed ("sam": Samsung's), then the most reviewed.
        .orderBy(
          desc(sql`starts_with(lower(${products.title}), ${keyword})`),
          desc(products.reviewCount),
          desc(sql`word_similarity(${keyword}, ${products.title})`),
          products.id,
        )
        .limit(MAX_PRODUCTS)
    : []
  const concepts = conceptsMatching(keyword)
  const kinds = [...new Set(concepts.flatMap((concept) => concept.hsn))]
  // No title holds the words: the most reviewed products of the kind they name ("mob": phones),
  // else, from 4 characters, the full search's best (a typo).
  const items =
    found.length > 0
      ? found
      : kinds.length > 0
        ? await db
            .select({ title: products.title, shortId: products.shortId, image: products.image })
            .from(products)
            .where(
              and(
                eq(products.listed, true),
                eq(products.familyLead, true),
                inArray(products.hsn, kinds),
              ),
            )
            .orderBy(desc(products.reviewCount), products.id)
            .limit(MAX_PRODUCTS)
        : keyword.length >= 4
          ? (await fallback(keyword)).slice(0, MAX_PRODUCTS)
          : []

  const options = await db
    .select({ kind: filterOptions.kind, value: filterOptions.value })
    .from(filterOptions)
    .orderBy(filterOptions.value)
  const compact = keyword.replace(/[^\p{L}\p{M}\p{N}]+/gu, '')
  const startsSo = (value: string) => {
    const plain = value.toLowerCase().replace(/[^\p{L}\p{M}\p{N}]+/gu, '')
    return (
      (compact.length > 0 && plain.startsWith(compact)) ||
      words.some((word) => word === plain || (word.length >= 2 && plain.startsWith(word)))
    )
  }
  const brands = options
    .filter((option) => option.kind === 'brand' && startsSo(option.value))
    .slice(0, MAX_BRANDS)
    .map((option) => ({ value: option.value, path: brandPath(option.value) }))
  const categories = [
    ...concepts.map((concept) => ({
      label: concept.label,
      path: `/shop/search?q=${encodeURIComponent(concept.query)}`,
    })),
    ...options
      .filter((option) => option.kind === 'category' && startsSo(option.value))
      .map((option) => ({ label: option.value, path: categoryPath(option.value) })),
  ].slice(0, MAX_CATEGORIES)

  return {
    products: items.map((item) => ({
      title: item.title,
      path: productPath(item),
      image: item.image,
    })),
    brands,
    categories,
  }
}
