CREATE TABLE "notification_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"email_events" boolean DEFAULT true NOT NULL,
	"tender_alerts" text DEFAULT 'instant' NOT NULL,
	"alerts_own_country" boolean DEFAULT false NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"digest_sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_unsubscribe_token_unique" UNIQUE("unsubscribe_token"),
	CONSTRAINT "notification_settings_alerts_check" CHECK ("notification_settings"."tender_alerts" in ('off', 'instant', 'daily'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"actor_id" text,
	"tender_id" uuid,
	"quote_id" uuid,
	"tender_title" text NOT NULL,
	"mail_state" text DEFAULT 'pending' NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"sender_id" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tender_id" uuid NOT NULL,
	"factory_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"quantity" integer NOT NULL,
	"min_order" integer,
	"lead_time_days" integer NOT NULL,
	"sample_available" boolean DEFAULT false NOT NULL,
	"sample_price" numeric(14, 2),
	"sample_days" integer,
	"valid_until" timestamp with time zone NOT NULL,
	"message" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"shortlisted" boolean DEFAULT false NOT NULL,
	"decline_reason" text,
	"decided_at" timestamp with time zone,
	"buyer_read_at" timestamp with time zone,
	"factory_read_at" timestamp with time zone,
	"buyer_mailed_at" timestamp with time zone,
	"factory_mailed_at" timestamp with time zone,
	"last_message_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_status_check" CHECK ("quotes"."status" in ('submitted', 'accepted', 'declined', 'withdrawn')),
	CONSTRAINT "quotes_unit_price_check" CHECK ("quotes"."unit_price" >= 0),
	CONSTRAINT "quotes_quantity_check" CHECK ("quotes"."quantity" >= 1),
	CONSTRAINT "quotes_min_order_check" CHECK ("quotes"."min_order" is null or "quotes"."min_order" >= 1),
	CONSTRAINT "quotes_lead_time_check" CHECK ("quotes"."lead_time_days" >= 1),
	CONSTRAINT "quotes_sample_price_check" CHECK ("quotes"."sample_price" is null or "quotes"."sample_price" >= 0),
	CONSTRAINT "quotes_sample_days_check" CHECK ("quotes"."sample_days" is null or "quotes"."sample_days" >= 1)
);
--> statement-breakpoint
ALTER TABLE "tenders" DROP CONSTRAINT "tenders_status_check";--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "categories" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "alerted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_messages" ADD CONSTRAINT "quote_messages_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_messages" ADD CONSTRAINT "quote_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_factory_id_factories_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_mail_pending_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."mail_state" = 'pending';--> statement-breakpoint
CREATE INDEX "quote_messages_quote_created_idx" ON "quote_messages" USING btree ("quote_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_tender_factory_idx" ON "quotes" USING btree ("tender_id","factory_id");--> statement-breakpoint
CREATE INDEX "quotes_user_created_idx" ON "quotes" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quotes_factory_idx" ON "quotes" USING btree ("factory_id");--> statement-breakpoint
ALTER TABLE "tenders" ADD CONSTRAINT "tenders_status_check" CHECK ("tenders"."status" in ('active', 'closed', 'awarded'));--> statement-breakpoint
UPDATE "tenders" SET "alerted_at" = now();