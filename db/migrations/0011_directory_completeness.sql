DROP INDEX "factories_listed_created_at_idx";--> statement-breakpoint
DROP INDEX "factories_listed_country_idx";--> statement-breakpoint
DROP INDEX "factories_listed_fulltext_idx";--> statement-breakpoint
ALTER TABLE "factories" ADD COLUMN "in_directory" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "factories" ADD COLUMN "completeness" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "factories_directory_order_idx" ON "factories" USING btree ("completeness" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS FIRST) WHERE "factories"."in_directory";--> statement-breakpoint
CREATE INDEX "factories_directory_country_idx" ON "factories" USING btree ("country","completeness" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS FIRST) WHERE "factories"."in_directory";--> statement-breakpoint
CREATE INDEX "factories_directory_fulltext_idx" ON "factories" USING gin (("search" || "products_search")) WHERE "factories"."in_directory";--> statement-breakpoint
-- hand-written below
-- The directory takes a factory once it has a name, a country and a category (in_directory),
-- and shows the most complete profiles first (completeness: logo, city, description, products).
-- Both are set, with listed, by one BEFORE trigger on every insert and update of a factory; a
-- product write reaches it through the products_search refresh of migration 0001.
CREATE FUNCTION factory_directory_ready(is_listed boolean, f_name text, f_country text, cats text[])
RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT is_listed AND btrim(coalesce(f_name, '')) <> '' AND coalesce(f_country, '') <> ''
     AND EXISTS (SELECT 1 FROM unnest(cats) x WHERE x <> '')
$$;--> statement-breakpoint
CREATE FUNCTION factory_completeness(
  logo text, f_city text, f_description text, f_description_en text, has_products boolean
) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT ((coalesce(logo, '') <> '')::int + (coalesce(f_city, '') <> '')::int
     + (btrim(coalesce(f_description, '')) <> '' OR btrim(coalesce(f_description_en, '')) <> '')::int
     + has_products::int)::smallint
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION factories_set_listed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.listed := NOT EXISTS (SELECT 1 FROM users u WHERE u.id = NEW.user_id AND u.banned IS TRUE);
  NEW.in_directory := factory_directory_ready(NEW.listed, NEW.name, NEW.country, NEW.categories);
  NEW.completeness := factory_completeness(NEW.logo_url, NEW.city, NEW.description,
    NEW.description_en,
    TG_OP = 'UPDATE' AND EXISTS (SELECT 1 FROM factory_products p WHERE p.factory_id = NEW.id));
  RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER factories_listed ON factories;--> statement-breakpoint
CREATE TRIGGER factories_listed BEFORE INSERT OR UPDATE ON factories
  FOR EACH ROW EXECUTE FUNCTION factories_set_listed();--> statement-breakpoint
-- The counts follow in_directory instead of listed. AFTER UPDATE OF lists the columns a
-- statement names, not those the BEFORE trigger changed, so name is among them.
CREATE OR REPLACE FUNCTION factory_directory_count() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO factory_directory_counts AS c (verified_only, category, country, city, n)
  SELECT k.verified_only, k.category, k.country, k.city, sum(d.delta)::int
    FROM (
      SELECT 1, NEW.in_directory, NEW.verified_at IS NOT NULL, NEW.categories, NEW.country, NEW.city
       WHERE TG_OP <> 'DELETE'
      UNION ALL
      SELECT -1, OLD.in_directory, OLD.verified_at IS NOT NULL, OLD.categories, OLD.country, OLD.city
       WHERE TG_OP <> 'INSERT'
    ) d(delta, listed, verified, categories, country, city)
   CROSS JOIN LATERAL factory_directory_keys(d.listed, d.verified, d.categories, d.country, d.city) k
   GROUP BY 1, 2, 3, 4
  HAVING sum(d.delta) <> 0
   ORDER BY 1, 2, 3, 4
  ON CONFLICT (verified_only, category, country, city) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER factory_directory_count_update ON factories;--> statement-breakpoint
