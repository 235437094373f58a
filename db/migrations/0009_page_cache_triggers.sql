-- Visitors' pages are cached by every app process (app/server/page-cache.server.ts). Whatever
-- changes a table those pages show tells every process, through PostgreSQL, in the same
-- transaction: the NOTIFY goes out on commit (and never for a rolled-back write), whichever
-- process, command or psql session made the change.
CREATE OR REPLACE FUNCTION fabricum_pages_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fabricum_pages', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_pages_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION fabricum_pages_changed();
--> statement-breakpoint
CREATE TRIGGER profiles_pages_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON profiles FOR EACH STATEMENT EXECUTE FUNCTION fabricum_pages_changed();
--> statement-breakpoint
CREATE TRIGGER factories_pages_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON factories FOR EACH STATEMENT EXECUTE FUNCTION fabricum_pages_changed();
--> statement-breakpoint
CREATE TRIGGER factory_products_pages_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON factory_products FOR EACH STATEMENT EXECUTE FUNCTION fabricum_pages_changed();
--> statement-breakpoint
CREATE TRIGGER tenders_pages_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tenders FOR EACH STATEMENT EXECUTE FUNCTION fabricum_pages_changed();
--> statement-breakpoint
CREATE TRIGGER quotes_pages_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON quotes FOR EACH STATEMENT EXECUTE FUNCTION fabricum_pages_changed();
