-- Fulfilment and staff alerts (issue 30): an order carries its carrier and tracking number once
-- shipped, refunds may give back part of an order (order_refunds, the order's refunded_amount is
-- their sum), and staff choose whether a new order is e-mailed to them, in their language.
CREATE TABLE "order_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"method" text NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notes" text,
	"provider_reference" text,
	"provider_arn" text,
	"actor_id" integer,
	"actor_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_refunds_amount_positive" CHECK ("order_refunds"."amount" > 0),
	CONSTRAINT "order_refunds_method_valid" CHECK ("order_refunds"."method" in ('online', 'cash'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_url" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "new_order_alerts" boolean;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refunds_order_created_idx" ON "order_refunds" USING btree ("order_id","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_within_total" CHECK ("orders"."refunded_amount" >= 0 and "orders"."refunded_amount" <= "orders"."total_amount");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_valid" CHECK ("users"."language" in ('ar', 'en'));--> statement-breakpoint
-- Orders refunded in full before partial refunds existed: their refund, as the payment attempt recorded it.
INSERT INTO "order_refunds" ("order_id", "amount", "method", "provider_reference", "provider_arn", "created_at")
SELECT DISTINCT ON (o."id") o."id", o."total_amount", 'online', pa."refund_reference", pa."refund_arn", coalesce(pa."refunded_at", o."updated_at")
FROM "orders" o LEFT JOIN "payment_attempts" pa ON pa."order_id" = o."id" AND pa."refunded_at" IS NOT NULL
WHERE o."payment_status" = 'refunded' AND o."total_amount" > 0
ORDER BY o."id", pa."id" DESC;--> statement-breakpoint
UPDATE "orders" SET "refunded_amount" = "total_amount" WHERE "payment_status" = 'refunded';
