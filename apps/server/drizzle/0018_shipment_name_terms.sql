-- A name search finds the names with a word that starts with what was typed ("garc", "juan garcia", "dela cruz";
-- not "arcia"), read from an index of every name from each of its words to its end: the matches of "juan garcia"
-- are one short range of that index, however many shipments there are. The trigram indexes answered the same
-- question by intersecting the lists of shipments holding each of its trigrams ("jua", "gar", ...), which grow
-- with the table: 6 to 13 ms at 1,000,000 shipments against 0.1 ms here (docs/decisions.md "Shipment search").
-- They stay, for the lists that filter by a name as they read (lists.service.ts searchCondition, a word-start
-- regular expression pg_trgm also serves).
--
-- Words start at the name's first character and after whitespace or . , ' / ( ) & " - (the same set as
-- SEARCH_WORD_SEPARATORS in lists.service.ts). A term is kept to 100 characters, the longest search.
-- A word is a run of other characters: the k-th word starts where the k-th run does (one regular expression
-- per word, not per character: 16 µs a name against 76 µs).
CREATE FUNCTION "name_word_starts"("name" text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT DISTINCT left(substr(n, regexp_instr(n, '[^[:space:].,''/()&"-]+', 1, k)), 100)
        FROM (SELECT lower("name") AS n) x, generate_series(1, regexp_count(n, '[^[:space:].,''/()&"-]+')) k $$;--> statement-breakpoint
-- One row per live shipment and term (its sender's and receiver's alike), in term then booking-time order: a
-- search reads the index alone, and one term's shipments come newest first (lists.service.ts "many").
-- C collation: byte order, so [prefix, prefix || U+10FFFF) is "starts with". A shipment's booking time never
-- changes, so (term, shipment) is as unique as the key.
CREATE TABLE "shipment_name_terms" (
  "term" text COLLATE "C" NOT NULL,
  "shipment_id" uuid NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  CONSTRAINT "shipment_name_terms_pkey" PRIMARY KEY ("term", "created_at", "shipment_id")
);--> statement-breakpoint
-- Kept by the database itself, so every way a shipment is written (booking, edit, import, soft delete, restore)
-- keeps its terms: a deleted shipment has none.
CREATE FUNCTION "shipment_name_terms_sync"() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."deleted_at" IS NULL THEN
    -- Planned at each call (EXECUTE), by the whole key: a plan cached while the table was small would scan it
    -- for every row of a bulk delete (20,000 shipments took minutes).
    EXECUTE 'DELETE FROM "shipment_name_terms" WHERE "term" = ANY($1) AND "created_at" = $2 AND "shipment_id" = $3'
      USING ARRAY(SELECT "name_word_starts"(OLD."sender_name") UNION SELECT "name_word_starts"(OLD."receiver_name")),
        OLD."created_at", OLD."id";
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."deleted_at" IS NULL THEN
    INSERT INTO "shipment_name_terms" ("term", "shipment_id", "created_at")
      SELECT t, NEW."id", NEW."created_at"
      FROM (SELECT "name_word_starts"(NEW."sender_name") UNION SELECT "name_word_starts"(NEW."receiver_name")) w(t)
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "shipment_name_terms_on_insert" AFTER INSERT ON "shipments"
  FOR EACH ROW EXECUTE FUNCTION "shipment_name_terms_sync"();--> statement-breakpoint
CREATE TRIGGER "shipment_name_terms_on_delete" AFTER DELETE ON "shipments"
  FOR EACH ROW EXECUTE FUNCTION "shipment_name_terms_sync"();--> statement-breakpoint
CREATE TRIGGER "shipment_name_terms_on_update" AFTER UPDATE OF "sender_name", "receiver_name", "deleted_at", "created_at" ON "shipments"
  FOR EACH ROW
  WHEN (OLD."sender_name" IS DISTINCT FROM NEW."sender_name" OR OLD."receiver_name" IS DISTINCT FROM NEW."receiver_name"
    OR OLD."deleted_at" IS DISTINCT FROM NEW."deleted_at" OR OLD."created_at" IS DISTINCT FROM NEW."created_at")
  EXECUTE FUNCTION "shipment_name_terms_sync"();--> statement-breakpoint
INSERT INTO "shipment_name_terms" ("term", "shipment_id", "created_at")
  SELECT DISTINCT w.t, s."id", s."created_at"
  FROM "shipments" s, LATERAL (SELECT "name_word_starts"(s."sender_name") UNION SELECT "name_word_starts"(s."receiver_name")) w(t)
  WHERE s."deleted_at" IS NULL;--> statement-breakpoint
-- The shipments with a name starting at a word with `prefix`, with their booking times, at most `cap` rows (a
-- shipment whose two names both match comes twice: the caller keeps one).
CREATE FUNCTION "shipments_matching_name_start"("prefix" text, "cap" integer) RETURNS TABLE ("id" uuid, "created_at" timestamptz)
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT t."shipment_id", t."created_at" FROM "shipment_name_terms" t
        WHERE t."term" >= (lower("prefix") COLLATE "C") AND t."term" < ((lower("prefix") || chr(1114111)) COLLATE "C")
        LIMIT "cap" $$;--> statement-breakpoint
DROP FUNCTION IF EXISTS "shipments_matching_name"(text, integer);
