CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"factory_id" uuid NOT NULL,
	"buyer_id" text,
	"quality" smallint NOT NULL,
	"communication" smallint NOT NULL,
	"on_time" smallint NOT NULL,
	"text" text NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"hidden_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_quality_check" CHECK ("reviews"."quality" between 1 and 5),
	CONSTRAINT "reviews_communication_check" CHECK ("reviews"."communication" between 1 and 5),
	CONSTRAINT "reviews_on_time_check" CHECK ("reviews"."on_time" between 1 and 5),
	CONSTRAINT "reviews_text_check" CHECK (char_length("reviews"."text") between 1 and 2000),
	CONSTRAINT "reviews_answer_check" CHECK ("reviews"."answer" is null or char_length("reviews"."answer") between 1 and 2000),
	CONSTRAINT "reviews_hidden_check" CHECK (("reviews"."hidden_at" is null) = ("reviews"."hidden_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "factories" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "factories" ADD COLUMN "rating" numeric(3, 2);--> statement-breakpoint
ALTER TABLE "factories" ADD COLUMN "delivered_orders" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "factories" ADD COLUMN "on_time_orders" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "factories" ADD COLUMN "on_time_percent" smallint;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_factory_id_factories_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_order_idx" ON "reviews" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "reviews_factory_visible_idx" ON "reviews" USING btree ("factory_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "reviews"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "reviews_buyer_idx" ON "reviews" USING btree ("buyer_id");--> statement-breakpoint
CREATE INDEX "factories_directory_rating_idx" ON "factories" USING btree ("rating" DESC NULLS LAST,"review_count" DESC NULLS LAST,"completeness" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS FIRST) WHERE "factories"."in_directory";--> statement-breakpoint
CREATE INDEX "factories_directory_on_time_idx" ON "factories" USING btree ("on_time_percent") WHERE "factories"."in_directory" and "factories"."on_time_percent" is not null;--> statement-breakpoint
-- A factory's reputation (decision 033), recomputed from its rows whenever one of them changes:
-- its visible reviews (count, the mean of the three marks) and its delivered orders (count, those
-- delivered on time, the share in whole percent rounded down). On time: the buyer confirmed the
-- delivery (the order's latest 'delivered' event) on or before the planned delivery date, both
-- read as UTC dates. A row is written only when a figure changes.
CREATE INDEX "orders_factory_delivered_idx" ON "orders" USING btree ("factory_id") WHERE "orders"."step" = 'delivered';
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fabricum_factory_reputation(target uuid) RETURNS void LANGUAGE sql AS $$
  UPDATE factories f SET
    review_count = r.n,
    rating = r.rating,
    delivered_orders = d.n,
    on_time_orders = d.on_time,
    on_time_percent = CASE WHEN d.n > 0 THEN (d.on_time * 100 / d.n)::smallint END
  FROM
    (SELECT count(*)::int AS n,
            round(avg((quality + communication + on_time)::numeric / 3), 2) AS rating
       FROM reviews WHERE factory_id = target AND hidden_at IS NULL) r,
    (SELECT count(*)::int AS n,
            (count(*) FILTER (WHERE (
              SELECT (max(e.created_at) AT TIME ZONE 'UTC')::date
                FROM order_events e WHERE e.order_id = o.id AND e.kind = 'delivered'
            ) <= (o.delivery_planned_at AT TIME ZONE 'UTC')::date))::int AS on_time
       FROM orders o WHERE o.factory_id = target AND o.step = 'delivered') d
  WHERE f.id = target
    AND (f.review_count, f.rating, f.delivered_orders, f.on_time_orders)
        IS DISTINCT FROM (r.n, r.rating, d.n, d.on_time);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fabricum_reviews_reputation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM fabricum_factory_reputation(OLD.factory_id); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.factory_id IS DISTINCT FROM OLD.factory_id) THEN
    PERFORM fabricum_factory_reputation(NEW.factory_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER reviews_reputation AFTER INSERT OR DELETE OR UPDATE OF quality, communication, on_time, hidden_at, factory_id ON reviews FOR EACH ROW EXECUTE FUNCTION fabricum_reviews_reputation();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fabricum_orders_reputation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.factory_id IS NOT NULL THEN
    PERFORM fabricum_factory_reputation(OLD.factory_id);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.factory_id IS NOT NULL
     AND (TG_OP = 'INSERT' OR NEW.factory_id IS DISTINCT FROM OLD.factory_id) THEN
    PERFORM fabricum_factory_reputation(NEW.factory_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_reputation_insert AFTER INSERT ON orders FOR EACH ROW WHEN (NEW.step = 'delivered') EXECUTE FUNCTION fabricum_orders_reputation();
--> statement-breakpoint
CREATE TRIGGER orders_reputation_delete AFTER DELETE ON orders FOR EACH ROW WHEN (OLD.step = 'delivered') EXECUTE FUNCTION fabricum_orders_reputation();
--> statement-breakpoint
CREATE TRIGGER orders_reputation_update AFTER UPDATE OF step, factory_id, delivery_planned_at ON orders FOR EACH ROW WHEN (OLD.step = 'delivered' OR NEW.step = 'delivered') EXECUTE FUNCTION fabricum_orders_reputation();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fabricum_order_events_reputation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM fabricum_factory_reputation(factory_id) FROM orders
    WHERE id = NEW.order_id AND factory_id IS NOT NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_events_reputation AFTER INSERT ON order_events FOR EACH ROW WHEN (NEW.kind = 'delivered') EXECUTE FUNCTION fabricum_order_events_reputation();
--> statement-breakpoint
-- Visitors' cached pages show reviews (the factory page): tell every process when they change.
CREATE TRIGGER reviews_pages_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON reviews FOR EACH STATEMENT EXECUTE FUNCTION fabricum_pages_changed();
