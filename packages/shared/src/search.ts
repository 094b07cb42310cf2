import { z } from 'zod'
import { LIMITS } from './constants'
import { product } from './catalog'

/** Lower-case, every run of whitespace one space, none at either end. */
function normalizeKeyword(keyword: string): string {
  return keyword.replace(/\s+/g, ' ').trim().toLowerCase()
}

/**
 * The search keyword from the path: trimmed, 1-100 characters. Control characters are refused
 * (PostgreSQL rejects a NUL byte in text, and none belongs in a search).
 *
 * The output is the keyword in one form, lower-case with single spaces: the search matches
 * case-insensitively and splits on whitespace anyway (text search and trigrams both), so every
 * spelling gives the same results, and the API's cache keeps one entry for them.
 */
export const searchParams = z.object({
  keyword: z
    .string()
    .trim()
    .min(1, 'Type something to search for')
    .max(LIMITS.searchMaxChars, `Search for at most ${LIMITS.searchMaxChars} characters`)
    .refine(
      // eslint-disable-next-line no-control-regex
      (value) => !/[\u0000-\u001f\u007f]/.test(value),
      'The search contains invalid characters',
    )
    .transform(normalizeKeyword),
})
export type SearchParams = z.output<typeof searchParams>

export const searchResponse = z.object({ success: z.literal(true), data: z.array(product) })
export type SearchReply = z.infer<typeof searchResponse>

/**
 * `GET /api/shop/suggestions?q=`: what the header's search box offers while a shopper types
 * (issue 31.1). The same keyword rules as the search, from one character on.
 */
export const suggestionsQuery = z.object({ q: searchParams.shape.keyword })
export type SuggestionsQuery = z.output<typeof suggestionsQuery>

export const suggestions = z.object({
  /** At most 5 listed products whose title or brand starts with the words typed, best first. */
  products: z.array(
    z.object({
      title: z.string(),
      /** The product page, `productPath`. */
      path: z.string(),
      image: z.string(),
    }),
  ),
  /** At most 3 brands (filter values, e.g. `oneplus`) with their landing page. */
  brands: z.array(z.object({ value: z.string(), path: z.string() })),
  /** At most 3 kinds of product or categories, each with the page that lists them. */
  categories: z.array(z.object({ label: z.string(), path: z.string() })),
})
export type Suggestions = z.infer<typeof suggestions>

export const suggestionsResponse = z.object({ success: z.literal(true), data: suggestions })
export type SuggestionsReply = z.infer<typeof suggestionsResponse>
