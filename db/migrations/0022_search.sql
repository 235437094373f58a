CREATE TABLE "search_lexicon" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "factories" ALTER COLUMN "search" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "factories" ALTER COLUMN "search" SET DEFAULT ''::tsvector;--> statement-breakpoint
ALTER TABLE "factories" ALTER COLUMN "search" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "search" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
CREATE INDEX "tenders_search_idx" ON "tenders" USING gin ("search");--> statement-breakpoint
-- hand-written below
-- The search (issue 29, docs/decisions/027-search.md). Trigram similarity for the typo fallback:
-- pg_trgm is a trusted extension (a database owner may create it); PGlite loads it at start
-- (app/platform/db.server.ts PGLITE_EXTENSIONS).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "search_lexicon_trgm_idx" ON "search_lexicon" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- Reference tokens of codes: prefix || each non-empty value.
CREATE FUNCTION search_tokens(prefix text, codes text[]) RETURNS text[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(prefix || c), '{}') FROM unnest(codes) c WHERE c IS NOT NULL AND c <> ''
$$;--> statement-breakpoint
-- The factory's vector: names and descriptions in both languages, and the tokens of its codes.
CREATE FUNCTION factory_search_vector(name text, name_en text, description text, description_en text,
    country text, city text, categories text[], materials text[]) RETURNS tsvector
LANGUAGE sql IMMUTABLE AS $$
  SELECT setweight(to_tsvector('russian', coalesce(name, '')), 'A')
    || setweight(to_tsvector('english', coalesce(name_en, '')), 'A')
    || setweight(to_tsvector('russian', coalesce(description, '')), 'B')
    || setweight(to_tsvector('english', coalesce(description_en, '')), 'B')
    || setweight(array_to_tsvector(
         search_tokens('country:', ARRAY[country])
         || search_tokens('city:', ARRAY[lower(city)])
         || search_tokens('cat:', categories)
         || search_tokens('material:', materials)), 'C')
$$;--> statement-breakpoint
CREATE FUNCTION factories_search_vector() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.search := factory_search_vector(NEW.name, NEW.name_en, NEW.description, NEW.description_en,
    NEW.country, NEW.city, NEW.categories, NEW.materials::text[]);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER factories_search_vector BEFORE INSERT OR UPDATE OF name, name_en, description, description_en, country, city, categories, materials ON factories
  FOR EACH ROW EXECUTE FUNCTION factories_search_vector();--> statement-breakpoint
CREATE FUNCTION tenders_search_vector() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.search :=
    setweight(to_tsvector('russian', coalesce(NEW.title, '')), 'A')
    || setweight(to_tsvector('russian', coalesce(NEW.description, '')), 'B')
    || setweight(array_to_tsvector(
         search_tokens('country:', ARRAY[NEW.country])
         || search_tokens('city:', ARRAY[lower(NEW.city)])
         || search_tokens('cat:', NEW.categories)), 'C');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER tenders_search_vector BEFORE INSERT OR UPDATE OF title, description, country, city, categories ON tenders
  FOR EACH ROW EXECUTE FUNCTION tenders_search_vector();--> statement-breakpoint
-- The words of a text for the lexicon: the 'simple' parser's words of three letters or more, not
-- numbers.
CREATE FUNCTION search_lexicon_add(texts text[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO search_lexicon (word)
  SELECT DISTINCT w FROM unnest(texts) t, unnest(tsvector_to_array(to_tsvector('simple', coalesce(t, '')))) w
   WHERE length(w) BETWEEN 3 AND 40 AND w !~ '^[0-9.,-]+$'
  ON CONFLICT DO NOTHING
$$;--> statement-breakpoint
CREATE FUNCTION factories_search_lexicon() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_lexicon_add(ARRAY[NEW.name, NEW.name_en]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER factories_search_lexicon AFTER INSERT OR UPDATE OF name, name_en ON factories
  FOR EACH ROW EXECUTE FUNCTION factories_search_lexicon();--> statement-breakpoint
CREATE FUNCTION factory_products_search_lexicon() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_lexicon_add(ARRAY(SELECT DISTINCT coalesce(name, '') || ' ' || coalesce(name_en, '') FROM new_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER factory_products_search_lexicon_insert AFTER INSERT ON factory_products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION factory_products_search_lexicon();--> statement-breakpoint
CREATE TRIGGER factory_products_search_lexicon_update AFTER UPDATE ON factory_products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION factory_products_search_lexicon();--> statement-breakpoint
-- The products' part of a factory's vector (migration 0001): their names in Russian and in
-- English, and the tokens of their garment types and fabrics.
CREATE OR REPLACE FUNCTION refresh_factory_products_search(factory_ids uuid[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE factories f
     SET products_search = coalesce(
           (SELECT to_tsvector('russian', coalesce(string_agg(p.name, ' '), ''))
                   || to_tsvector('english', coalesce(string_agg(p.name_en, ' '), ''))
                   || array_to_tsvector(search_tokens('garment:', array_agg(DISTINCT p.clothing_type)))
              FROM factory_products p WHERE p.factory_id = f.id),
           ''::tsvector)
         || array_to_tsvector(search_tokens('fabric:', ARRAY(
              SELECT DISTINCT m FROM factory_products p, unnest(p.materials) m WHERE p.factory_id = f.id)))
   WHERE f.id = ANY(factory_ids)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION factory_products_search_after_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_factory_products_search(ARRAY(
    SELECT n.factory_id FROM new_rows n JOIN old_rows o ON o.id = n.id
     WHERE n.name IS DISTINCT FROM o.name OR n.factory_id IS DISTINCT FROM o.factory_id
        OR n.name_en IS DISTINCT FROM o.name_en OR n.clothing_type IS DISTINCT FROM o.clothing_type
        OR n.materials IS DISTINCT FROM o.materials
    UNION
    SELECT o.factory_id FROM new_rows n JOIN old_rows o ON o.id = n.id
     WHERE n.factory_id IS DISTINCT FROM o.factory_id));
  RETURN NULL;
END $$;--> statement-breakpoint
-- Existing rows.
UPDATE factories SET name = name;--> statement-breakpoint
UPDATE tenders SET title = title;--> statement-breakpoint
SELECT refresh_factory_products_search(ARRAY(SELECT DISTINCT factory_id FROM factory_products));--> statement-breakpoint
INSERT INTO search_lexicon (word)
SELECT DISTINCT w FROM factory_products p,
       unnest(tsvector_to_array(to_tsvector('simple', coalesce(p.name, '') || ' ' || coalesce(p.name_en, '')))) w
 WHERE length(w) BETWEEN 3 AND 40 AND w !~ '^[0-9.,-]+$'
ON CONFLICT DO NOTHING;
