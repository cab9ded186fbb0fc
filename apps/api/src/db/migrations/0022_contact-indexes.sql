-- A checkout counts the customer's orders of the last hour by e-mail or phone (the limit per
-- contact) and looks for their earlier order with a once-per-customer code; both compare the
-- normalised contact (schema/orders.ts contactEmailOf, contactPhoneOf). Without these indexes
-- each checkout read every order of the hour and normalised its phone: 4.7 ms of PostgreSQL's
-- time with 1,800 orders in the hour, growing with the evening's sales (docs/decisions/035).
CREATE INDEX "orders_contact_email_created_idx" ON "orders" USING btree (lower(trim("customer_email")),"created_at");--> statement-breakpoint
CREATE INDEX "orders_contact_phone_created_idx" ON "orders" USING btree (regexp_replace("customer_phone", '\D', '', 'g'),"created_at");--> statement-breakpoint
-- Each order takes stock with an update of its products' rows. With every page full (a
-- catalogue loaded in one go) that update could not stay on the row's page and wrote the row
-- again into every index of products, three of them GIN indexes of its words (2.5 ms, against
-- 0.6-0.9 ms for an update kept on its page). A tenth of each page is left free for them from
-- now on; rows already on full pages move once (or all at once with VACUUM FULL products).
ALTER TABLE "products" SET (fillfactor = 90);
