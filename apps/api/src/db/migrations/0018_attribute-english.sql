ALTER TABLE "attribute_variations" ADD COLUMN "title_en" text;--> statement-breakpoint
ALTER TABLE "attributes" ADD COLUMN "name_en" text;