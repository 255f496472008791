-- Accent-insensitive search (hand-written): 'echarpe' finds 'écharpe', 'rock' finds 'Röcke' no better than
-- before but 'kleid' and 'Kleid' alike. Each language gets a configuration of its own that strips accents
-- (unaccent) before its stemmer; search_config() names them, and the stored documents are written again.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION shop_english (COPY = english);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION shop_english ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION shop_french (COPY = french);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION shop_french ALTER MAPPING FOR hword, hword_part, word WITH unaccent, french_stem;
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION shop_italian (COPY = italian);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION shop_italian ALTER MAPPING FOR hword, hword_part, word WITH unaccent, italian_stem;
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION shop_spanish (COPY = spanish);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION shop_spanish ALTER MAPPING FOR hword, hword_part, word WITH unaccent, spanish_stem;
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION shop_german (COPY = german);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION shop_german ALTER MAPPING FOR hword, hword_part, word WITH unaccent, german_stem;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_config(lang varchar) RETURNS regconfig LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE lang WHEN 'fr' THEN 'shop_french' WHEN 'it' THEN 'shop_italian' WHEN 'es' THEN 'shop_spanish'
    WHEN 'de' THEN 'shop_german' ELSE 'shop_english' END::regconfig;
$$;
--> statement-breakpoint
UPDATE product_search_documents d
SET document = setweight(to_tsvector(search_config(t.lang), t.name), 'A') || setweight(to_tsvector(search_config(t.lang), t.description), 'B')
FROM product_translations t
WHERE t.product_id = d.product_id AND t.lang = d.lang;
