-- 0000 paired the letters of translate() wrongly (taa marbuta became yaa, alef maqsura became
-- haa, Arabic-Indic digits shifted by one), so search text disagreed with normalizeArabic().
-- The pairs are now written as code points, one per position, so their order cannot be lost
-- to right-to-left editing.
CREATE OR REPLACE FUNCTION shop_normalize(input text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT btrim(regexp_replace(lower(translate(
    regexp_replace(input, '[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640]', '', 'g'),
    -- أ إ آ ٱ ة ى ؤ ئ, then the Arabic-Indic and the Persian digits 0-9
    U&'\0623\0625\0622\0671\0629\0649\0624\0626'
      || U&'\0660\0661\0662\0663\0664\0665\0666\0667\0668\0669'
      || U&'\06F0\06F1\06F2\06F3\06F4\06F5\06F6\06F7\06F8\06F9',
    -- ا ا ا ا ه ي و ي, then 0-9 twice
    U&'\0627\0627\0627\0627\0647\064A\0648\064A' || '0123456789' || '0123456789'
  )), '\s+', ' ', 'g'))
$$;
--> statement-breakpoint
-- Stored generated columns are recomputed only when a column they read changes.
UPDATE products SET name = name;
--> statement-breakpoint
UPDATE categories SET name = name;
