-- Civic Console on PostgreSQL: the grants of the application's role, with an append-only audit trail.
--
-- Not a migration: run it once as the database owner, after the migrations, naming the role the
-- server connects as, e.g.
--
--   psql "$OWNER_DATABASE_URL" -v app_role=civic_app -f plugins/audit-log/sql/app-role-grants.sql
--
-- The application role may then read and write every table, but may only INSERT into audit_log:
-- no UPDATE, DELETE or TRUNCATE, so a compromised server cannot rewrite history (and the hash
-- chain, GET /api/v1/admin/audit-log/verify, catches anyone who edits it with the owner's rights).
-- Migrations change the schema, so run them with the owner's URL, not the application role's.

GRANT USAGE ON SCHEMA public TO :"app_role";
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO :"app_role";
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO :"app_role";
-- Tables created by later migrations get the same rights (re-run this script after each one to
-- keep audit_log append-only, should a migration recreate it).
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO :"app_role";
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO :"app_role";

-- The audit trail: append and read only.
REVOKE ALL ON TABLE audit_log FROM :"app_role";
GRANT SELECT, INSERT ON TABLE audit_log TO :"app_role";
GRANT USAGE, SELECT ON SEQUENCE audit_log_id_seq TO :"app_role";
