DROP INDEX "products_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "category_text" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_document" text GENERATED ALWAYS AS (shop_normalize("products"."name" || ' ' || coalesce("products"."short_description", '') || ' ' || coalesce("products"."description", '')) || ' ' || coalesce("products"."category_text", '')) STORED;--> statement-breakpoint
CREATE INDEX "products_search_document_trgm_idx" ON "products" USING gin ("search_document" gin_trgm_ops);--> statement-breakpoint
-- products.category_text copies the searchable text of the product's category, so that one
-- trigram index (on search_document) answers every word of a search, product or category.
-- It follows the product's category...
CREATE FUNCTION products_category_text_fill() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.category_text := (SELECT search_text FROM categories WHERE id = NEW.category_id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_category_text
BEFORE INSERT OR UPDATE OF category_id ON products
FOR EACH ROW EXECUTE FUNCTION products_category_text_fill();
--> statement-breakpoint
-- ...and edits of the category itself.
CREATE FUNCTION categories_search_text_spread() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET category_text = NEW.search_text WHERE category_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER categories_search_text
AFTER UPDATE OF name, description ON categories
FOR EACH ROW WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text)
EXECUTE FUNCTION categories_search_text_spread();
--> statement-breakpoint
UPDATE products SET category_text = categories.search_text
FROM categories WHERE categories.id = products.category_id;
