import { HSN_CODES, LIMITS } from '@techbazaar/shared'
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import type { SpeltWord } from './spelling'

/** How much a query word counts when it is a whole word of the description only (1 in the title). */
const DESCRIPTION_WORD = 0.4
/** A synonym of the query word in the title or brand ("earbuds" for "headphones"). */
const SYNONYM_WORD = 0.9
/** A catalog word close to a misspelt query word, in the title or brand ("samsung" for "samsng"). */
const CORRECTED_WORD = 0.85
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
export const PHONE_HSN = '851713'
/** HSN codes of the shop's list that are accessories: no penalty when the keyword names one. */
const ACCESSORY_KINDS: ReadonlySet<string> = new Set(
  HSN_CODES.filter((entry) => entry.category === 'accessories').map((entry) => entry.code),
)

/** One ranked candidate: its id, the share of the keyword's words it holds, and whether all. */
export interface Ranked {
  id: string
  coverage: number
  matchedAll: boolean
}

/**
 * The best candidates for a keyword, at most 50, best first (decision 41, amended by 80 and 98):
 * 1. word coverage: the share of the keyword's words that are whole words of the title or brand
 *    (1 each; a synonym 0.9, a catalog correction of a misspelt word 0.85, the product's kind
 *    0.8) or, failing that, of the description (0.4 each);
 * 2. minus a penalty for accessories (category or section "accessories"), smaller than one word
 *    of a two-word keyword: "iphone" shows the iPhones before the iPhone case, while
 *    "iphone case" still shows the case first; a keyword naming a kind of accessory ("phone
 *    cover") penalises everything else instead, and a keyword naming no kind puts phones first
 *    among equals;
 * 3. trigram similarity of the keyword with the title and brand, which orders near ties (closer
 *    spellings and shorter titles first).
 * Each word's score is computed once per candidate (a LATERAL over its scores), on the narrow
 * search document for the title and brand words and the product's own vector for the
 * description, so ranking 200 candidates costs a few milliseconds.
 */
export async function rankCandidates(
  db: Db,
  keyword: string,
  words: readonly SpeltWord[],
  candidates: SQL,
): Promise<Ranked[]> {
  const result = await db.execute(rankingQuery(keyword, words, candidates))
  // node-postgres and PGlite both answer raw statements with `.rows`.
  return (result as unknown as { rows: Ranked[] }).rows
}

/** The statement `rankCandidates` runs (apart, so the bench can EXPLAIN it). */
export function rankingQuery(keyword: string, words: readonly SpeltWord[], candidates: SQL): SQL {
  const kinds = [...new Set(words.flatMap((word) => word.hsn))]
  const accessoryKinds = kinds.filter((code) => ACCESSORY_KINDS.has(code))
  const kindOrder = accessoryKinds.length
    ? sql`CASE WHEN c.hsn IN (${sql.join(
        accessoryKinds.map((code) => sql`${code}`),
        sql`, `,
      )}) THEN 0 ELSE ${sql.raw(String(-ACCESSORY_PENALTY))} END`
    : sql`CASE WHEN c.category = 'accessories' OR c.section = 'accessories'
        THEN ${sql.raw(String(-ACCESSORY_PENALTY))}
        WHEN c.hsn = ${PHONE_HSN} AND ${kinds.length === 0}
        THEN ${sql.raw(String(PHONE_PRIOR))} ELSE 0 END`
  return sql`
    WITH c AS MATERIALIZED (
      SELECT p.id, d.words, p.search_vector, p.title, p.brand, p.hsn, p.category, p.section
      FROM search_documents d JOIN products p ON p.id = d.product_id
      WHERE d.product_id IN (${candidates})
    )
    SELECT c.id, s.coverage, s.matched_all AS "matchedAll"
    FROM c CROSS JOIN LATERAL (
      SELECT avg(score)::float8 AS coverage, bool_and(score >= ${sql.raw(String(KIND_WORD))}) AS matched_all
      FROM (VALUES ${sql.join(
        words.map((word) => sql`(${wordScore(word)})`),
        sql`, `,
      )}) AS w(score)
    ) s
    ORDER BY s.coverage * ${sql.raw(String(COVERAGE_WEIGHT))} + ${kindOrder}
      + word_similarity(${keyword}, c.title) + word_similarity(${keyword}, c.brand) * 0.5
      + similarity(${keyword}, c.title) * 0.5 DESC, c.id
    LIMIT ${LIMITS.searchMaxResults}`
}

/** A tsquery matching any of the words or phrases (a phrase: all its words present). */
export function anyOf(words: readonly string[], config: 'simple' | 'english'): SQL {
  return sql`(${sql.join(
    words.map((word) => sql`plainto_tsquery(${config}::regconfig, ${word})`),
    sql` || `,
  )})`
}

/**
 * How much one word of the keyword counts for a candidate `c` (decision 41, amended by 80 and
 * 98): 1 when the title or brand holds it in one of its forms (singular, plural, other
 * spelling), 0.9 for a synonym there ("earbuds" for "headphones"), 0.85 for a catalog word close
 * to a misspelt one, 0.8 when the product is of the kind the word names (its HSN code: every
 * phone for "mobile"), 0.4 when only the description holds it (a synonym there is not enough: a
 * charger's description names the phones it charges).
 */
function wordScore(word: SpeltWord): SQL {
  const also = (alternatives: readonly string[], score: number) =>
    alternatives.length
      ? sql`WHEN c.words @@ ${anyOf(alternatives, 'simple')} THEN ${sql.raw(String(score))}`
      : sql``
  const kind = word.hsn.length
    ? sql`WHEN c.hsn IN (${sql.join(
        word.hsn.map((code) => sql`${code}`),
        sql`, `,
      )}) THEN ${sql.raw(String(KIND_WORD))}`
    : sql``
  return sql`CASE
      WHEN c.words @@ ${anyOf(word.forms, 'simple')} THEN 1
      ${also(word.synonyms, SYNONYM_WORD)}
      ${also(word.corrections, CORRECTED_WORD)}
      ${kind}
      WHEN c.search_vector @@ ${anyOf(word.forms, 'english')}
        THEN ${sql.raw(String(DESCRIPTION_WORD))}
      ELSE 0 END`
}
