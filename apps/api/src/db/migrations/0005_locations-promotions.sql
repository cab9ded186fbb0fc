CREATE TYPE "public"."promo_discount_type" AS ENUM('percentage', 'fixed');--> statement-breakpoint
CREATE TABLE "cities" (
	"id" serial PRIMARY KEY NOT NULL,
	"country_id" integer NOT NULL,
	"governorate_id" integer,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"shipping_fee" integer DEFAULT 5000 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cities_shipping_fee_nonnegative" CHECK ("cities"."shipping_fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"code" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "countries_code_format" CHECK ("countries"."code" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "governorates" (
	"id" serial PRIMARY KEY NOT NULL,
	"country_id" integer NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"description" text,
	"discount_type" "promo_discount_type" DEFAULT 'percentage' NOT NULL,
	"discount_value" integer NOT NULL,
	"min_order_amount" integer,
	"max_uses" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_code_format" CHECK ("promo_codes"."code" ~ '^[A-Z0-9]{3,}$'),
	CONSTRAINT "promo_codes_discount_value_valid" CHECK ("promo_codes"."discount_value" > 0 and ("promo_codes"."discount_type" <> 'percentage' or "promo_codes"."discount_value" <= 100)),
	CONSTRAINT "promo_codes_min_order_nonnegative" CHECK ("promo_codes"."min_order_amount" is null or "promo_codes"."min_order_amount" >= 0),
	CONSTRAINT "promo_codes_max_uses_positive" CHECK ("promo_codes"."max_uses" is null or "promo_codes"."max_uses" >= 1),
	CONSTRAINT "promo_codes_used_count_valid" CHECK ("promo_codes"."used_count" >= 0 and ("promo_codes"."max_uses" is null or "promo_codes"."used_count" <= "promo_codes"."max_uses")),
	CONSTRAINT "promo_codes_validity_ordered" CHECK ("promo_codes"."valid_from" is null or "promo_codes"."valid_until" is null or "promo_codes"."valid_from" <= "promo_codes"."valid_until")
);
--> statement-breakpoint
-- The composite foreign key below needs this unique index to exist first.
CREATE UNIQUE INDEX "governorates_id_country_key" ON "governorates" USING btree ("id","country_id");--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_governorate_country_fk" FOREIGN KEY ("governorate_id","country_id") REFERENCES "public"."governorates"("id","country_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "governorates" ADD CONSTRAINT "governorates_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cities_country_governorate_idx" ON "cities" USING btree ("country_id","governorate_id");--> statement-breakpoint
CREATE INDEX "cities_governorate_idx" ON "cities" USING btree ("governorate_id");--> statement-breakpoint
CREATE UNIQUE INDEX "countries_code_key" ON "countries" USING btree ("code");--> statement-breakpoint
CREATE INDEX "governorates_country_idx" ON "governorates" USING btree ("country_id","sort_order","id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_key" ON "promo_codes" USING btree ("code");