CREATE TABLE "published_product_counts" (
	"category_key" integer NOT NULL,
	"featured" boolean NOT NULL,
	"products" integer NOT NULL,
	CONSTRAINT "published_product_counts_category_key_featured_pk" PRIMARY KEY("category_key","featured")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_search" text GENERATED ALWAYS AS (shop_normalize("products"."name")) STORED;--> statement-breakpoint
CREATE INDEX "products_name_search_trgm_idx" ON "products" USING gin ("name_search" gin_trgm_ops);--> statement-breakpoint
-- Keeps published_product_counts exact. Stock changes (every order) do not touch it: the
-- trigger fires only when status, category or the featured flag change.
CREATE FUNCTION published_product_counts_track() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'published' THEN
    UPDATE published_product_counts SET products = products - 1
    WHERE category_key = coalesce(OLD.category_id, 0) AND featured = OLD.featured;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'published' THEN
    INSERT INTO published_product_counts (category_key, featured, products)
    VALUES (coalesce(NEW.category_id, 0), NEW.featured, 1)
    ON CONFLICT (category_key, featured)
    DO UPDATE SET products = published_product_counts.products + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION published_product_counts_reset() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM published_product_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_published_counts
AFTER INSERT OR DELETE OR UPDATE OF status, category_id, featured ON products
FOR EACH ROW EXECUTE FUNCTION published_product_counts_track();
--> statement-breakpoint
CREATE TRIGGER products_published_counts_truncate
AFTER TRUNCATE ON products
FOR EACH STATEMENT EXECUTE FUNCTION published_product_counts_reset();
--> statement-breakpoint
INSERT INTO published_product_counts (category_key, featured, products)
SELECT coalesce(category_id, 0), featured, count(*)::integer FROM products
WHERE status = 'published'
GROUP BY 1, 2;
--> statement-breakpoint
-- Planner tuning for search (pg_trgm's operators; a restore recreates them untuned, which only
-- costs speed). By default PostgreSQL estimates <% by running word_similarity() over the column
-- statistics, a few milliseconds of planning per searched word, and takes the comparison for as
-- cheap as an equality, so it may compare every product instead of using the trigram index.
ALTER OPERATOR <% (text, text) SET (RESTRICT = contsel);
--> statement-breakpoint
ALTER OPERATOR %> (text, text) SET (RESTRICT = contsel);
--> statement-breakpoint
ALTER FUNCTION word_similarity_op(text, text) COST 100;
--> statement-breakpoint
ALTER FUNCTION word_similarity_commutator_op(text, text) COST 100;
