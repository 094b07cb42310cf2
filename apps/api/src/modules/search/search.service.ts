import type { Product } from '@techbazaar/shared'
import { eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { products, users } from '../../db/schema'
import { familyCard, productColumns, toProduct } from '../catalog'
import { searchCandidates } from './candidates'
import { expandKeyword } from './query-expansion'
import { anyOf, PHONE_HSN, rankCandidates } from './ranking'
import { checkSpelling, type SpeltWord } from './spelling'

/**
 * Listed products for a keyword, best first, at most 50.
 *
 * Finding (decision 098): each word of the keyword stands for its forms, synonyms and kind of
 * product (synonyms.ts, decision 80) and, when the catalog holds none of them, for the catalog's
 * closest words ("samsng" → samsung, spelling.ts). `search_candidates` then picks at most 60
 * listed family leads from their search documents (title and brand words, the kind as a lexeme):
 * phones holding every word when the keyword names no kind, then any product holding every word,
 * then any holding some word, else those whose description holds the keyword. It never reads
 * every match of a common word: the first documents in table order serve a common word, the GIN
 * index a rare one. A keyword none of whose words the catalog knows finds nothing without asking.
 * Then `rankCandidates` orders them (ranking.ts); once some product holds every word of the
 * keyword, those holding none of them as a whole word are left out.
 * The keyword is always a bound parameter, and plainto/websearch_to_tsquery accept any text
 * without syntax errors, so quotes, operators and SQL-looking input are just words.
 */
export async function searchProducts(
  db: Db,
  keyword: string,
  maxPerProduct: number,
  marketplaceName: string,
): Promise<Product[]> {
  const plan = await planSearch(db, keyword)
  if (!plan) return []
  const ranked = await rankCandidates(db, keyword, plan.words, plan.candidates)
  if (ranked.length === 0) return []
  const found = await db
    .select({ ...productColumns, familyCard })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(
      inArray(
        products.id,
        ranked.map((row) => row.id),
      ),
    )
  const byId = new Map(found.map((row) => [row.id, row]))
  // Once some product holds every word of the keyword (or its kind), products that share no
  // whole word with it (found by the description alone) are left out.
  const exact = ranked.some((row) => row.matchedAll)
  return ranked
    .filter((row) => !exact || row.coverage > 0)
    .flatMap((row) => {
      const product = byId.get(row.id)
      return product ? [toProduct(product, maxPerProduct, marketplaceName)] : []
    })
}

/**
 * What a keyword asks of the catalog: its words as the catalog knows them and the candidates'
 * subquery; null when none of its words is in the catalog (nothing can match).
 */
export async function planSearch(
  db: Db,
  keyword: string,
): Promise<{ words: SpeltWord[]; candidates: SQL } | null> {
  // The keyword arrives trimmed, lower-cased and single-spaced (shared searchParams).
  const words = await checkSpelling(db, expandKeyword(keyword))
  if (words.length === 0 || words.every((word) => !word.known && word.corrections.length === 0)) {
    return null
  }
  const alternatives = words.map(wordAlternatives)
  const allWords = sql`(${sql.join(alternatives, sql` && `)})`
  const anyWord = words.length > 1 ? sql`(${sql.join(alternatives, sql` || `)})` : undefined
  // A keyword naming no kind of product ("samsung", "redmi") is most often typed for phones.
  const preferred = words.some((word) => word.hsn.length > 0)
    ? undefined
    : sql`${`hsn${PHONE_HSN}`}::tsquery`
  const described = sql`(websearch_to_tsquery('simple', ${keyword}) || websearch_to_tsquery('english', ${keyword}))`
  return {
    words,
    candidates: searchCandidates({ allWords, preferred, anyWord, described }),
  }
}

/**
 * What one word of the keyword matches in a search document: its forms, synonyms (phrases: all
 * their words), catalog corrections and kinds of product (the `hsn<code>` lexeme).
 */
function wordAlternatives(word: SpeltWord): SQL {
  const kinds = word.hsn.map((code) => sql`${`hsn${code}`}::tsquery`)
  return sql`(${sql.join(
    [anyOf([...word.forms, ...word.synonyms, ...word.corrections], 'simple'), ...kinds],
    sql` || `,
  )})`
}
