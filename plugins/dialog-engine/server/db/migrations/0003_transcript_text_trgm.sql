-- The training inbox's text search (`data ilike '%word%'`) reads a trigram index instead of every turn
-- of the app in the range. pg_trgm ships with PostgreSQL (a trusted extension since 13: the database
-- owner may create it) and is loaded into the embedded PGlite; where it cannot be created (no
-- contrib package, no privilege) the search still works, by scanning, and the start says nothing.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
      BEGIN
        CREATE EXTENSION pg_trgm;
      EXCEPTION WHEN insufficient_privilege OR feature_not_supported OR undefined_file THEN
        RAISE NOTICE 'pg_trgm not created (%): the transcript text search scans', SQLERRM;
      END;
    END IF;
  END IF;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'CREATE INDEX IF NOT EXISTS transcripts_data_trgm_idx ON transcripts USING gin (data gin_trgm_ops)';
  END IF;
END
$$;
