import { sql, type SQL } from 'drizzle-orm'

/** Candidates ranked per search: the 50 shown (5 for suggestions) are the best of these. */
const CANDIDATES = 200
/**
 * Documents read in table order before the GIN index is asked (decision 098): a word on more
 * than 2% of the catalog fills the candidates within them; a rarer one has few matches, which
 * the index lists cheaply. Either way no search reads every match of a common word.
 */
const PROBE_ROWS = 10_000

/**
 * A subquery answering the ids of at most 200 listed family leads for a search (the SQL function
 * `search_candidates`, migration 0058): those whose title, brand or kind holds `allWords`; when
 * that is not enough, also `anyWord`'s; when nothing, those whose description holds `described`.
 */
export function searchCandidates(allWords: SQL, anyWord?: SQL, described?: SQL): SQL {
  return sql`SELECT search_candidates(${allWords}, ${anyWord ?? sql`NULL::tsquery`},
    ${described ?? sql`NULL::tsquery`}, ${CANDIDATES}::int, ${PROBE_ROWS}::int)`
}
