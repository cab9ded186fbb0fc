CREATE TABLE "merchant_bulk_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"successful" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"failures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" jsonb,
	"started_by" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "merchant_bulk_runs_status" CHECK ("merchant_bulk_runs"."status" in ('running', 'finished', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "merchant_products" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"brand" text,
	"gtin" text,
	"mpn" text,
	"google_product_category" text,
	"last_push_at" timestamp with time zone,
	"last_push_result" text,
	"last_push_source" text,
	"last_push_notice" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_products_last_push_result" CHECK ("merchant_products"."last_push_result" is null or "merchant_products"."last_push_result" in ('updated', 'deleted', 'failed')),
	CONSTRAINT "merchant_products_last_push_source" CHECK ("merchant_products"."last_push_source" is null or "merchant_products"."last_push_source" in ('manual', 'bulk', 'auto'))
);
--> statement-breakpoint
CREATE TABLE "merchant_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"auto_sync" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_settings_single_row" CHECK ("merchant_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "merchant_sync_queue" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_error" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_sync_queue_action" CHECK ("merchant_sync_queue"."action" in ('upsert', 'delete')),
	CONSTRAINT "merchant_sync_queue_status" CHECK ("merchant_sync_queue"."status" in ('pending', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "merchant_bulk_runs" ADD CONSTRAINT "merchant_bulk_runs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_bulk_runs_one_running" ON "merchant_bulk_runs" USING btree ("status") WHERE "merchant_bulk_runs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "merchant_products_last_push_idx" ON "merchant_products" USING btree ("last_push_source","last_push_at");--> statement-breakpoint
CREATE INDEX "merchant_sync_queue_due_idx" ON "merchant_sync_queue" USING btree ("status","next_attempt_at");