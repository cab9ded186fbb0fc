-- Online payment through UPayments (issue 11): every order's payment status and paid time, and
-- one row per charge attempt with the references UPayments returns. Existing orders are backfilled
-- by the column default (cash on delivery: not_required); an online order could never be placed
-- before this migration, but any such row is marked failed (never paid) before the check that ties
-- the payment status to the method. The partial index serves the abandoned-payment sweep.
CREATE TYPE "public"."payment_status" AS ENUM('not_required', 'awaiting_payment', 'paid', 'failed', 'refunded');--> statement-breakpoint
CREATE TABLE "payment_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"provider" text DEFAULT 'upayments' NOT NULL,
	"requested_order_id" text NOT NULL,
	"session_id" text,
	"track_id" text,
	"payment_id" text,
	"payment_type" text,
	"refund_order_id" text,
	"payment_url" text,
	"amount" integer NOT NULL,
	"result" text,
	"cart_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"refund_reference" text,
	"refund_arn" text,
	CONSTRAINT "payment_attempts_requested_order_id_length" CHECK (length("payment_attempts"."requested_order_id") between 1 and 40),
	CONSTRAINT "payment_attempts_amount_positive" CHECK ("payment_attempts"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_status" "payment_status" DEFAULT 'not_required' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_requested_order_id_key" ON "payment_attempts" USING btree ("requested_order_id");--> statement-breakpoint
CREATE INDEX "payment_attempts_track_id_idx" ON "payment_attempts" USING btree ("track_id");--> statement-breakpoint
CREATE INDEX "payment_attempts_order_id_idx" ON "payment_attempts" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "orders_awaiting_payment_created_idx" ON "orders" USING btree ("created_at","id") WHERE "orders"."payment_status" = 'awaiting_payment';--> statement-breakpoint
UPDATE "orders" SET "payment_status" = 'failed' WHERE "payment_method" = 'upayments';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_method" CHECK (("orders"."payment_method" = 'cash_on_delivery') = ("orders"."payment_status" = 'not_required'));