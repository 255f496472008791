-- Search: trigram matching for suggestions and typos, and full-text indexes per language.
-- (Filled in by the catalogue and search work.)
CREATE EXTENSION IF NOT EXISTS pg_trgm;
