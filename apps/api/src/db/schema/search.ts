import { sql, type SQL } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Search synonyms the owner keeps (docs/decisions/020): a word or phrase a shopper may type
 * ("amber", "sebha") and the words it stands for in the catalogue ("كهرمان", "سبحة"). The key is
 * the term's match words (normalised, without the Arabic article, see search-terms.ts), one entry
 * per key.
 */
export const searchSynonyms = pgTable(
  'search_synonyms',
  {
    id: serial('id').primaryKey(),
    term: text('term').notNull(),
    term_key: text('term_key').notNull(),
    targets: text('targets').array().notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('search_synonyms_term_key_key').on(table.term_key)],
);

/**
 * Every distinct word of the products' search documents (products.search_tokens) and how many
 * products have it, kept by triggers on products (migration 0020). A query word becomes the
 * words that contain it: the trigram index answers words of three letters or more, and
 * short_grams (every one- and two-letter piece of the word) the shorter ones
 * (docs/decisions/027).
 */
export const searchVocabulary = pgTable(
  'search_vocabulary',
  {
    token: text('token').primaryKey(),
    products: integer('products').notNull(),
    short_grams: text('short_grams')
      .array()
      .generatedAlwaysAs((): SQL => sql`shop_short_grams(${searchVocabulary.token})`),
  },
  (table) => [
    index('search_vocabulary_token_trgm_idx').using('gin', sql`${table.token} gin_trgm_ops`),
    index('search_vocabulary_short_grams_idx').using('gin', table.short_grams),
  ],
);

/**
 * The version of what the storefront's search finds (docs/decisions/034): one row, raised by
 * statement triggers (migration 0021) in the transaction of every change to the published
 * products' words, status, flags, categories or dates, or to the category tree. A server process
 * reads the catalogue into its search index at one version, and uses the index only while the
 * database still says that version.
 */
export const searchIndexVersion = pgTable(
  'search_index_version',
  {
    id: boolean('id').primaryKey().default(true),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (table) => [check('search_index_version_single_row', sql`${table.id}`)],
);
