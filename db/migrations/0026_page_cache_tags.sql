-- Issue 31: a write drops only the cached pages that show what it changed. The triggers of
-- migrations 0009, 0014, 0017 and 0023 sent an empty NOTIFY (every page of every process went)
-- on any change of eight tables. These name what changed instead, as page tags
-- (app/lib/page-tags.ts spells the same kinds): 'factory:<id>', 'directory:<country>' (or
-- 'directory' for a factory without a country), 'tenders', 'tender:<id>', and '*' (everything)
-- for a TRUNCATE, a change of an account (users) and a statement whose tags would not fit
-- pg_notify's 8000 bytes. Statement-level triggers with transition tables: one NOTIFY per
-- statement, however many rows it touched; an update that changes no visible column (the lists
-- below) sends nothing. Still inside the writing transaction: the news goes out on commit only.
--
-- Tables without a trigger never drop a page: quote_messages, notifications, sessions, ...
-- (a message, a read mark or a notification). Ignored columns: a quote's read and letter marks,
-- last_message_at and the buyer's shortlist (migration 0014); a tender's alerted_at (set when
-- its alerts are expanded); an account's language; updated_at everywhere.
DROP TRIGGER IF EXISTS users_pages_changed ON users;
--> statement-breakpoint
DROP TRIGGER IF EXISTS profiles_pages_changed ON profiles;
--> statement-breakpoint
DROP TRIGGER IF EXISTS profiles_pages_updated ON profiles;
--> statement-breakpoint
DROP TRIGGER IF EXISTS factories_pages_changed ON factories;
--> statement-breakpoint
DROP TRIGGER IF EXISTS factory_products_pages_changed ON factory_products;
--> statement-breakpoint
DROP TRIGGER IF EXISTS tenders_pages_changed ON tenders;
--> statement-breakpoint
DROP TRIGGER IF EXISTS quotes_pages_changed ON quotes;
--> statement-breakpoint
DROP TRIGGER IF EXISTS quotes_pages_updated ON quotes;
--> statement-breakpoint
DROP TRIGGER IF EXISTS factory_certificates_pages_changed ON factory_certificates;
--> statement-breakpoint
DROP TRIGGER IF EXISTS reviews_pages_changed ON reviews;
--> statement-breakpoint
DROP FUNCTION IF EXISTS fabricum_pages_changed();
--> statement-breakpoint
-- Sends the tags (without duplicates or nulls), or '*' when they would not fit a NOTIFY.
CREATE FUNCTION fabricum_pages_notify(tags text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  payload text;
BEGIN
  SELECT string_agg(DISTINCT tag, ' ') INTO payload FROM unnest(tags) AS tag WHERE tag IS NOT NULL;
  IF payload IS NULL THEN
    RETURN;
  END IF;
  IF octet_length(payload) > 7900 THEN
    payload := '*';
  END IF;
  PERFORM pg_notify('fabricum_pages', payload);
END
$$;
--> statement-breakpoint
-- TRUNCATE has no transition tables: everything.
CREATE FUNCTION fabricum_pages_everything() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fabricum_pages', '*');
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A factory: its page and portfolio, and the directory of its country (before and after).
CREATE FUNCTION fabricum_pages_factories() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM fabricum_pages_notify(ARRAY(
      SELECT unnest(ARRAY['factory:' || r.id, 'directory' || coalesce(':' || r.country, '')])
      FROM new_rows r));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM fabricum_pages_notify(ARRAY(
      SELECT unnest(ARRAY['factory:' || r.id, 'directory' || coalesce(':' || r.country, '')])
      FROM old_rows r));
  ELSE
    -- The directory's cards, filters and order show no contact: a new phone number drops the
    -- factory's page only (a contact that moves the profile's completeness moves that column).
    PERFORM fabricum_pages_notify(ARRAY(
      SELECT unnest(ARRAY['factory:' || n.id] || CASE
        WHEN (to_jsonb(n) - ARRAY['updated_at', 'email', 'phone', 'website', 'instagram_url',
                                  'whatsapp_number', 'telegram_url', 'address'])
          IS DISTINCT FROM (to_jsonb(o) - ARRAY['updated_at', 'email', 'phone', 'website',
                                  'instagram_url', 'whatsapp_number', 'telegram_url', 'address'])
        THEN ARRAY['directory' || coalesce(':' || n.country, ''),
                   'directory' || coalesce(':' || o.country, '')]
        ELSE ARRAY[]::text[] END)
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (to_jsonb(n) - 'updated_at') IS DISTINCT FROM (to_jsonb(o) - 'updated_at')));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A product: its factory's page and portfolio. What the directory shows of products (the search
-- text, the profile's completeness) is kept in factories, whose own trigger names the directory.
CREATE FUNCTION fabricum_pages_factory_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM fabricum_pages_notify(ARRAY(SELECT 'factory:' || r.factory_id FROM new_rows r));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM fabricum_pages_notify(ARRAY(SELECT 'factory:' || r.factory_id FROM old_rows r));
  ELSE
    PERFORM fabricum_pages_notify(ARRAY(
      SELECT unnest(ARRAY['factory:' || n.factory_id, 'factory:' || o.factory_id])
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (to_jsonb(n) - 'updated_at') IS DISTINCT FROM (to_jsonb(o) - 'updated_at')));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A certificate: its factory's page and the directory of its country (the certification filter).
CREATE FUNCTION fabricum_pages_factory_certificates() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM fabricum_pages_notify(ARRAY(
      SELECT unnest(ARRAY['factory:' || r.factory_id, 'directory' || coalesce(':' || f.country, '')])
      FROM new_rows r LEFT JOIN factories f ON f.id = r.factory_id));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM fabricum_pages_notify(ARRAY(
      SELECT unnest(ARRAY['factory:' || r.factory_id, 'directory' || coalesce(':' || f.country, '')])
      FROM old_rows r LEFT JOIN factories f ON f.id = r.factory_id));
  ELSE
    PERFORM fabricum_pages_notify(ARRAY(
      SELECT unnest(ARRAY['factory:' || n.factory_id, 'factory:' || o.factory_id,
                          'directory' || coalesce(':' || f.country, '')])
      FROM new_rows n JOIN old_rows o ON o.id = n.id LEFT JOIN factories f ON f.id = n.factory_id
      WHERE (to_jsonb(n) - 'updated_at') IS DISTINCT FROM (to_jsonb(o) - 'updated_at')));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A review: its factory's page (the rating and count on the cards live in factories).
