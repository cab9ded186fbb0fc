-- The version of what the storefront's search finds (docs/decisions/034). Each server process
-- keeps a search index of the published catalogue, read at one version, and answers a search
-- from it only while this row still holds that version: every statement that changes a product's
-- words, status, featured flag, category or date, or the category tree, raises it in its own
-- transaction. Stock and prices do not change what a search finds or its order.
CREATE TABLE "search_index_version" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "search_index_version_single_row" CHECK ("search_index_version"."id")
);
--> statement-breakpoint
INSERT INTO "search_index_version" ("id", "version") VALUES (true, 0);
--> statement-breakpoint
-- An upsert, so that a table emptied by TRUNCATE (tests) starts counting again.
CREATE FUNCTION search_index_version_raise() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_index_version AS current (id, version) VALUES (true, 1)
  ON CONFLICT (id) DO UPDATE SET version = current.version + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_index_version
AFTER INSERT OR DELETE OR UPDATE OF name, name_en, short_description, short_description_en, description,
  description_en, status, featured, category_id, created_at, category_text ON products
FOR EACH STATEMENT EXECUTE FUNCTION search_index_version_raise();
--> statement-breakpoint
CREATE TRIGGER products_search_index_version_truncate
AFTER TRUNCATE ON products
FOR EACH STATEMENT EXECUTE FUNCTION search_index_version_raise();
--> statement-breakpoint
CREATE TRIGGER categories_search_index_version
AFTER INSERT OR DELETE OR UPDATE OF slug, parent_id, is_active ON categories
FOR EACH STATEMENT EXECUTE FUNCTION search_index_version_raise();
--> statement-breakpoint
CREATE TRIGGER categories_search_index_version_truncate
AFTER TRUNCATE ON categories
FOR EACH STATEMENT EXECUTE FUNCTION search_index_version_raise();
