ALTER TABLE "categories" ADD COLUMN "seo_title_ar" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "seo_title_en" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "seo_description_ar" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "seo_description_en" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "seo_title_ar" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "seo_title_en" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "seo_description_ar" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "seo_description_en" text;