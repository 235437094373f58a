CREATE TABLE "order_disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"side" text NOT NULL,
	"raised_by_id" text,
	"reason" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"resolved_by_id" text,
	"resolution" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_disputes_side_check" CHECK ("order_disputes"."side" in ('buyer', 'factory')),
	CONSTRAINT "order_disputes_state_check" CHECK ("order_disputes"."state" in ('open', 'resolved'))
);
--> statement-breakpoint
CREATE TABLE "order_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"side" text NOT NULL,
	"proposer_id" text,
	"changes" jsonb NOT NULL,
	"comment" text,
	"state" text DEFAULT 'open' NOT NULL,
	"answered_by_id" text,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_proposals_side_check" CHECK ("order_proposals"."side" in ('buyer', 'factory')),
	CONSTRAINT "order_proposals_state_check" CHECK ("order_proposals"."state" in ('open', 'accepted', 'declined', 'withdrawn', 'lapsed'))
);
--> statement-breakpoint
ALTER TABLE "order_disputes" ADD CONSTRAINT "order_disputes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_disputes" ADD CONSTRAINT "order_disputes_raised_by_id_users_id_fk" FOREIGN KEY ("raised_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_disputes" ADD CONSTRAINT "order_disputes_resolved_by_id_users_id_fk" FOREIGN KEY ("resolved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_proposals" ADD CONSTRAINT "order_proposals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_proposals" ADD CONSTRAINT "order_proposals_proposer_id_users_id_fk" FOREIGN KEY ("proposer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_proposals" ADD CONSTRAINT "order_proposals_answered_by_id_users_id_fk" FOREIGN KEY ("answered_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_disputes_order_idx" ON "order_disputes" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_disputes_one_open_idx" ON "order_disputes" USING btree ("order_id") WHERE "order_disputes"."state" = 'open';--> statement-breakpoint
CREATE INDEX "order_disputes_list_idx" ON "order_disputes" USING btree ("state","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "order_proposals_order_idx" ON "order_proposals" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_proposals_one_open_idx" ON "order_proposals" USING btree ("order_id") WHERE "order_proposals"."state" = 'open';--> statement-breakpoint
CREATE INDEX "order_events_actor_idx" ON "order_events" USING btree ("actor_id") WHERE "order_events"."actor_id" is not null;