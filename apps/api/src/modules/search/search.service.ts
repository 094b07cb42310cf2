import { HSN_CODES, LIMITS, type Product } from '@techbazaar/shared'
import { desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { products, users } from '../../db/schema'
import { familyCard, productColumns, toProduct } from '../catalog'
import { expandKeyword, type ExpandedWord } from './query-expansion'

const TRIGRAM_THRESHOLD = 0.4
const CANDIDATES = 1000

/** How much a query word counts when it is a whole word of the description only (1 in the title). */
const DESCRIPTION_WORD = 0.4
/** A synonym of the query word in the title or brand ("earbuds" for "headphones"). */
const SYNONYM_WORD = 0.9
/** The product is of the kind the query word names (its HSN code: a phone for "mobile"). */
const KIND_WORD = 0.8
/** Weight of the share of query words found as whole words: it dominates the rank. */
const COVERAGE_WEIGHT = 4
/** Taken off accessories, so a model name shows the phone before its case and charger. */
const ACCESSORY_PENALTY = 1
/**
 * Added to phones when the keyword names no kind of product: a brand or a line alone ("samsung",
 * "redmi") is most often typed for its phones, which then come before its buds and cables.
 * Smaller than a word of coverage, so it only orders products that match the keyword alike.
 */
const PHONE_PRIOR = 0.5
const PHONE_HSN = '851713'
/** HSN codes of the shop's list that are accessories: no penalty when the keyword names one. */
const ACCESSORY_KINDS: ReadonlySet<string> = new Set(
  HSN_CODES.filter((entry) => entry.category === 'accessories').map((entry) => entry.code),
)

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
  // The keyword arrives trimmed, lower-cased and single-spaced (shared searchParams); each word
  // also stands for its forms, synonyms and kind of product (synonyms.ts, decision 80).
  const words = expandKeyword(keyword)
  const expandedMatch = words.length
    ? sql`${products.searchVector} @@ (${sql.join(
        words.map((word) => anyOf([...word.forms, ...word.synonyms], 'simple')),
        sql` && `,
      )})`
    : sql`false`
  const kinds = [...new Set(words.flatMap((word) => word.hsn))]
  const kindMatch = kinds.length
    ? sql`UNION (SELECT id FROM products WHERE listed AND family_lead AND hsn IN (${sql.join(
        kinds.map((code) => sql`${code}`),
        sql`, `,
      )}) LIMIT ${CANDIDATES})`
    : sql``
  const coverage = words.length
    ? sql<number>`((${sql.join(words.map(wordScore), sql` + `)}) / ${sql.raw(`${words.length}.0`)})`
    : sql<number>`0`
  // Every word found in the title or brand (in some form or synonym) or as the product's kind.
  const matchedAll = words.length
    ? sql<boolean>`(${sql.join(
        words.map((word) => sql`${wordScore(word)} >= ${sql.raw(String(KIND_WORD))}`),
        sql` AND `,
      )})`
    : sql<boolean>`false`
  // A keyword naming a kind of accessory ("phone cover", "samsung charger") wants that kind: the
  // other words say what it is for, so everything else (the phone itself) takes the penalty.
  // Otherwise accessories do, and phones come first among equals.
  const accessoryKinds = kinds.filter((code) => ACCESSORY_KINDS.has(code))
  const kindOrder = accessoryKinds.length
    ? sql`CASE WHEN ${products.hsn} IN (${sql.join(
        accessoryKinds.map((code) => sql`${code}`),
        sql`, `,
      )}) THEN 0 ELSE ${sql.raw(String(-ACCESSORY_PENALTY))} END`
    : sql`CASE WHEN ${products.category} = 'accessories' OR ${products.section} = 'accessories'
        THEN ${sql.raw(String(-ACCESSORY_PENALTY))}
        WHEN ${products.hsn} = ${PHONE_HSN} AND ${kinds.length === 0}
        THEN ${sql.raw(String(PHONE_PRIOR))} ELSE 0 END`
  const rank = sql<number>`(
    ${coverage} * ${sql.raw(String(COVERAGE_WEIGHT))}
    + ${kindOrder}
    + word_similarity(${keyword}, ${products.title})
    + word_similarity(${keyword}, ${products.brand}) * 0.5
    + similarity(${keyword}, ${products.title}) * 0.5
  )`
  const rows = await db.transaction(async (tx) => {
    // Candidates first, each kind capped: a broad keyword ("samsung") can match thousands of
    // rows, and scoring every one (trigram similarity is the costly part) would take hundreds of
    // milliseconds at 100k products. The 50 shown are the best of a few × 1000 matches.
    // Only bitmap scans for this one statement: with a LIMIT the planner otherwise walks the
    // table or a whole btree computing similarity row by row (~300 ms at 100k products) instead
    // of asking the GIN indexes (~25 ms).
    await tx.execute(sql`SELECT
      set_config('pg_trgm.word_similarity_threshold', ${String(TRIGRAM_THRESHOLD)}, true),
      set_config('enable_seqscan', 'off', true),
      set_config('enable_indexscan', 'off', true),
      set_config('enable_indexonlyscan', 'off', true)`)
    const found = await tx.execute(sql`
        (SELECT id FROM products WHERE listed AND family_lead AND ${textMatch} LIMIT ${CANDIDATES})
        UNION
        (SELECT id FROM products
          WHERE listed AND family_lead AND (${keyword} <% title OR ${keyword} <% brand) LIMIT ${CANDIDATES})
        UNION
        (SELECT id FROM products WHERE listed AND family_lead AND ${expandedMatch} LIMIT ${CANDIDATES})
        ${kindMatch}`)
    // node-postgres and PGlite both answer raw statements with `.rows`.
    const candidates = (found as unknown as { rows: { id: string }[] }).rows.map((row) => row.id)
    if (candidates.length === 0) return []
    await tx.execute(sql`SELECT
      set_config('enable_seqscan', 'on', true),
      set_config('enable_indexscan', 'on', true),
      set_config('enable_indexonlyscan', 'on', true)`)
    return tx
      .select({
        ...productColumns,
        familyCard,
        coverage: sql<number>`${coverage}::float8`,
        matchedAll: sql<boolean>`${matchedAll}`,
      })
      .from(products)
      .innerJoin(users, eq(users.id, products.sellerId))
      .where(inArray(products.id, candidates))
      .orderBy(desc(rank), products.id)
      .limit(LIMITS.searchMaxResults)
  })
  // Once some product holds every word of the keyword (or its kind), near spellings that share no
  // whole word with it are fragments ("phone" for "iphone"), not typos: leave them out.
  const exact = rows.some((row) => row.matchedAll)
  return rows
    .filter((row) => !exact || row.coverage > 0)
    .map(({ coverage: _coverage, matchedAll: _matchedAll, ...row }) =>
      toProduct(row, maxPerProduct, marketplaceName),
    )
}

