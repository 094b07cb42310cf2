import { LIMITS, type Product } from '@techbazaar/shared'
import { desc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { products, users } from '../../db/schema'
import { productColumns, toProduct } from '../catalog'

const TRIGRAM_THRESHOLD = 0.4
const CANDIDATES = 1000

/** How much a query word counts when it is a whole word of the description only (1 in the title). */
const DESCRIPTION_WORD = 0.4
/** Weight of the share of query words found as whole words: it dominates the rank. */
const COVERAGE_WEIGHT = 4
/** Taken off accessories, so a model name shows the phone before its case and charger. */
const ACCESSORY_PENALTY = 1

/**
 * Listed products for a keyword, best first, at most 50.
 *
 * Two ways to match, both served by GIN indexes:
 * - full-text search on the stored `search_vector` (title and brand as 'simple' words with weight
 *   A, the description as 'english' stems with weight C), queried with websearch syntax in both
 *   configurations, so "galaxy phones" matches a title word and a stemmed description word;
 * - trigram word similarity of the keyword with the title and the brand (`<%`), which forgives
 *   typos. The default threshold (0.6) is too strict for them: one dropped letter in a six-letter
 *   word already scores 0.5 ("samsng galxy" vs "Samsung Galaxy …" is 0.5), so the search sets 0.4
 *   for its own transaction; unrelated titles of the same brand stay near 0.3.
 *
 * The rank (decision 41), highest first:
 * 1. word coverage: the share of the keyword's words that are whole words of the title or brand
 *    (1 each) or, failing that, of the description (0.4 each). "iphone" is a whole word of
 *    "Apple iPhone 16" but only a fragment of "Nothing Phone (3a)", which trigrams still find;
 *    "galaxy s24" covers the S24s fully and the other Galaxys by half. When some product is
 *    covered fully, those covered by nothing (trigram-only fragments) are left out;
 * 2. minus a penalty for accessories (category or section "accessories"), smaller than one word
 *    of a two-word keyword: "iphone" shows the iPhones before the iPhone case, while
 *    "iphone case" still shows the case first;
 * 3. trigram similarity, which orders typos ("samsng galxy") and near ties (closer spellings and
 *    shorter titles first).
 * The keyword is always a bound parameter, and websearch_to_tsquery and plainto_tsquery accept
 * any text without syntax errors, so quotes, operators and SQL-looking input are just words.
 */
export async function searchProducts(
  db: Db,
  keyword: string,
  maxPerProduct: number,
  marketplaceName: string,
): Promise<Product[]> {
  const simple = sql`websearch_to_tsquery('simple', ${keyword})`
  const english = sql`websearch_to_tsquery('english', ${keyword})`
  const textMatch = sql`(${products.searchVector} @@ ${simple} OR ${products.searchVector} @@ ${english})`
  // The keyword arrives trimmed, lower-cased and single-spaced (shared searchParams).
  const coverage = sql<number>`(SELECT avg(CASE
      WHEN ts_filter(${products.searchVector}, '{a}') @@ plainto_tsquery('simple', w.word) THEN 1
      WHEN ${products.searchVector} @@ plainto_tsquery('english', w.word) THEN ${sql.raw(String(DESCRIPTION_WORD))}
      ELSE 0 END)
    FROM unnest(string_to_array(${keyword}, ' ')) AS w(word))`
  const rank = sql<number>`(
    ${coverage} * ${sql.raw(String(COVERAGE_WEIGHT))}
    - CASE WHEN ${products.category} = 'accessories' OR ${products.section} = 'accessories'
        THEN ${sql.raw(String(ACCESSORY_PENALTY))} ELSE 0 END
    + word_similarity(${keyword}, ${products.title})
    + word_similarity(${keyword}, ${products.brand}) * 0.5
    + similarity(${keyword}, ${products.title}) * 0.5
  )`
  const rows = await db.transaction(async (tx) => {
    // Candidates first, each kind capped: a broad keyword ("samsung") can match thousands of
    // rows, and scoring every one (trigram similarity is the costly part) would take hundreds of
    // milliseconds at 100k products. The 50 shown are the best of up to 2 × 1000 matches.
    // Only bitmap scans for this one statement: with a LIMIT the planner otherwise walks the
    // table or a whole btree computing similarity row by row (~300 ms at 100k products) instead
    // of asking the GIN indexes (~25 ms).
    await tx.execute(sql`SELECT
      set_config('pg_trgm.word_similarity_threshold', ${String(TRIGRAM_THRESHOLD)}, true),
      set_config('enable_seqscan', 'off', true),
      set_config('enable_indexscan', 'off', true),
      set_config('enable_indexonlyscan', 'off', true)`)
    const found = await tx.execute(sql`
        (SELECT id FROM products WHERE listed AND ${textMatch} LIMIT ${CANDIDATES})
        UNION
        (SELECT id FROM products
          WHERE listed AND (${keyword} <% title OR ${keyword} <% brand) LIMIT ${CANDIDATES})`)
    // node-postgres and PGlite both answer raw statements with `.rows`.
    const candidates = (found as unknown as { rows: { id: string }[] }).rows.map((row) => row.id)
    if (candidates.length === 0) return []
    await tx.execute(sql`SELECT
      set_config('enable_seqscan', 'on', true),
      set_config('enable_indexscan', 'on', true),
      set_config('enable_indexonlyscan', 'on', true)`)
    return tx
      .select({ ...productColumns, coverage: sql<number>`${coverage}::float8` })
      .from(products)
      .innerJoin(users, eq(users.id, products.sellerId))
      .where(inArray(products.id, candidates))
      .orderBy(desc(rank), products.id)
      .limit(LIMITS.searchMaxResults)
  })
  // Once some product holds every word of the keyword, near spellings that share no whole word
  // with it are fragments ("phone" for "iphone"), not typos: leave them out.
  const exact = rows.some((row) => row.coverage === 1)
  return rows
    .filter((row) => !exact || row.coverage > 0)
    .map(({ coverage: _coverage, ...row }) => toProduct(row, maxPerProduct, marketplaceName))
}
