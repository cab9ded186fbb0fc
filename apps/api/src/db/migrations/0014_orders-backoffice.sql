-- The back office's orders (issue 10): the status history, the language each order was placed in
-- (later e-mails about it are written in it) and the orders list's indexes. The list reads newest
-- first (created_at desc, id desc): the (…, created_at, id) b-trees are read backwards for it. The
-- trigram index answers the search over order number, customer name and e-mail, normalised by
-- shop_normalize() like the catalogue (docs/decisions/003). Existing orders get no history row:
-- their creation is shown from orders.created_at.
CREATE TABLE "order_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"from_status" "order_status",
	"to_status" "order_status" NOT NULL,
	"notes" text,
	"actor_id" integer,
	"actor_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "orders_created_at_idx";--> statement-breakpoint
DROP INDEX "orders_status_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "language" text DEFAULT 'ar' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "search_text" text GENERATED ALWAYS AS (shop_normalize("orders"."order_number" || ' ' || "orders"."customer_name" || ' ' || "orders"."customer_email")) STORED;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_status_history_order_created_idx" ON "order_status_history" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_created_id_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_created_id_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_city_created_id_idx" ON "orders" USING btree ("city_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_deleted_city_names_idx" ON "orders" USING btree ("city_name_ar","city_name_en") WHERE "orders"."city_id" is null;--> statement-breakpoint
CREATE INDEX "orders_search_text_trgm_idx" ON "orders" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_language_valid" CHECK ("orders"."language" in ('ar', 'en'));