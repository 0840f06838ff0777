-- The intents list at any size (issue 16). Kept by the database for every writer, so no plugin code
-- has to remember: each intent's place in the tree list (name_path, updated_path; see intent-tree.ts)
-- and each app's number of intents and Q&A pairs (intent_counts). Not in the drizzle schema: nothing
-- writes them but these triggers, and queries read them as SQL.
ALTER TABLE "intents" ADD COLUMN "name_path" text;
--> statement-breakpoint
ALTER TABLE "intents" ADD COLUMN "updated_path" text;
--> statement-breakpoint
CREATE INDEX "intents_app_name_path_idx" ON "intents" USING btree ("app_id", "name_path" COLLATE "C") INCLUDE ("id");
--> statement-breakpoint
CREATE INDEX "intents_app_updated_path_idx" ON "intents" USING btree ("app_id", "updated_path" COLLATE "C") INCLUDE ("id");
--> statement-breakpoint
CREATE INDEX "intents_app_kind_name_path_idx" ON "intents" USING btree ("app_id", "kind", "name_path" COLLATE "C") INCLUDE ("id");
--> statement-breakpoint
CREATE INDEX "intents_app_kind_updated_path_idx" ON "intents" USING btree ("app_id", "kind", "updated_path" COLLATE "C") INCLUDE ("id");
--> statement-breakpoint
-- Each intent's place in the tree list (see intents.ts, namePath and updatedPath), kept by the
-- database for every writer. A path is its parent's path, chr(2), and the intent's own key.
CREATE FUNCTION "intents_tree_paths"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parent_name text;
  parent_updated text;
BEGIN
  IF NEW.parent_id IS NOT NULL THEN
    SELECT p.name_path, p.updated_path INTO parent_name, parent_updated FROM intents p WHERE p.id = NEW.parent_id;
  END IF;
  -- Null while the parent's path is not visible yet (written by the same statement): the AFTER trigger fills it.
  NEW.name_path := CASE WHEN NEW.parent_id IS NULL THEN '' ELSE parent_name || chr(2) END
    || lower(NEW.display_name) || chr(1) || NEW.id::text;
  NEW.updated_path := CASE WHEN NEW.parent_id IS NULL THEN '' ELSE parent_updated || chr(2) END
    || to_char(NEW.updated_at AT TIME ZONE 'UTC', 'YYYYMMDDHH24MISSUS') || NEW.id::text;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE FUNCTION "intents_tree_paths_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A parent written by the same statement is visible now: compute the path again.
  IF NEW.name_path IS NULL AND NEW.parent_id IS NOT NULL THEN
    UPDATE intents SET parent_id = parent_id
      WHERE id = NEW.id AND EXISTS (SELECT 1 FROM intents p WHERE p.id = NEW.parent_id AND p.name_path IS NOT NULL);
  END IF;
  -- A renamed, moved or updated intent: its follow-ups' paths start with its own.
  IF TG_OP = 'UPDATE' AND (NEW.name_path IS DISTINCT FROM OLD.name_path OR NEW.updated_path IS DISTINCT FROM OLD.updated_path) THEN
    UPDATE intents SET parent_id = parent_id WHERE parent_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "intents_tree_paths_before" BEFORE INSERT OR UPDATE OF display_name, parent_id, updated_at ON "intents"
  FOR EACH ROW EXECUTE FUNCTION "intents_tree_paths"();
--> statement-breakpoint
CREATE TRIGGER "intents_tree_paths_after" AFTER INSERT OR UPDATE OF display_name, parent_id, updated_at ON "intents"
  FOR EACH ROW EXECUTE FUNCTION "intents_tree_paths_follow"();
--> statement-breakpoint
-- Every existing intent: the roots, and through the AFTER trigger their follow-ups, level by level.
UPDATE "intents" SET parent_id = parent_id WHERE parent_id IS NULL;
--> statement-breakpoint
CREATE TABLE "intent_counts" (
  "app_id" text NOT NULL REFERENCES "apps"("app_id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "n" integer NOT NULL,
  PRIMARY KEY ("app_id", "kind")
);
--> statement-breakpoint
-- Counted per statement (transition tables), so a 20,000-row import updates each count once.
CREATE FUNCTION "intent_counts_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO intent_counts (app_id, kind, n)
    SELECT app_id, kind, count(*)::int FROM new_rows GROUP BY app_id, kind
    ON CONFLICT (app_id, kind) DO UPDATE SET n = intent_counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "intent_counts_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE intent_counts c SET n = c.n - d.n
    FROM (SELECT app_id, kind, count(*)::int AS n FROM old_rows GROUP BY app_id, kind) d
    WHERE c.app_id = d.app_id AND c.kind = d.kind;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "intent_counts_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE intent_counts SET n = n - 1 WHERE app_id = OLD.app_id AND kind = OLD.kind;
  INSERT INTO intent_counts (app_id, kind, n) VALUES (NEW.app_id, NEW.kind, 1)
    ON CONFLICT (app_id, kind) DO UPDATE SET n = intent_counts.n + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "intent_counts_insert" AFTER INSERT ON "intents" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "intent_counts_insert"();
--> statement-breakpoint
CREATE TRIGGER "intent_counts_delete" AFTER DELETE ON "intents" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "intent_counts_delete"();
--> statement-breakpoint
CREATE TRIGGER "intent_counts_move" AFTER UPDATE OF app_id, kind ON "intents"
  FOR EACH ROW WHEN (OLD.app_id IS DISTINCT FROM NEW.app_id OR OLD.kind IS DISTINCT FROM NEW.kind)
  EXECUTE FUNCTION "intent_counts_move"();
--> statement-breakpoint
INSERT INTO "intent_counts" (app_id, kind, n) SELECT app_id, kind, count(*)::int FROM "intents" GROUP BY app_id, kind;
