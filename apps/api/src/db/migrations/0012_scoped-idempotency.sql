DROP INDEX "orders_idempotency_key_key";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "idempotency_scope" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "request_hash" text;--> statement-breakpoint
-- Keys of earlier orders stay with their customer; a guest's earlier key (its requester is unknown) is retired.
UPDATE "orders" SET "idempotency_scope" = CASE WHEN "user_id" IS NULL THEN 'retired' ELSE 'user:' || "user_id" END WHERE "idempotency_key" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_scope_key_key" ON "orders" USING btree ("idempotency_scope","idempotency_key");