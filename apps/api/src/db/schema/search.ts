import { sql, type SQL } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
