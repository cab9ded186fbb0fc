CREATE TYPE "public"."product_status" AS ENUM('published', 'draft');--> statement-breakpoint
CREATE TABLE "attribute_variations" (
	"id" serial PRIMARY KEY NOT NULL,
	"attribute_id" integer NOT NULL,
	"title" text NOT NULL,
	"additional_price" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attributes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text,
	"image" text,
	"parent_id" integer,
	"sort_order" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"search_text" text GENERATED ALWAYS AS (shop_normalize("categories"."name" || ' ' || coalesce("categories"."description", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_attribute_variations" (
	"product_id" integer NOT NULL,
	"variation_id" integer NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_attribute_variations_product_id_variation_id_pk" PRIMARY KEY("product_id","variation_id")
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"filename" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"short_description" text,
	"price" integer NOT NULL,
	"sale_price" integer,
	"current_price" integer GENERATED ALWAYS AS (coalesce("products"."sale_price", "products"."price")) STORED,
	"stock_quantity" integer DEFAULT 0 NOT NULL,
	"manage_stock" boolean DEFAULT true NOT NULL,
	"category_id" integer,
	"sku" text,
	"featured" boolean DEFAULT false NOT NULL,
	"status" "product_status" DEFAULT 'draft' NOT NULL,
	"search_text" text GENERATED ALWAYS AS (shop_normalize("products"."name" || ' ' || coalesce("products"."short_description", '') || ' ' || coalesce("products"."description", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_price_nonnegative" CHECK ("products"."price" >= 0),
	CONSTRAINT "products_sale_price_valid" CHECK ("products"."sale_price" is null or ("products"."sale_price" >= 0 and "products"."sale_price" <= "products"."price"))
);
--> statement-breakpoint
CREATE TABLE "slides" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"image" text NOT NULL,
	"link_url" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slides_sort_order_nonnegative" CHECK ("slides"."sort_order" >= 0)
);
--> statement-breakpoint
CREATE TABLE "store_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"store_name" text,
	"store_description" text,
	"logo" text,
	"phone_number" text,
	"whatsapp_number" text,
	"email" text,
	"address" text,
	"currency_symbol" text,
	"currency" text,
	"facebook_url" text,
	"instagram_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_settings_single_row" CHECK ("store_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "attribute_variations" ADD CONSTRAINT "attribute_variations_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_attribute_variations" ADD CONSTRAINT "product_attribute_variations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_attribute_variations" ADD CONSTRAINT "product_attribute_variations_variation_id_attribute_variations_id_fk" FOREIGN KEY ("variation_id") REFERENCES "public"."attribute_variations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attribute_variations_attribute_idx" ON "attribute_variations" USING btree ("attribute_id");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_key" ON "categories" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "product_attribute_variations_variation_idx" ON "product_attribute_variations" USING btree ("variation_id");--> statement-breakpoint
CREATE INDEX "product_images_product_idx" ON "product_images" USING btree ("product_id","sort_order","id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_sku_key" ON "products" USING btree ("sku");--> statement-breakpoint
CREATE INDEX "products_status_created_idx" ON "products" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "products_status_price_idx" ON "products" USING btree ("status","current_price","id");--> statement-breakpoint
CREATE INDEX "products_status_name_idx" ON "products" USING btree ("status","name","id");--> statement-breakpoint
CREATE INDEX "products_category_status_created_idx" ON "products" USING btree ("category_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "products_featured_created_idx" ON "products" USING btree ("created_at","id") WHERE "products"."featured" and "products"."status" = 'published';--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "slides_active_order_idx" ON "slides" USING btree ("is_active","sort_order","id");