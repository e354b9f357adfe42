CREATE TABLE "document_limits" (
	"key" varchar(200) PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_end" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "document_limits_window_end_idx" ON "document_limits" USING btree ("window_end");--> statement-breakpoint
-- The audit log is never emptied either (UPDATE and DELETE: migration 0010). The demo seed, run by the owner,
-- turns this trigger off for its own wipe (src/seed/index.ts).
CREATE FUNCTION audit_logs_refuse_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_logs cannot be truncated' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_logs_no_truncate BEFORE TRUNCATE ON audit_logs
  FOR EACH STATEMENT EXECUTE FUNCTION audit_logs_refuse_truncate();
--> statement-breakpoint
-- The rights of the API's role, keuangan_api (api/README.md "Database roles"): rows of every table and their
-- sequences, and only adding and reading the audit log. The API's migrate step runs this after every migration
-- run, so later tables are covered, and a role created after this migration gets its rights at the next start;
-- a later table with narrower rights replaces this function. Nothing happens where the role does not exist
-- (PGlite, a single-role PostgreSQL).
CREATE FUNCTION keuangan_grant_api_rights() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'keuangan_api') THEN
    RETURN;
  END IF;
  -- Instances starting together: concurrent GRANTs on one table fail ("tuple concurrently updated").
  PERFORM pg_advisory_xact_lock(727003, 0);
  GRANT USAGE ON SCHEMA public TO keuangan_api;
  GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO keuangan_api;
  GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO keuangan_api;
  REVOKE ALL ON audit_logs FROM keuangan_api;
  GRANT SELECT, INSERT ON audit_logs TO keuangan_api;
  -- Readiness compares the applied migrations with the build's (src/ops/readiness.ts).
  GRANT USAGE ON SCHEMA drizzle TO keuangan_api;
  GRANT SELECT ON drizzle.__drizzle_migrations TO keuangan_api;
END;
$$;
