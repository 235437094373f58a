DROP INDEX "factories_directory_fulltext_idx";--> statement-breakpoint
ALTER TABLE "factories" ADD COLUMN "search_all" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
-- hand-written below
-- The directory's whole vector (decision 027, "speed"): search || products_search in one column,
-- so a row is checked (a page in the directory's order, the rank of a match) by reading one
-- vector instead of joining two, one of them usually moved out of line by TOAST. MAIN keeps it
-- in the row (compressed when the row is large) rather than in the TOAST table.
ALTER TABLE "factories" ALTER COLUMN "search_all" SET STORAGE MAIN;--> statement-breakpoint
-- Fires after factories_search_vector (triggers of one event fire in name order), so it sees
-- the new `search`; products_search is written by refresh_factory_products_search (migration
-- 0022) with an UPDATE that names it.
CREATE FUNCTION factories_search_whole() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.search IS DISTINCT FROM OLD.search
     OR NEW.products_search IS DISTINCT FROM OLD.products_search THEN
    NEW.search_all := NEW.search || NEW.products_search;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER factories_search_whole BEFORE INSERT OR UPDATE OF name, name_en, description, description_en, country, city, categories, materials, search, products_search ON factories
  FOR EACH ROW EXECUTE FUNCTION factories_search_whole();--> statement-breakpoint
UPDATE factories SET search_all = search || products_search;--> statement-breakpoint
CREATE INDEX "factories_directory_fulltext_idx" ON "factories" USING gin ("search_all") WHERE "factories"."in_directory";
