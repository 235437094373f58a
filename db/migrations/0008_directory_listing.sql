CREATE TABLE "factory_directory_counts" (
	"verified_only" boolean NOT NULL,
	"category" text NOT NULL,
	"country" text NOT NULL,
	"city" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "factory_directory_counts_verified_only_category_country_city_pk" PRIMARY KEY("verified_only","category","country","city")
);
--> statement-breakpoint
DROP INDEX "factories_country_city_idx";--> statement-breakpoint
DROP INDEX "factories_created_at_idx";--> statement-breakpoint
DROP INDEX "factories_fulltext_idx";--> statement-breakpoint
ALTER TABLE "factories" ADD COLUMN "listed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "factories_listed_created_at_idx" ON "factories" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS FIRST) WHERE "factories"."listed";--> statement-breakpoint
CREATE INDEX "factories_listed_country_idx" ON "factories" USING btree ("country","created_at" DESC NULLS LAST,"id" DESC NULLS FIRST) WHERE "factories"."listed";--> statement-breakpoint
CREATE INDEX "factories_listed_fulltext_idx" ON "factories" USING gin (("search" || "products_search")) WHERE "factories"."listed";--> statement-breakpoint
-- factories.listed: the owner is not blocked. It is a function of users.banned and nothing else
-- writes it: whenever a row is inserted, or its owner or the flag itself is written, it is set
-- from the owner's users row; blocking or unblocking a user writes the flag of their factory in
-- the same statement.
CREATE FUNCTION factories_set_listed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.listed := NOT EXISTS (SELECT 1 FROM users u WHERE u.id = NEW.user_id AND u.banned IS TRUE);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER factories_listed BEFORE INSERT OR UPDATE OF user_id, listed ON factories
  FOR EACH ROW EXECUTE FUNCTION factories_set_listed();--> statement-breakpoint
CREATE FUNCTION users_banned_relist_factory() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE factories SET listed = (NEW.banned IS NOT TRUE) WHERE user_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_banned_relist_factory AFTER UPDATE OF banned ON users
  FOR EACH ROW WHEN ((OLD.banned IS TRUE) IS DISTINCT FROM (NEW.banned IS TRUE))
  EXECUTE FUNCTION users_banned_relist_factory();--> statement-breakpoint
-- The directory's counts without a text search: the keys one factory counts under. Nothing for
-- a factory that is not listed; otherwise every combination of (verified only: no, and yes when
-- verified) x (any category '', and each of its categories) x (any place, its country, and its
-- country with its city). Empty values are never a filter, so they count nowhere.
CREATE FUNCTION factory_directory_keys(
  is_listed boolean, is_verified boolean, cats text[], in_country text, in_city text
) RETURNS TABLE (verified_only boolean, category text, country text, city text)
LANGUAGE sql IMMUTABLE AS $$
  SELECT v.verified_only, c.category, l.country, l.city
    FROM (VALUES (false), (true)) v(verified_only)
   CROSS JOIN (SELECT '' UNION SELECT x FROM unnest(cats) x WHERE x <> '') c(category)
   CROSS JOIN (
     SELECT '', ''
     UNION ALL SELECT in_country, '' WHERE in_country <> ''
     UNION ALL SELECT in_country, in_city WHERE in_country <> '' AND in_city <> ''
   ) l(country, city)
   WHERE is_listed AND (NOT v.verified_only OR is_verified)
$$;--> statement-breakpoint
-- One write's change to the counts: +1 under the new row's keys, -1 under the old row's. The
-- rows are upserted in key order, so concurrent writers lock them in the same order.
CREATE FUNCTION factory_directory_count() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO factory_directory_counts AS c (verified_only, category, country, city, n)
  SELECT k.verified_only, k.category, k.country, k.city, sum(d.delta)::int
    FROM (
      SELECT 1, NEW.listed, NEW.verified_at IS NOT NULL, NEW.categories, NEW.country, NEW.city
       WHERE TG_OP <> 'DELETE'
      UNION ALL
      SELECT -1, OLD.listed, OLD.verified_at IS NOT NULL, OLD.categories, OLD.country, OLD.city
       WHERE TG_OP <> 'INSERT'
    ) d(delta, listed, verified, categories, country, city)
   CROSS JOIN LATERAL factory_directory_keys(d.listed, d.verified, d.categories, d.country, d.city) k
   GROUP BY 1, 2, 3, 4
  HAVING sum(d.delta) <> 0
   ORDER BY 1, 2, 3, 4
  ON CONFLICT (verified_only, category, country, city) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER factory_directory_count_insert_delete AFTER INSERT OR DELETE ON factories
  FOR EACH ROW EXECUTE FUNCTION factory_directory_count();--> statement-breakpoint
CREATE TRIGGER factory_directory_count_update
  AFTER UPDATE OF listed, verified_at, categories, country, city ON factories
  FOR EACH ROW WHEN (
    OLD.listed IS DISTINCT FROM NEW.listed
    OR (OLD.verified_at IS NULL) IS DISTINCT FROM (NEW.verified_at IS NULL)
    OR OLD.categories IS DISTINCT FROM NEW.categories
    OR OLD.country IS DISTINCT FROM NEW.country
    OR OLD.city IS DISTINCT FROM NEW.city)
  EXECUTE FUNCTION factory_directory_count();--> statement-breakpoint
CREATE FUNCTION factory_directory_counts_clear() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM factory_directory_counts;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER factory_directory_count_truncate AFTER TRUNCATE ON factories
  FOR EACH STATEMENT EXECUTE FUNCTION factory_directory_counts_clear();--> statement-breakpoint
-- Sets listed and the counts from scratch: for rows written with triggers off (a bulk load with
-- session_replication_role = replica, bench/factories.ts) and for the rows that exist now.
CREATE FUNCTION factory_directory_rebuild() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE factory_directory_counts IN EXCLUSIVE MODE;
  UPDATE factories f SET listed = (u.banned IS NOT TRUE)
    FROM users u
   WHERE u.id = f.user_id AND f.listed IS DISTINCT FROM (u.banned IS NOT TRUE);
  DELETE FROM factory_directory_counts;
  INSERT INTO factory_directory_counts (verified_only, category, country, city, n)
  SELECT k.verified_only, k.category, k.country, k.city, count(*)::int
    FROM factories f
   CROSS JOIN LATERAL factory_directory_keys(
     f.listed, f.verified_at IS NOT NULL, f.categories, f.country, f.city) k
   GROUP BY 1, 2, 3, 4;
END $$;--> statement-breakpoint
SELECT factory_directory_rebuild();
