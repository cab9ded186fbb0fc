-- One customer, however they spell it (docs/decisions/039). The limit of orders per e-mail and
-- per phone and once-per-customer promo codes compared the e-mail lower-cased and the phone's
-- digits, so `+965 5111 2222`, `0096551112222` and `51112222` were three customers, and so were
-- `a+x@gmail.com` and `a@gmail.com`. From now on an order stores its phone in the international
-- form (+96551112222) and, beside the e-mail and phone, their comparison forms, written by the
-- server with the order (apps/api/src/lib/contact.ts normalizeEmail, normalizePhone); the
-- contact indexes are built on those columns instead of expressions.
DROP INDEX "orders_contact_email_created_idx";--> statement-breakpoint
DROP INDEX "orders_contact_phone_created_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "contact_phone" text;--> statement-breakpoint
-- The stored phones in the international form, as lib/contact.ts normalizePhone (libphonenumber-js,
-- Kuwait by default) reads what the checkout accepted (digits, spaces, hyphens, parentheses, a
-- leading +): a number written with + or 00 keeps its country code, one that starts with 965 and
-- is longer than a Kuwaiti number (8 digits) has Kuwait's, any other is Kuwaiti. The tests check
-- this against the library on a table of spellings (contact-forms-migration.test.ts). Text without
-- digits is left as it is.
CREATE FUNCTION shop_migrate_phone(phone text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN digits = '' THEN typed
    WHEN typed LIKE '+%' THEN '+' || digits
    WHEN digits ~ '^00[1-9]' THEN '+' || substr(digits, 3)
    WHEN digits ~ '^965' AND length(digits) > 8 THEN '+' || digits
    ELSE '+965' || digits
  END
  FROM (
    SELECT typed, regexp_replace(typed, '[^0-9]', '', 'g') AS digits
    FROM (SELECT btrim(translate(phone, '٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹', '01234567890123456789')) AS typed) AS latin
  ) AS parts
$$;
--> statement-breakpoint
-- The mailbox an address reaches, as lib/contact.ts normalizeEmail gives it: lower-case, without
-- a +tag in the local part, and for gmail.com and googlemail.com without the local part's dots.
CREATE FUNCTION shop_migrate_email(email text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN local IS NULL OR local = '' THEN address
    WHEN domain IN ('gmail.com', 'googlemail.com') THEN
      coalesce(nullif(replace(untagged, '.', ''), ''), untagged) || '@gmail.com'
    ELSE untagged || '@' || domain
  END
  FROM (
    SELECT address, local, domain,
      CASE WHEN position('+' in local) > 1 THEN substr(local, 1, position('+' in local) - 1) ELSE local END AS untagged
    FROM (
      SELECT address, substring(address from '^(.*)@[^@]*$') AS local, substring(address from '@([^@]*)$') AS domain
      FROM (SELECT lower(btrim(email)) AS address) AS lowered
    ) AS split
  ) AS parts
$$;
--> statement-breakpoint
UPDATE "orders" SET
  "customer_phone" = shop_migrate_phone("customer_phone"),
  "contact_phone" = shop_migrate_phone("customer_phone"),
  "contact_email" = shop_migrate_email("customer_email");--> statement-breakpoint
-- Accounts' phones (registration, profile, back office) are stored in the same form from now on;
-- those that are phone numbers as the checkout accepts them are rewritten, other text stays.
UPDATE "users" SET "phone" = shop_migrate_phone("phone")
WHERE "phone" ~ '^\s*\+?[0-9٠-٩۰-۹\s()-]{8,}\s*$';--> statement-breakpoint
DROP FUNCTION shop_migrate_phone(text);--> statement-breakpoint
DROP FUNCTION shop_migrate_email(text);--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "contact_email" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "contact_phone" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_contact_email_created_idx" ON "orders" USING btree ("contact_email","created_at");--> statement-breakpoint
CREATE INDEX "orders_contact_phone_created_idx" ON "orders" USING btree ("contact_phone","created_at");
