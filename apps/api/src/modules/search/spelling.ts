import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import type { ExpandedWord } from './query-expansion'

/**
 * How close a catalog word must be to a misspelt one to stand in for it (trigram similarity).
 * One dropped or changed letter in a word of five or more letters scores 0.44-0.6 ("galxy" →
 * galaxy 0.44, "samsng" → samsung 0.5); unrelated words of the same length stay under 0.3.
 */
const CORRECTION_SIMILARITY = 0.4
/** At most this many catalog words stand in for one misspelt word. */
const MAX_CORRECTIONS = 2

/** A keyword word as the catalog knows it: found, corrected, or unknown (no close word). */
export interface SpeltWord extends ExpandedWord {
  /** Catalog words close to a word the catalog does not hold ("samsng" → samsung). */
  corrections: string[]
  /** The catalog holds the word (some form or synonym of it), names its kind, or it is a code. */
  known: boolean
}

/** Only words of letters are corrected: model numbers and codes ("s24", "12r") match exactly. */
function checkable(word: ExpandedWord): boolean {
  return word.hsn.length === 0 && /^\p{L}{3,24}$/u.test(word.word)
}

/**
 * Looks the keyword's words up in the catalog's word list (`search_words`, decision 098) in one
 * statement: a word none of whose forms or synonyms the catalog holds gets the catalog's closest
 * words as corrections, which the search then matches as if typed. Words naming a kind of product
 * and words with digits are taken as they are.
 */
export async function checkSpelling(db: Db, words: readonly ExpandedWord[]): Promise<SpeltWord[]> {
  const asked = words
    .map((word, i) => ({ i, word: word.word, forms: [...word.forms, ...word.synonyms] }))
    .filter((entry) => checkable(words[entry.i] as ExpandedWord))
  const answers = new Map<number, { known: boolean; corrections: string[] | null }>()
  if (asked.length > 0) {
    const result = await db.execute(sql`
      SELECT q.i, k.known,
        CASE WHEN k.known THEN NULL ELSE ARRAY(
          SELECT w.word FROM search_words w
          WHERE w.word % q.word AND similarity(w.word, q.word) >= ${CORRECTION_SIMILARITY}
          ORDER BY similarity(w.word, q.word) DESC, w.word
          LIMIT ${MAX_CORRECTIONS}) END AS corrections
      FROM jsonb_to_recordset(${JSON.stringify(asked)}::jsonb) AS q(i int, word text, forms text[])
      CROSS JOIN LATERAL (
        SELECT EXISTS (SELECT 1 FROM search_words w WHERE w.word = ANY (q.forms)) AS known) k`)
    // node-postgres and PGlite both answer raw statements with `.rows`.
    for (const row of (result as unknown as { rows: AnswerRow[] }).rows) {
      answers.set(Number(row.i), { known: row.known, corrections: row.corrections })
    }
  }
  return words.map((word, i) => {
    const answer = answers.get(i)
    return {
      ...word,
      known: answer ? answer.known : true,
      corrections: answer?.corrections ?? [],
    }
  })
}

interface AnswerRow {
  i: number
  known: boolean
  corrections: string[] | null
}
