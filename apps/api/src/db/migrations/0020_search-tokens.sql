-- Search on words instead of substrings (docs/decisions/027). A query word has no space, so it is
-- in a search document exactly when it is in one of the document's space-separated words:
-- products.search_tokens holds those words under a GIN index, and search_vocabulary the distinct
-- words, where a query word is looked up (trigrams for three letters or more, short_grams below).
--
-- Every one- and two-letter piece of a word: a word of one or two letters is in a vocabulary
-- word exactly when it is one of these (trigrams cannot answer it).
CREATE FUNCTION shop_short_grams(token text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT array(
    SELECT DISTINCT substr(token, position, size)
    FROM generate_series(1, char_length(token)) AS position, (VALUES (1), (2)) AS sizes(size)
    WHERE position + size - 1 <= char_length(token)
  )
$$;
--> statement-breakpoint
CREATE TABLE "search_vocabulary" (
	"token" text PRIMARY KEY NOT NULL,
	"products" integer NOT NULL,
	"short_grams" text[] GENERATED ALWAYS AS (shop_short_grams("search_vocabulary"."token")) STORED
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_tokens" text[] GENERATED ALWAYS AS (string_to_array(shop_normalize("products"."name" || ' ' || coalesce("products"."name_en", '') || ' ' || coalesce("products"."short_description", '') || ' ' || coalesce("products"."short_description_en", '') || ' ' || coalesce("products"."description", '') || ' ' || coalesce("products"."description_en", '')) || ' ' || coalesce("products"."category_text", ''), ' ')) STORED;--> statement-breakpoint
CREATE INDEX "search_vocabulary_token_trgm_idx" ON "search_vocabulary" USING gin ("token" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_vocabulary_short_grams_idx" ON "search_vocabulary" USING gin ("short_grams");--> statement-breakpoint
CREATE INDEX "products_search_tokens_idx" ON "products" USING gin ("search_tokens");
--> statement-breakpoint
-- The vocabulary follows the products: each product counts once for each distinct word of its
-- document (drafts too: the back office searches them). Counts change by upsert in word order,
-- so concurrent writers queue on the rows they share instead of deadlocking, and a word no
-- product has any more is removed.
CREATE FUNCTION search_vocabulary_change(added text[], removed text[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO search_vocabulary AS vocabulary (token, products)
  SELECT token, sum(delta)::integer FROM (
    SELECT unnest(added) AS token, 1 AS delta
    UNION ALL
    SELECT unnest(removed), -1
  ) AS changes
  WHERE token <> ''
  GROUP BY token
  HAVING sum(delta) <> 0
  ORDER BY token
  ON CONFLICT (token) DO UPDATE SET products = vocabulary.products + excluded.products;
  DELETE FROM search_vocabulary WHERE token = ANY (removed) AND products <= 0;
$$;
--> statement-breakpoint
-- Inserts and deletes, one call per statement (a catalogue import adds thousands of rows at once).
CREATE FUNCTION products_search_vocabulary_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_vocabulary_change(
    array(SELECT token FROM new_rows, LATERAL (SELECT DISTINCT unnest(new_rows.search_tokens) AS token) AS words),
    '{}');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_vocabulary_insert
AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION products_search_vocabulary_insert();
--> statement-breakpoint
CREATE FUNCTION products_search_vocabulary_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_vocabulary_change(
    '{}',
    array(SELECT token FROM old_rows, LATERAL (SELECT DISTINCT unnest(old_rows.search_tokens) AS token) AS words));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_vocabulary_delete
AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION products_search_vocabulary_delete();
--> statement-breakpoint
-- Updates row by row, and only when the words changed: stock and price changes (every order)
-- cost a comparison, not a call.
CREATE FUNCTION products_search_vocabulary_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_vocabulary_change(
    array(SELECT DISTINCT unnest(NEW.search_tokens)),
    array(SELECT DISTINCT unnest(OLD.search_tokens)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_vocabulary_update
AFTER UPDATE ON products
FOR EACH ROW WHEN (OLD.search_tokens IS DISTINCT FROM NEW.search_tokens)
EXECUTE FUNCTION products_search_vocabulary_update();
--> statement-breakpoint
INSERT INTO search_vocabulary (token, products)
SELECT token, count(*)::integer
FROM products, LATERAL (SELECT DISTINCT unnest(products.search_tokens) AS token) AS words
WHERE token <> ''
GROUP BY token;