CREATE FUNCTION fabricum_pages_reviews() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM fabricum_pages_notify(ARRAY(SELECT 'factory:' || r.factory_id FROM new_rows r));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM fabricum_pages_notify(ARRAY(SELECT 'factory:' || r.factory_id FROM old_rows r));
  ELSE
    PERFORM fabricum_pages_notify(ARRAY(
      SELECT unnest(ARRAY['factory:' || n.factory_id, 'factory:' || o.factory_id])
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (to_jsonb(n) - 'updated_at') IS DISTINCT FROM (to_jsonb(o) - 'updated_at')));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A tender: its page, the tender list and the landing page's count.
CREATE FUNCTION fabricum_pages_tenders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM fabricum_pages_notify(ARRAY(
      SELECT unnest(ARRAY['tender:' || r.id, 'tenders']) FROM new_rows r));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM fabricum_pages_notify(ARRAY(
      SELECT unnest(ARRAY['tender:' || r.id, 'tenders']) FROM old_rows r));
  ELSE
    PERFORM fabricum_pages_notify(ARRAY(
      SELECT unnest(ARRAY['tender:' || n.id, 'tenders'])
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (to_jsonb(n) - ARRAY['alerted_at', 'updated_at'])
        IS DISTINCT FROM (to_jsonb(o) - ARRAY['alerted_at', 'updated_at'])));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A quote: its tender's page (the count of quotes). The tender list shows nothing of quotes;
-- an award changes the tender's status, which names the list through the tenders trigger.
CREATE FUNCTION fabricum_pages_quotes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM fabricum_pages_notify(ARRAY(SELECT 'tender:' || r.tender_id FROM new_rows r));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM fabricum_pages_notify(ARRAY(SELECT 'tender:' || r.tender_id FROM old_rows r));
  ELSE
    PERFORM fabricum_pages_notify(ARRAY(
      SELECT unnest(ARRAY['tender:' || n.tender_id, 'tender:' || o.tender_id])
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (to_jsonb(n) - ARRAY['buyer_read_at', 'factory_read_at', 'buyer_mailed_at',
                                 'factory_mailed_at', 'last_message_at', 'shortlisted', 'updated_at'])
        IS DISTINCT FROM (to_jsonb(o) - ARRAY['buyer_read_at', 'factory_read_at', 'buyer_mailed_at',
                                 'factory_mailed_at', 'last_message_at', 'shortlisted', 'updated_at'])));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A profile: no visitor's page shows one today; its factory's page, should it ever. A new
-- account's profile is on no page yet.
CREATE FUNCTION fabricum_pages_profiles() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM fabricum_pages_notify(ARRAY(
      SELECT 'factory:' || f.id FROM old_rows r JOIN factories f ON f.user_id = r.id));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM fabricum_pages_notify(ARRAY(
      SELECT 'factory:' || f.id
      FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN factories f ON f.user_id = n.id
      WHERE (to_jsonb(n) - ARRAY['locale', 'updated_at'])
        IS DISTINCT FROM (to_jsonb(o) - ARRAY['locale', 'updated_at'])));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An account: a block hides its factory, tenders and quotes everywhere: everything. A new
