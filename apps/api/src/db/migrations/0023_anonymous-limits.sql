-- Guests and unverified accounts may hold only so many units from one network a day
-- (docs/decisions/038): their orders keep a keyed hash of the network they came from, and the
-- checkout counts the last day's units on it.
ALTER TABLE "orders" ADD COLUMN "client_network" text;--> statement-breakpoint
CREATE INDEX "orders_client_network_created_idx" ON "orders" USING btree ("client_network","created_at") WHERE "orders"."client_network" is not null;