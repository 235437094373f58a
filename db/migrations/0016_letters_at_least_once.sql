CREATE TABLE "tender_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tender_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"via" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"lease_owner" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tender_alerts_via_check" CHECK ("tender_alerts"."via" in ('instant', 'digest')),
	CONSTRAINT "tender_alerts_state_check" CHECK ("tender_alerts"."state" in ('pending', 'sending', 'sent', 'skipped', 'failed'))
);
--> statement-breakpoint
DROP INDEX "notifications_mail_pending_idx";--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "digest_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "digest_lease_owner" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "mail_attempts" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "mail_next_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "mail_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "mail_lease_owner" text;--> statement-breakpoint
ALTER TABLE "tender_alerts" ADD CONSTRAINT "tender_alerts_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_alerts" ADD CONSTRAINT "tender_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tender_alerts_tender_user_idx" ON "tender_alerts" USING btree ("tender_id","user_id");--> statement-breakpoint
CREATE INDEX "tender_alerts_to_send_idx" ON "tender_alerts" USING btree ("created_at") WHERE "tender_alerts"."state" in ('pending', 'sending') and "tender_alerts"."via" = 'instant';--> statement-breakpoint
CREATE INDEX "tender_alerts_user_idx" ON "tender_alerts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "tender_alerts_created_idx" ON "tender_alerts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "tender_alerts_digest_idx" ON "tender_alerts" USING btree ("user_id") WHERE "tender_alerts"."via" = 'digest' and "tender_alerts"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "notifications_mail_pending_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."mail_state" in ('pending', 'sending');--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_mail_state_check" CHECK ("notifications"."mail_state" in ('pending', 'sending', 'sent', 'skipped', 'failed'));