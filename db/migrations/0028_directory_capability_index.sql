DROP INDEX "factories_directory_country_idx";--> statement-breakpoint
ALTER TABLE "factories" ADD COLUMN "verified_certifications" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "factories_directory_certifications_idx" ON "factories" USING gin ("verified_certifications") WHERE "factories"."in_directory";--> statement-breakpoint
-- Issue 29: the directory's capability filters read one index. Its order within a country, as
-- before, now carries every column the filters and the orders read: a filtered page (a country
-- with a minimum order, a material, English...) takes its ids and its count from the index alone
-- instead of visiting thousands of rows scattered over the table, and a filter without a country
-- scans it in place of the table until it has enough matches.
CREATE INDEX "factories_directory_country_idx" ON "factories" USING btree ("country", "completeness" DESC NULLS LAST, "created_at" DESC NULLS LAST, "id" DESC NULLS FIRST) INCLUDE ("city", "categories", "min_order", "monthly_capacity", "lead_time_days", "on_time_percent", "services", "materials", "export_markets", "languages", "verified_certifications", "verified_at", "rating", "review_count") WHERE "factories"."in_directory";--> statement-breakpoint
-- A factory's verified certifications, kept with it: the certification filter is then a list
-- like the others (`@>`), on factories_directory_certifications_idx or the index above, instead
-- of a lookup in factory_certificates for every factory read.
CREATE FUNCTION factory_verified_certifications_refresh(factory uuid) RETURNS void LANGUAGE sql AS $$
  UPDATE factories f
     SET verified_certifications = v.list
    FROM (SELECT coalesce(array_agg(c.certification ORDER BY c.certification), '{}') AS list
            FROM factory_certificates c
           WHERE c.factory_id = factory AND c.status = 'verified') v
   WHERE f.id = factory AND f.verified_certifications IS DISTINCT FROM v.list;
$$;--> statement-breakpoint
CREATE FUNCTION fabricum_factory_verified_certifications() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM factory_verified_certifications_refresh(OLD.factory_id);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.factory_id IS DISTINCT FROM OLD.factory_id) THEN
    PERFORM factory_verified_certifications_refresh(NEW.factory_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER factory_certificates_verified_list AFTER INSERT OR DELETE OR UPDATE OF factory_id, certification, status ON factory_certificates FOR EACH ROW EXECUTE FUNCTION fabricum_factory_verified_certifications();--> statement-breakpoint
UPDATE factories f
   SET verified_certifications = v.list
  FROM (SELECT factory_id, array_agg(certification ORDER BY certification) AS list
          FROM factory_certificates WHERE status = 'verified' GROUP BY factory_id) v
 WHERE v.factory_id = f.id;
