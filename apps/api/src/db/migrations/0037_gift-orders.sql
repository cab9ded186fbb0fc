ALTER TABLE "orders" DROP CONSTRAINT "orders_amounts_nonnegative";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_total_consistent";--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "gift_wrap_fee" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gift_wrap_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gift_message" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gift_wrap" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_gift_wrap_fee_positive" CHECK ("store_settings"."gift_wrap_fee" > 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_gift_wrap_fee_wrapped" CHECK ("orders"."gift_wrap" or "orders"."gift_wrap_fee" = 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_nonnegative" CHECK ("orders"."subtotal" >= 0 and "orders"."discount_amount" >= 0 and "orders"."shipping_amount" >= 0 and "orders"."gift_wrap_fee" >= 0 and "orders"."tax_amount" >= 0 and "orders"."total_amount" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total_consistent" CHECK ("orders"."total_amount" = "orders"."subtotal" - "orders"."discount_amount" + "orders"."shipping_amount" + "orders"."gift_wrap_fee" + "orders"."tax_amount");