-- Trigram matching for typo-tolerant search.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- Normalises Arabic text for search: drops tashkeel and tatweel, unifies alef forms,
-- taa marbuta/haa, alef maqsura/yaa, hamza carriers, Arabic-Indic digits; lower-cases and
-- collapses whitespace. Twin of normalizeArabic() in packages/shared/src/arabic.ts.
CREATE OR REPLACE FUNCTION shop_normalize(input text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT btrim(regexp_replace(lower(translate(
    regexp_replace(input, '[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640]', '', 'g'),
    'أإآٱةىؤئ٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹',
    'اااايهويي01234567890123456789'
  )), '\s+', ' ', 'g'))
$$;
