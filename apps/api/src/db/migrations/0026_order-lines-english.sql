-- English after the checkout (issue 31): an order line keeps the product's English name beside the
-- Arabic, as it was when ordered. Lines placed before keep none, except where the product still
-- exists under the same Arabic name and has an English one: that is the name the shopper saw.
ALTER TABLE "order_items" ADD COLUMN "product_name_en" text;--> statement-breakpoint
UPDATE "order_items" SET "product_name_en" = p."name_en"
FROM "products" p
WHERE p."id" = "order_items"."product_id"
  AND p."name" = "order_items"."product_name"
  AND nullif(btrim(p."name_en"), '') IS NOT NULL;
