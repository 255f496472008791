-- The catalogue's revision (hand-written, like 0004 and 0013): a number that every transaction changing what
-- listings, searches and suggestions read raises once, as it commits. The API keeps its answers to those calls
-- per revision (catalog/revision-cache.ts, docs/adr/0028-catalogue-answers-kept-per-revision.md): an answer
-- read under revision n is what the catalogue held at n or later, and a change raises n before anyone can see it.
--
-- The raise is a deferred constraint trigger: it runs at commit, after all of the transaction's other work, so
-- the one row is locked only while a writer commits. Raised by an ordinary trigger, a checkout would hold that
-- row from its first stock change to its end, and two checkouts each waiting for the other's product would
-- deadlock on it.
CREATE TABLE IF NOT EXISTS catalog_revision (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  revision bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO catalog_revision (only_row, revision) VALUES (true, 1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Once per transaction, whatever the number of rows it changed.
CREATE OR REPLACE FUNCTION catalog_revision_raise() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('shop.catalog_revision_raised_by', true) IS DISTINCT FROM txid_current()::text THEN
    PERFORM set_config('shop.catalog_revision_raised_by', txid_current()::text, true);
    UPDATE catalog_revision SET revision = revision + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- What the kept answers are made of: the listing and search rows (which follow products, stock, discounts and
-- categories through their own triggers), names (listings by name), ratings (listings by rating), the facets'
-- labels, the countries' VAT (prices), the categories and the spelling lexicon (suggestions).
DO $$
DECLARE
  source text;
BEGIN
  FOREACH source IN ARRAY ARRAY['catalog_listing_entries', 'catalog_search_entries', 'product_translations', 'product_review_stats',
    'attributes', 'attribute_translations', 'attribute_groups', 'brands', 'countries', 'categories', 'category_translations', 'search_lexicon']
  LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', source || '_revision', source);
    EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I DEFERRABLE INITIALLY DEFERRED '
      'FOR EACH ROW EXECUTE FUNCTION catalog_revision_raise()', source || '_revision', source);
  END LOOP;
END $$;
