CREATE TABLE "tender_postings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tender_postings" ADD CONSTRAINT "tender_postings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tender_postings_user_idx" ON "tender_postings" USING btree ("user_id","posted_at");--> statement-breakpoint
CREATE INDEX "quote_messages_sender_idx" ON "quote_messages" USING btree ("sender_id");--> statement-breakpoint
-- hand-written below
-- The tenders posted within the last day count towards the limit from the start.
INSERT INTO tender_postings (user_id, posted_at)
  SELECT user_id, created_at FROM tenders WHERE created_at > now() - interval '1 day';
--> statement-breakpoint
-- Reads write nothing visitors' pages show (docs/decisions/025-limits-under-concurrency.md): on
-- quotes and profiles, an update tells the page cache only when a column other than the ones
-- below changed. Read marks, letter marks, the last message's time and the buyer's shortlist (on
-- quotes), the account's language (on profiles) and updated_at are on no visitor's page. A row
-- trigger with WHEN: a column added later counts as visible until it is named here. Inserts,
-- deletes and truncates still tell the cache once per statement, as before.
DROP TRIGGER IF EXISTS quotes_pages_changed ON quotes;
--> statement-breakpoint
DROP TRIGGER IF EXISTS profiles_pages_changed ON profiles;
--> statement-breakpoint
CREATE TRIGGER quotes_pages_changed AFTER INSERT OR DELETE OR TRUNCATE ON quotes FOR EACH STATEMENT EXECUTE FUNCTION fabricum_pages_changed();
--> statement-breakpoint
CREATE TRIGGER quotes_pages_updated AFTER UPDATE ON quotes FOR EACH ROW
  WHEN ((to_jsonb(OLD) - ARRAY['buyer_read_at', 'factory_read_at', 'buyer_mailed_at', 'factory_mailed_at', 'last_message_at', 'shortlisted', 'updated_at'])
    IS DISTINCT FROM (to_jsonb(NEW) - ARRAY['buyer_read_at', 'factory_read_at', 'buyer_mailed_at', 'factory_mailed_at', 'last_message_at', 'shortlisted', 'updated_at']))
  EXECUTE FUNCTION fabricum_pages_changed();
--> statement-breakpoint
CREATE TRIGGER profiles_pages_changed AFTER INSERT OR DELETE OR TRUNCATE ON profiles FOR EACH STATEMENT EXECUTE FUNCTION fabricum_pages_changed();
--> statement-breakpoint
CREATE TRIGGER profiles_pages_updated AFTER UPDATE ON profiles FOR EACH ROW
  WHEN ((to_jsonb(OLD) - ARRAY['locale', 'updated_at']) IS DISTINCT FROM (to_jsonb(NEW) - ARRAY['locale', 'updated_at']))
  EXECUTE FUNCTION fabricum_pages_changed();
