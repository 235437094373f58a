CREATE TABLE "certificate_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"certificate_id" uuid NOT NULL,
	"admin_id" text,
	"status" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificate_decisions_status_check" CHECK ("certificate_decisions"."status" in ('verified', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "factory_certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"factory_id" uuid NOT NULL,
	"certification" text NOT NULL,
	"file" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"valid_until" timestamp with time zone,
	"status" text DEFAULT 'pending' NOT NULL,
	"note" text,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "factory_certificates_certification_check" CHECK ("factory_certificates"."certification" in ('iso-9001', 'oeko-tex-100', 'gots', 'amfori-bsci', 'wrap', 'sa8000', 'sedex-smeta', 'iso-14001')),
	CONSTRAINT "factory_certificates_status_check" CHECK ("factory_certificates"."status" in ('pending', 'verified', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "saved_factories" (
	"user_id" text NOT NULL,
	"factory_id" uuid NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_factories_user_id_factory_id_pk" PRIMARY KEY("user_id","factory_id")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"query" text NOT NULL,
	"letters" boolean DEFAULT true NOT NULL,
	"notified_until" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tender_invitations" (
	"tender_id" uuid NOT NULL,
	"factory_id" uuid NOT NULL,
	"state" text DEFAULT 'sent' NOT NULL,
	"decline_reason" text,
	"decline_note" text,
	"seen_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tender_invitations_tender_id_factory_id_pk" PRIMARY KEY("tender_id","factory_id"),
	CONSTRAINT "tender_invitations_state_check" CHECK ("tender_invitations"."state" in ('sent', 'seen', 'quoted', 'declined')),
	CONSTRAINT "tender_invitations_decline_reason_check" CHECK ("tender_invitations"."decline_reason" is null or "tender_invitations"."decline_reason" in ('capacity-full', 'not-our-product', 'other'))
);
--> statement-breakpoint
ALTER TABLE "factories" ADD COLUMN "min_order" integer;--> statement-breakpoint
ALTER TABLE "factories" ADD COLUMN "monthly_capacity" integer;--> statement-breakpoint
ALTER TABLE "factories" ADD COLUMN "lead_time_days" smallint;--> statement-breakpoint
ALTER TABLE "factories" ADD COLUMN "sample_days" smallint;--> statement-breakpoint
ALTER TABLE "factories" ADD COLUMN "services" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "factories" ADD COLUMN "materials" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "factories" ADD COLUMN "staff_count" integer;--> statement-breakpoint
ALTER TABLE "factories" ADD COLUMN "founded_year" smallint;--> statement-breakpoint
ALTER TABLE "factories" ADD COLUMN "export_markets" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "factories" ADD COLUMN "languages" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "private" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "tech_pack" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "certificate_decisions" ADD CONSTRAINT "certificate_decisions_certificate_id_factory_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."factory_certificates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_decisions" ADD CONSTRAINT "certificate_decisions_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "factory_certificates" ADD CONSTRAINT "factory_certificates_factory_id_factories_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "factory_certificates" ADD CONSTRAINT "factory_certificates_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_factories" ADD CONSTRAINT "saved_factories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_factories" ADD CONSTRAINT "saved_factories_factory_id_factories_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_invitations" ADD CONSTRAINT "tender_invitations_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_invitations" ADD CONSTRAINT "tender_invitations_factory_id_factories_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificate_decisions_certificate_idx" ON "certificate_decisions" USING btree ("certificate_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "factory_certificates_factory_certification_idx" ON "factory_certificates" USING btree ("factory_id","certification");--> statement-breakpoint
CREATE INDEX "factory_certificates_verified_idx" ON "factory_certificates" USING btree ("certification","factory_id") WHERE "factory_certificates"."status" = 'verified';--> statement-breakpoint
CREATE INDEX "factory_certificates_status_idx" ON "factory_certificates" USING btree ("status","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "saved_factories_factory_idx" ON "saved_factories" USING btree ("factory_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_searches_user_query_idx" ON "saved_searches" USING btree ("user_id","query");--> statement-breakpoint
CREATE INDEX "saved_searches_due_idx" ON "saved_searches" USING btree ("notified_until") WHERE "saved_searches"."letters";--> statement-breakpoint
CREATE INDEX "tender_invitations_factory_idx" ON "tender_invitations" USING btree ("factory_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "factories" ADD CONSTRAINT "factories_min_order_check" CHECK ("factories"."min_order" between 1 and 100000000);--> statement-breakpoint
ALTER TABLE "factories" ADD CONSTRAINT "factories_monthly_capacity_check" CHECK ("factories"."monthly_capacity" between 1 and 100000000);--> statement-breakpoint
ALTER TABLE "factories" ADD CONSTRAINT "factories_lead_time_days_check" CHECK ("factories"."lead_time_days" between 1 and 365);--> statement-breakpoint
ALTER TABLE "factories" ADD CONSTRAINT "factories_sample_days_check" CHECK ("factories"."sample_days" between 1 and 365);--> statement-breakpoint
ALTER TABLE "factories" ADD CONSTRAINT "factories_staff_count_check" CHECK ("factories"."staff_count" between 1 and 1000000);--> statement-breakpoint
ALTER TABLE "factories" ADD CONSTRAINT "factories_founded_year_check" CHECK ("factories"."founded_year" between 1800 and 2100);--> statement-breakpoint
ALTER TABLE "factories" ADD CONSTRAINT "factories_services_check" CHECK ("factories"."services" <@ array['pattern-making', 'sampling', 'cut-make-trim', 'full-package', 'private-label', 'printing', 'embroidery', 'washing-dyeing', 'packing-labelling']::text[]);--> statement-breakpoint
ALTER TABLE "factories" ADD CONSTRAINT "factories_materials_check" CHECK ("factories"."materials" <@ array['knit', 'woven', 'denim', 'linen', 'wool', 'silk', 'technical']::text[]);--> statement-breakpoint
ALTER TABLE "factories" ADD CONSTRAINT "factories_export_markets_check" CHECK ("factories"."export_markets" <@ array['cis', 'ru', 'kz', 'eu', 'uk', 'us', 'ca', 'middle-east', 'tr', 'cn', 'asia']::text[]);--> statement-breakpoint
ALTER TABLE "factories" ADD CONSTRAINT "factories_languages_check" CHECK ("factories"."languages" <@ array['ru', 'en', 'de', 'tr', 'zh', 'uz', 'kk', 'ky', 'hy', 'ka', 'az', 'ro', 'lt', 'lv', 'et', 'pl', 'uk', 'be']::text[]);--> statement-breakpoint
-- hand-written below
-- A factory's verified certifications show on its public page and in the directory's filter: a
-- change drops visitors' cached pages like a change of the factory itself (migration 0009).
CREATE TRIGGER factory_certificates_pages_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON factory_certificates FOR EACH STATEMENT EXECUTE FUNCTION fabricum_pages_changed();
