CREATE TABLE "content_pages" (
	"slug" text PRIMARY KEY NOT NULL,
	"title_ar" text NOT NULL,
	"title_en" text NOT NULL,
	"body_ar" text NOT NULL,
	"body_en" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "content_pages_slug_known" CHECK ("content_pages"."slug" in ('privacy', 'terms', 'return-policy'))
);
--> statement-breakpoint
CREATE TABLE "storefront_layout" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"footer_links" jsonb NOT NULL,
	"home_sections" jsonb NOT NULL,
	"hero_kicker_ar" text NOT NULL,
	"hero_kicker_en" text NOT NULL,
	"hero_text_ar" text,
	"hero_text_en" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "storefront_layout_single_row" CHECK ("storefront_layout"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "content_pages" ADD CONSTRAINT "content_pages_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefront_layout" ADD CONSTRAINT "storefront_layout_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;