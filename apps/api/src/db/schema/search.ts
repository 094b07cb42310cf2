import { sql } from 'drizzle-orm'
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { products } from './catalog'
import { tsvector } from './columns'

/**
 * What search matches first (decision 098): one narrow row per listed family lead, its title and
 * brand words (weight A) and its kind of product as the lexeme `hsn<code>` (weight B), kept by
 * triggers on `products` (migration 0058). A sixth of a product row's width, so a search can
 * read the first rows in order cheaply when a word is common, and ask the GIN index when it is
 * rare. Products that are not listed, or variants behind their lead, have no row.
 */
export const searchDocuments = pgTable(
  'search_documents',
  {
    productId: uuid('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    words: tsvector('words').notNull(),
  },
  (t) => [index('search_documents_words_idx').using('gin', t.words)],
)

/**
 * Every word of the catalog's titles, brands and descriptions (letters only, 3-24 of them), for
 * correcting a misspelt search word to the nearest word the catalog holds ("samsng" → samsung) by
 * trigram similarity. Kept by the same triggers; a word stays after its last product goes (a
 * correction to it finds nothing and the search goes on without it).
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
])