/** A tsquery matching any of the words or phrases (a phrase: all its words present). */
export function anyOf(words: readonly string[], config: 'simple' | 'english'): SQL {
  return sql`(${sql.join(
    words.map((word) => sql`plainto_tsquery(${config}::regconfig, ${word})`),
    sql` || `,
  )})`
}

/**
 * How much one word of the keyword counts for a product (decision 41, Amended by 80): 1 when
 * the title or brand holds it in one of its forms (singular, plural, other spelling), 0.9 for a
 * synonym there ("earbuds" for "headphones"), 0.8 when the product is of the kind the word names
 * (its HSN code: every phone for "mobile"), 0.4 when only the description holds it (a synonym
 * there is not enough: a charger's description names the phones it charges).
 */
function wordScore(word: ExpandedWord): SQL {
  const titleOrBrand = sql`ts_filter(${products.searchVector}, '{a}')`
  const synonym = word.synonyms.length
    ? sql`WHEN ${titleOrBrand} @@ ${anyOf(word.synonyms, 'simple')} THEN ${sql.raw(String(SYNONYM_WORD))}`
    : sql``
  const kind = word.hsn.length
    ? sql`WHEN ${products.hsn} IN (${sql.join(
        word.hsn.map((code) => sql`${code}`),
        sql`, `,
      )}) THEN ${sql.raw(String(KIND_WORD))}`
    : sql``
  return sql`(CASE
      WHEN ${titleOrBrand} @@ ${anyOf(word.forms, 'simple')} THEN 1
      ${synonym}
      ${kind}
      WHEN ${products.searchVector} @@ ${anyOf(word.forms, 'english')}
        THEN ${sql.raw(String(DESCRIPTION_WORD))}
      ELSE 0 END)`
}
