-- Back office, part 1: English texts beside the Arabic ones (searched too) and the audit trail.
ALTER TABLE "categories" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "description_en" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "description_en" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "short_description_en" text;--> statement-breakpoint
ALTER TABLE "slides" ADD COLUMN "title_en" text;--> statement-breakpoint
ALTER TABLE "slides" ADD COLUMN "description_en" text;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "store_name_en" text;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "store_description_en" text;--> statement-breakpoint
-- The category trigger's WHEN clause reads search_text: it goes while the column is replaced.
DROP TRIGGER "categories_search_text" ON "categories";--> statement-breakpoint
ALTER TABLE "categories" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "search_text" text GENERATED ALWAYS AS (shop_normalize("categories"."name" || ' ' || coalesce("categories"."name_en", '') || ' ' || coalesce("categories"."description", '') || ' ' || coalesce("categories"."description_en", ''))) STORED;--> statement-breakpoint
CREATE TRIGGER categories_search_text
AFTER UPDATE OF name, name_en, description, description_en ON categories
FOR EACH ROW WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text)
EXECUTE FUNCTION categories_search_text_spread();--> statement-breakpoint
UPDATE products SET category_text = categories.search_text
FROM categories WHERE categories.id = products.category_id;--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "search_document";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "name_search";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (shop_normalize("products"."name" || ' ' || coalesce("products"."name_en", '') || ' ' || coalesce("products"."short_description", '') || ' ' || coalesce("products"."short_description_en", '') || ' ' || coalesce("products"."description", '') || ' ' || coalesce("products"."description_en", ''))) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_document" text GENERATED ALWAYS AS (shop_normalize("products"."name" || ' ' || coalesce("products"."name_en", '') || ' ' || coalesce("products"."short_description", '') || ' ' || coalesce("products"."short_description_en", '') || ' ' || coalesce("products"."description", '') || ' ' || coalesce("products"."description_en", '')) || ' ' || coalesce("products"."category_text", '')) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_search" text GENERATED ALWAYS AS (shop_normalize("products"."name" || ' ' || coalesce("products"."name_en", ''))) STORED;--> statement-breakpoint
CREATE INDEX "products_search_document_trgm_idx" ON "products" USING gin ("search_document" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_name_search_trgm_idx" ON "products" USING gin ("name_search" gin_trgm_ops);--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer,
	"actor_email" text,
	"entity" text NOT NULL,
	"entity_id" integer,
	"action" text NOT NULL,
	"changes" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id");
