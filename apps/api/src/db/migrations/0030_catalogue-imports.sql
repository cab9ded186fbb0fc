CREATE TABLE "product_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer,
	"actor_email" text,
	"filename" text NOT NULL,
	"row_count" integer NOT NULL,
	"created_count" integer NOT NULL,
	"updated_count" integer NOT NULL,
	"unchanged_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "import_id" integer;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "actor_email" text;--> statement-breakpoint
ALTER TABLE "product_imports" ADD CONSTRAINT "product_imports_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_import_id_product_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."product_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Moves recorded before this migration keep the e-mail of the staff member who made them.
UPDATE "stock_movements" SET "actor_email" = "users"."email" FROM "users" WHERE "users"."id" = "stock_movements"."actor_id";
