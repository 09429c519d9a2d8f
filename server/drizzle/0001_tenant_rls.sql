-- Row-level security: the application runs each request as the non-owner role `headoffice_app`
-- with `app.tenant_id` set for the transaction; policies compare every row's tenant_id with it.
-- An unset tenant matches nothing. `app_apply_rls()` is re-run after every migration so that
-- tables added later get the same policy and grants.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'headoffice_app') THEN
    CREATE ROLE headoffice_app NOLOGIN;
  END IF;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_current_tenant() RETURNS bigint
LANGUAGE sql STABLE AS $$ SELECT nullif(current_setting('app.tenant_id', true), '')::bigint $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_apply_rls() RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  t record;
BEGIN
  EXECUTE 'GRANT USAGE ON SCHEMA public TO headoffice_app';
  EXECUTE 'GRANT EXECUTE ON FUNCTION app_current_tenant() TO headoffice_app';
  FOR t IN
    SELECT c.table_name FROM information_schema.columns c
    JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name
    WHERE c.table_schema = 'public' AND c.column_name = 'tenant_id' AND tb.table_type = 'BASE TABLE'
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t.table_name);
    IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = 'public' AND tablename = t.table_name AND policyname = 'tenant_isolation') THEN
      EXECUTE format(
        'CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant())',
        t.table_name);
    END IF;
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO headoffice_app', t.table_name);
  END LOOP;
  ALTER TABLE tenants ENABLE ROW LEVEL SECURITY;
  IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = 'public' AND tablename = 'tenants' AND policyname = 'tenant_isolation') THEN
    CREATE POLICY tenant_isolation ON tenants USING (id = app_current_tenant());
  END IF;
  GRANT SELECT ON tenants TO headoffice_app;
  EXECUTE 'GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO headoffice_app';
END
$$;
