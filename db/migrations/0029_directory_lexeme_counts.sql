-- Issue 29: the search's document frequencies. For each lexeme, how many of the directory's
-- factories have it in their whole vector (search_all). A word that no factory has is known
-- without asking the GIN index, and a word that more factories have than a count is capped at is
-- settled without reading a row (app/features/search/text-search.server.ts, "Speed").
-- Byte order (COLLATE "C"): the lexemes starting with a prefix are one range of the key.
CREATE TABLE "directory_lexeme_counts" (
	"lexeme" text COLLATE "C" PRIMARY KEY NOT NULL,
	"n" integer NOT NULL
);--> statement-breakpoint
-- Adds `delta` for each lexeme of `vector` (the factory's, as the directory lists it or not), in
-- the key's order so that two writers wait for each other instead of deadlocking.
CREATE FUNCTION directory_lexeme_counts_add(vector tsvector, delta integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO directory_lexeme_counts (lexeme, n)
  SELECT l, delta FROM unnest(tsvector_to_array(vector)) l ORDER BY l COLLATE "C"
  ON CONFLICT (lexeme) DO UPDATE SET n = directory_lexeme_counts.n + excluded.n;
$$;--> statement-breakpoint
CREATE FUNCTION fabricum_directory_lexemes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.in_directory THEN
    PERFORM directory_lexeme_counts_add(OLD.search_all, -1);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.in_directory THEN
    PERFORM directory_lexeme_counts_add(NEW.search_all, 1);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- After the BEFORE triggers that set search_all and in_directory; only when either changed.
CREATE TRIGGER factories_directory_lexemes_inserted AFTER INSERT ON factories FOR EACH ROW WHEN (NEW.in_directory) EXECUTE FUNCTION fabricum_directory_lexemes();--> statement-breakpoint
CREATE TRIGGER factories_directory_lexemes_updated AFTER UPDATE ON factories FOR EACH ROW WHEN (OLD.in_directory IS DISTINCT FROM NEW.in_directory OR (NEW.in_directory AND OLD.search_all IS DISTINCT FROM NEW.search_all)) EXECUTE FUNCTION fabricum_directory_lexemes();--> statement-breakpoint
CREATE TRIGGER factories_directory_lexemes_deleted AFTER DELETE ON factories FOR EACH ROW WHEN (OLD.in_directory) EXECUTE FUNCTION fabricum_directory_lexemes();--> statement-breakpoint
CREATE FUNCTION fabricum_directory_lexemes_cleared() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM directory_lexeme_counts;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER factories_directory_lexemes_truncated AFTER TRUNCATE ON factories FOR EACH STATEMENT EXECUTE FUNCTION fabricum_directory_lexemes_cleared();--> statement-breakpoint
INSERT INTO directory_lexeme_counts (lexeme, n)
SELECT l, count(*) FROM factories f, unnest(tsvector_to_array(f.search_all)) l
 WHERE f.in_directory GROUP BY l;
--> statement-breakpoint
-- The typo fallback's nearest word: a GiST trigram index answers "the nearest words" in order
-- (`ORDER BY word <-> …`), reading a few entries; the GIN index could only filter by `%`, and the
-- planner preferred computing the similarity of every word of a small lexicon.
CREATE INDEX "search_lexicon_trgm_gist_idx" ON "search_lexicon" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
DROP INDEX "search_lexicon_trgm_idx";
