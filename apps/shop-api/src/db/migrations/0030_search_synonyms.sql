CREATE TABLE "search_synonyms" (
	"id" serial PRIMARY KEY NOT NULL,
	"lang" varchar(2) NOT NULL,
	"phrases" text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_synonyms_lang_idx" ON "search_synonyms" USING btree ("lang","id");--> statement-breakpoint
-- Hand-written. A change to the merchant's synonyms raises the catalogue's revision (migration 0014), so that the
-- kept readings of queries and vocabularies are read again at once.
CREATE CONSTRAINT TRIGGER search_synonyms_revision AFTER INSERT OR UPDATE OR DELETE ON search_synonyms
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalog_revision_raise();
--> statement-breakpoint
-- Polish words (issue 29): the catalogue has no Polish texts, so only the vocabulary's Polish words are read with
-- it. PostgreSQL has no Polish stemmer: lowercase and unaccented ('męskie' = 'meskie', 'ł' = 'l'), every form the
-- vocabulary needs written out.
CREATE TEXT SEARCH CONFIGURATION shop_polish (COPY = simple);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION shop_polish ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple;
--> statement-breakpoint
-- Spanish without stop words: the stemmer's list holds 'ante' (suede), so neither names ('Botines de ante') nor
-- queries kept it. The search drops the other stop words from queries itself (understanding.ts).
CREATE TEXT SEARCH DICTIONARY shop_spanish_stem (TEMPLATE = snowball, LANGUAGE = spanish);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION shop_spanish ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, hword, hword_part, word
  WITH unaccent, shop_spanish_stem;
--> statement-breakpoint
UPDATE product_search_documents d
SET document = setweight(to_tsvector(search_config(t.lang), t.name), 'A') || setweight(to_tsvector(search_config(t.lang), t.description), 'B')
FROM product_translations t
WHERE t.product_id = d.product_id AND t.lang = d.lang AND d.lang = 'es';
