import { sql, type SQL } from 'drizzle-orm'

/** Candidates ranked per search: the 50 shown (5 for suggestions) are the best of these. */
const CANDIDATES = 60
/**
 * Documents read in table order before the GIN index is asked (decision 098): a word on more
 * than 1.2% of the catalog fills the candidates within them; a rarer one has few matches, which
 * the index lists cheaply. Either way no search reads every match of a common word.
 */
const PROBE_ROWS = 5_000

export interface CandidateQueries {
  /** Every word of the keyword (each in any of its forms). */
  allWords: SQL
  /** Asked first together with `allWords`: what a keyword of no kind is most often typed for. */
  preferred?: SQL
  /** Any word of the keyword, when every word finds too few. */
  anyWord?: SQL
  /** The keyword in the description too, when nothing else found anything. */
  described?: SQL
}

/**
 * A subquery answering the ids of at most 60 listed family leads for a search (the SQL function
 * `search_candidates`, migration 0058), in the stages of `CandidateQueries`.
 */
export function searchCandidates(queries: CandidateQueries): SQL {
  const orNull = (query?: SQL) => query ?? sql`NULL::tsquery`
  return sql`SELECT search_candidates(${queries.allWords}, ${orNull(queries.preferred)},
    ${orNull(queries.anyWord)}, ${orNull(queries.described)}, ${CANDIDATES}::int, ${PROBE_ROWS}::int)`
}
