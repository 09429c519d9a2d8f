-- app_apply_rls() runs at every start. Altering or granting on a table takes a lock on it even when
-- nothing changes, which can deadlock with another instance serving requests: change only what is
-- missing, so that a start with nothing new takes no table lock at all.
CREATE OR REPLACE FUNCTION app_apply_rls() RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  t record;
BEGIN
  IF NOT has_schema_privilege('headoffice_app', 'public', 'USAGE') THEN
    EXECUTE 'GRANT USAGE ON SCHEMA public TO headoffice_app';
  END IF;
  FOR t IN
    SELECT c.oid, c.relname, c.relrowsecurity FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'r'
      AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped)
  LOOP
    IF NOT t.relrowsecurity THEN
      EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t.relname);
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = 'public' AND tablename = t.relname AND policyname = 'tenant_isolation') THEN
      EXECUTE format(
        'CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant())',
        t.relname);
    END IF;
    IF NOT (has_table_privilege('headoffice_app', t.oid, 'SELECT') AND has_table_privilege('headoffice_app', t.oid, 'INSERT')
        AND has_table_privilege('headoffice_app', t.oid, 'UPDATE') AND has_table_privilege('headoffice_app', t.oid, 'DELETE')) THEN
      EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO headoffice_app', t.relname);
    END IF;
  END LOOP;
  IF NOT (SELECT relrowsecurity FROM pg_class WHERE oid = 'public.tenants'::regclass) THEN
    ALTER TABLE tenants ENABLE ROW LEVEL SECURITY;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = 'public' AND tablename = 'tenants' AND policyname = 'tenant_isolation') THEN
    CREATE POLICY tenant_isolation ON tenants USING (id = app_current_tenant());
  END IF;
  IF NOT has_table_privilege('headoffice_app', 'public.tenants', 'SELECT') THEN
    GRANT SELECT ON tenants TO headoffice_app;
  END IF;
  FOR t IN
    SELECT c.oid, c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'S'
  LOOP
    IF NOT has_sequence_privilege('headoffice_app', t.oid, 'USAGE') THEN
      EXECUTE format('GRANT USAGE, SELECT ON SEQUENCE %I TO headoffice_app', t.relname);
    END IF;
  END LOOP;
END
$$;