-- account is on no page yet.
CREATE FUNCTION fabricum_pages_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM old_rows) THEN
      PERFORM pg_notify('fabricum_pages', '*');
    END IF;
  ELSIF TG_OP = 'UPDATE' THEN
    IF EXISTS (
      SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (to_jsonb(n) - 'updated_at') IS DISTINCT FROM (to_jsonb(o) - 'updated_at')
    ) THEN
      PERFORM pg_notify('fabricum_pages', '*');
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER factories_pages_inserted AFTER INSERT ON factories REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fabricum_pages_factories();
--> statement-breakpoint
CREATE TRIGGER factories_pages_updated AFTER UPDATE ON factories REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fabricum_pages_factories();
--> statement-breakpoint
CREATE TRIGGER factories_pages_deleted AFTER DELETE ON factories REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION fabricum_pages_factories();
--> statement-breakpoint
CREATE TRIGGER factories_pages_truncated AFTER TRUNCATE ON factories FOR EACH STATEMENT EXECUTE FUNCTION fabricum_pages_everything();
--> statement-breakpoint
CREATE TRIGGER factory_products_pages_inserted AFTER INSERT ON factory_products REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fabricum_pages_factory_products();
--> statement-breakpoint
CREATE TRIGGER factory_products_pages_updated AFTER UPDATE ON factory_products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fabricum_pages_factory_products();
--> statement-breakpoint
CREATE TRIGGER factory_products_pages_deleted AFTER DELETE ON factory_products REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION fabricum_pages_factory_products();
--> statement-breakpoint
CREATE TRIGGER factory_products_pages_truncated AFTER TRUNCATE ON factory_products FOR EACH STATEMENT EXECUTE FUNCTION fabricum_pages_everything();
--> statement-breakpoint
CREATE TRIGGER factory_certificates_pages_inserted AFTER INSERT ON factory_certificates REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fabricum_pages_factory_certificates();
--> statement-breakpoint
CREATE TRIGGER factory_certificates_pages_updated AFTER UPDATE ON factory_certificates REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fabricum_pages_factory_certificates();
--> statement-breakpoint
CREATE TRIGGER factory_certificates_pages_deleted AFTER DELETE ON factory_certificates REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION fabricum_pages_factory_certificates();
--> statement-breakpoint
CREATE TRIGGER factory_certificates_pages_truncated AFTER TRUNCATE ON factory_certificates FOR EACH STATEMENT EXECUTE FUNCTION fabricum_pages_everything();
--> statement-breakpoint
CREATE TRIGGER reviews_pages_inserted AFTER INSERT ON reviews REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fabricum_pages_reviews();
--> statement-breakpoint
CREATE TRIGGER reviews_pages_updated AFTER UPDATE ON reviews REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fabricum_pages_reviews();
--> statement-breakpoint
CREATE TRIGGER reviews_pages_deleted AFTER DELETE ON reviews REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION fabricum_pages_reviews();
--> statement-breakpoint
CREATE TRIGGER reviews_pages_truncated AFTER TRUNCATE ON reviews FOR EACH STATEMENT EXECUTE FUNCTION fabricum_pages_everything();
--> statement-breakpoint
CREATE TRIGGER tenders_pages_inserted AFTER INSERT ON tenders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fabricum_pages_tenders();
--> statement-breakpoint
CREATE TRIGGER tenders_pages_updated AFTER UPDATE ON tenders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fabricum_pages_tenders();
--> statement-breakpoint
CREATE TRIGGER tenders_pages_deleted AFTER DELETE ON tenders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION fabricum_pages_tenders();
--> statement-breakpoint
CREATE TRIGGER tenders_pages_truncated AFTER TRUNCATE ON tenders FOR EACH STATEMENT EXECUTE FUNCTION fabricum_pages_everything();
--> statement-breakpoint
CREATE TRIGGER quotes_pages_inserted AFTER INSERT ON quotes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fabricum_pages_quotes();
--> statement-breakpoint
CREATE TRIGGER quotes_pages_updated AFTER UPDATE ON quotes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fabricum_pages_quotes();
--> statement-breakpoint
CREATE TRIGGER quotes_pages_deleted AFTER DELETE ON quotes REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION fabricum_pages_quotes();
--> statement-breakpoint
CREATE TRIGGER quotes_pages_truncated AFTER TRUNCATE ON quotes FOR EACH STATEMENT EXECUTE FUNCTION fabricum_pages_everything();
--> statement-breakpoint
CREATE TRIGGER profiles_pages_updated AFTER UPDATE ON profiles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fabricum_pages_profiles();
--> statement-breakpoint
CREATE TRIGGER profiles_pages_deleted AFTER DELETE ON profiles REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION fabricum_pages_profiles();
--> statement-breakpoint
CREATE TRIGGER profiles_pages_truncated AFTER TRUNCATE ON profiles FOR EACH STATEMENT EXECUTE FUNCTION fabricum_pages_everything();
--> statement-breakpoint
CREATE TRIGGER users_pages_updated AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fabricum_pages_users();
--> statement-breakpoint
CREATE TRIGGER users_pages_deleted AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION fabricum_pages_users();
--> statement-breakpoint
CREATE TRIGGER users_pages_truncated AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION fabricum_pages_everything();
