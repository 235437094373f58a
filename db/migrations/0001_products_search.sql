ALTER TABLE "factories" ADD COLUMN "products_search" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
CREATE INDEX "factories_fulltext_idx" ON "factories" USING gin (("search" || "products_search"));--> statement-breakpoint
-- Keep factories.products_search equal to the product names of each factory. Statement-level
-- triggers with transition tables: one update per statement, however many rows it touched.
CREATE FUNCTION refresh_factory_products_search(factory_ids uuid[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE factories f
     SET products_search = coalesce(
           (SELECT to_tsvector('russian', string_agg(p.name, ' '))
              FROM factory_products p WHERE p.factory_id = f.id),
           ''::tsvector)
   WHERE f.id = ANY(factory_ids)
$$;--> statement-breakpoint
CREATE FUNCTION factory_products_search_after_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_factory_products_search(ARRAY(SELECT DISTINCT factory_id FROM new_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION factory_products_search_after_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_factory_products_search(ARRAY(
    SELECT n.factory_id FROM new_rows n JOIN old_rows o ON o.id = n.id
     WHERE n.name IS DISTINCT FROM o.name OR n.factory_id IS DISTINCT FROM o.factory_id
    UNION
    SELECT o.factory_id FROM new_rows n JOIN old_rows o ON o.id = n.id
     WHERE n.factory_id IS DISTINCT FROM o.factory_id));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION factory_products_search_after_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_factory_products_search(ARRAY(SELECT DISTINCT factory_id FROM old_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER factory_products_search_insert AFTER INSERT ON factory_products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION factory_products_search_after_insert();--> statement-breakpoint
CREATE TRIGGER factory_products_search_update AFTER UPDATE ON factory_products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION factory_products_search_after_update();--> statement-breakpoint
CREATE TRIGGER factory_products_search_delete AFTER DELETE ON factory_products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION factory_products_search_after_delete();--> statement-breakpoint
-- Existing products.
UPDATE factories f
   SET products_search = s.v
  FROM (SELECT factory_id, to_tsvector('russian', string_agg(name, ' ')) AS v
          FROM factory_products GROUP BY factory_id) s
 WHERE s.factory_id = f.id;
