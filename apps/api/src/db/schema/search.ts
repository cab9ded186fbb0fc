import { pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