CREATE TRIGGER factory_directory_count_update
  AFTER UPDATE OF listed, in_directory, name, verified_at, categories, country, city ON factories
  FOR EACH ROW WHEN (
    OLD.in_directory IS DISTINCT FROM NEW.in_directory
    OR (OLD.verified_at IS NULL) IS DISTINCT FROM (NEW.verified_at IS NULL)
    OR OLD.categories IS DISTINCT FROM NEW.categories
    OR OLD.country IS DISTINCT FROM NEW.country
    OR OLD.city IS DISTINCT FROM NEW.city)
  EXECUTE FUNCTION factory_directory_count();--> statement-breakpoint
CREATE OR REPLACE FUNCTION factory_directory_rebuild() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE factory_directory_counts IN EXCLUSIVE MODE;
  UPDATE factories f
     SET listed = s.listed, in_directory = s.in_directory, completeness = s.completeness
    FROM (
      SELECT f2.id, (u.banned IS NOT TRUE) AS listed,
             factory_directory_ready(u.banned IS NOT TRUE, f2.name, f2.country, f2.categories)
               AS in_directory,
             factory_completeness(f2.logo_url, f2.city, f2.description, f2.description_en,
               EXISTS (SELECT 1 FROM factory_products p WHERE p.factory_id = f2.id)) AS completeness
        FROM factories f2 JOIN users u ON u.id = f2.user_id
    ) s
   WHERE s.id = f.id
     AND (f.listed, f.in_directory, f.completeness)
         IS DISTINCT FROM (s.listed, s.in_directory, s.completeness);
  DELETE FROM factory_directory_counts;
  INSERT INTO factory_directory_counts (verified_only, category, country, city, n)
  SELECT k.verified_only, k.category, k.country, k.city, count(*)::int
    FROM factories f
   CROSS JOIN LATERAL factory_directory_keys(
     f.in_directory, f.verified_at IS NOT NULL, f.categories, f.country, f.city) k
   GROUP BY 1, 2, 3, 4;
END $$;--> statement-breakpoint
SELECT factory_directory_rebuild();
--> statement-breakpoint
-- Phones and WhatsApp numbers in one stored form, E.164 ('+998901234567'): the rule of
-- normalizePhone (app/domain/contacts.ts). WhatsApp was stored as bare digits and phones as
-- typed; a value the rule cannot read (a local number without its country code) stays as it is.
CREATE FUNCTION fabricum_phone_e164(value text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN n IS NULL OR n !~ '^[1-9][0-9]{6,14}$' THEN value ELSE '+' || n END
    FROM (
      SELECT CASE
               WHEN btrim(value) !~ '^\(?\+?[0-9\s().-]+$' THEN NULL
               WHEN ltrim(btrim(value), '(') LIKE '+%' THEN d
               WHEN d LIKE '00%' THEN substr(d, 3)
               WHEN length(d) = 11 AND d LIKE '8%' THEN '7' || substr(d, 2)
               ELSE d
             END AS n
        FROM (SELECT regexp_replace(value, '[^0-9]', '', 'g') AS d) digits
    ) number
$$;--> statement-breakpoint
UPDATE profiles SET phone = fabricum_phone_e164(phone), whatsapp_number = fabricum_phone_e164(whatsapp_number)
 WHERE phone IS DISTINCT FROM fabricum_phone_e164(phone)
    OR whatsapp_number IS DISTINCT FROM fabricum_phone_e164(whatsapp_number);--> statement-breakpoint
UPDATE factories SET phone = fabricum_phone_e164(phone), whatsapp_number = fabricum_phone_e164(whatsapp_number)
 WHERE phone IS DISTINCT FROM fabricum_phone_e164(phone)
    OR whatsapp_number IS DISTINCT FROM fabricum_phone_e164(whatsapp_number);--> statement-breakpoint
UPDATE tenders SET phone = fabricum_phone_e164(phone), whatsapp = fabricum_phone_e164(whatsapp)
 WHERE phone IS DISTINCT FROM fabricum_phone_e164(phone)
    OR whatsapp IS DISTINCT FROM fabricum_phone_e164(whatsapp);--> statement-breakpoint
DROP FUNCTION fabricum_phone_e164(text);
