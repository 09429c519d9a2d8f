ALTER TABLE "audit_log" ADD COLUMN "verb" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "target" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "changes" jsonb;--> statement-breakpoint
-- The operation log shows what a write changed. Each business record table tells, row by row, what
-- it saw: an insert or delete its record's name, an update its changed fields with the values before
-- and after. The rows gather in a transaction-local setting that the request's audit insert reads in
-- its own statement (platform/audit.ts): no extra round trip. A write touching many rows keeps the
-- first 20 (a batch's log line names them; the rest cost one setting read each). Bookkeeping columns
-- and secrets are never recorded; a savepoint rolled back takes its rows with it.
CREATE OR REPLACE FUNCTION app_audit_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  seen int := coalesce(nullif(current_setting('headoffice.audit_rows', true), ''), '0')::int;
  before jsonb;
  after jsonb;
  rec jsonb;
  diff jsonb := '{}';
  k text;
BEGIN
  IF seen >= 20 THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN before := to_jsonb(OLD); END IF;
  IF TG_OP <> 'DELETE' THEN after := to_jsonb(NEW); END IF;
  IF TG_OP = 'UPDATE' THEN
    FOR k IN SELECT jsonb_object_keys(after) LOOP
      IF after -> k IS DISTINCT FROM before -> k
        AND k NOT IN ('id', 'tenant_id', 'version', 'created_at', 'updated_at', 'created_by', 'updated_by', 'search_text')
        AND k !~ '(password|secret|token|hash)' THEN
        diff := diff || jsonb_build_object(k, jsonb_build_array(before -> k, after -> k));
      END IF;
    END LOOP;
    IF diff = '{}' THEN
      RETURN NULL;
    END IF;
  END IF;
  rec := coalesce(after, before);
  PERFORM set_config('headoffice.audit_rows', (seen + 1)::text, true);
  PERFORM set_config(
    'headoffice.audit_changes',
    (coalesce(nullif(current_setting('headoffice.audit_changes', true), ''), '[]')::jsonb || jsonb_build_array(jsonb_build_object(
      'table', TG_TABLE_NAME, 'op', lower(TG_OP), 'id', rec -> 'id',
      'name', coalesce(rec ->> 'bill_no', rec ->> 'name', rec ->> 'username', rec ->> 'code'),
      'fields', diff)))::text,
    true);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_brands_audit_change AFTER INSERT OR UPDATE OR DELETE ON product_brands
  FOR EACH ROW EXECUTE FUNCTION app_audit_change();
--> statement-breakpoint
CREATE TRIGGER products_audit_change AFTER INSERT OR UPDATE OR DELETE ON products
  FOR EACH ROW EXECUTE FUNCTION app_audit_change();
--> statement-breakpoint
CREATE TRIGGER stock_products_audit_change AFTER INSERT OR UPDATE OR DELETE ON stock_products
  FOR EACH ROW EXECUTE FUNCTION app_audit_change();
--> statement-breakpoint
CREATE TRIGGER services_audit_change AFTER INSERT OR UPDATE OR DELETE ON services
  FOR EACH ROW EXECUTE FUNCTION app_audit_change();
--> statement-breakpoint
CREATE TRIGGER service_groups_audit_change AFTER INSERT OR UPDATE OR DELETE ON service_groups
  FOR EACH ROW EXECUTE FUNCTION app_audit_change();
--> statement-breakpoint
CREATE TRIGGER service_packages_audit_change AFTER INSERT OR UPDATE OR DELETE ON service_packages
  FOR EACH ROW EXECUTE FUNCTION app_audit_change();
--> statement-breakpoint
CREATE TRIGGER menus_audit_change AFTER INSERT OR UPDATE OR DELETE ON menus
  FOR EACH ROW EXECUTE FUNCTION app_audit_change();
--> statement-breakpoint
CREATE TRIGGER role_types_audit_change AFTER INSERT OR UPDATE OR DELETE ON role_types
  FOR EACH ROW EXECUTE FUNCTION app_audit_change();
--> statement-breakpoint
CREATE TRIGGER roles_audit_change AFTER INSERT OR UPDATE OR DELETE ON roles
  FOR EACH ROW EXECUTE FUNCTION app_audit_change();
--> statement-breakpoint
CREATE TRIGGER users_audit_change AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION app_audit_change();
--> statement-breakpoint
CREATE TRIGGER devices_audit_change AFTER INSERT OR UPDATE OR DELETE ON devices
  FOR EACH ROW EXECUTE FUNCTION app_audit_change();
--> statement-breakpoint
CREATE TRIGGER cashier_authorities_audit_change AFTER INSERT OR UPDATE OR DELETE ON cashier_authorities
  FOR EACH ROW EXECUTE FUNCTION app_audit_change();
--> statement-breakpoint
CREATE TRIGGER position_authorities_audit_change AFTER INSERT OR UPDATE OR DELETE ON position_authorities
  FOR EACH ROW EXECUTE FUNCTION app_audit_change();
--> statement-breakpoint
CREATE TRIGGER regions_audit_change AFTER INSERT OR UPDATE OR DELETE ON regions
  FOR EACH ROW EXECUTE FUNCTION app_audit_change();
--> statement-breakpoint
CREATE TRIGGER brands_audit_change AFTER INSERT OR UPDATE OR DELETE ON brands
  FOR EACH ROW EXECUTE FUNCTION app_audit_change();
--> statement-breakpoint
CREATE TRIGGER channels_audit_change AFTER INSERT OR UPDATE OR DELETE ON channels
  FOR EACH ROW EXECUTE FUNCTION app_audit_change();
--> statement-breakpoint
CREATE TRIGGER branches_audit_change AFTER INSERT OR UPDATE OR DELETE ON branches
  FOR EACH ROW EXECUTE FUNCTION app_audit_change();
--> statement-breakpoint
CREATE TRIGGER positions_audit_change AFTER INSERT OR UPDATE OR DELETE ON positions
  FOR EACH ROW EXECUTE FUNCTION app_audit_change();
--> statement-breakpoint
CREATE TRIGGER position_levels_audit_change AFTER INSERT OR UPDATE OR DELETE ON position_levels
  FOR EACH ROW EXECUTE FUNCTION app_audit_change();
--> statement-breakpoint
CREATE TRIGGER service_types_audit_change AFTER INSERT OR UPDATE OR DELETE ON service_types
  FOR EACH ROW EXECUTE FUNCTION app_audit_change();
--> statement-breakpoint
CREATE TRIGGER product_categories_audit_change AFTER INSERT OR UPDATE OR DELETE ON product_categories
  FOR EACH ROW EXECUTE FUNCTION app_audit_change();
--> statement-breakpoint
CREATE TRIGGER package_types_audit_change AFTER INSERT OR UPDATE OR DELETE ON package_types
  FOR EACH ROW EXECUTE FUNCTION app_audit_change();
--> statement-breakpoint
CREATE TRIGGER dist_channels_audit_change AFTER INSERT OR UPDATE OR DELETE ON dist_channels
  FOR EACH ROW EXECUTE FUNCTION app_audit_change();
--> statement-breakpoint
CREATE TRIGGER member_statuses_audit_change AFTER INSERT OR UPDATE OR DELETE ON member_statuses
  FOR EACH ROW EXECUTE FUNCTION app_audit_change();
--> statement-breakpoint
CREATE TRIGGER member_grades_audit_change AFTER INSERT OR UPDATE OR DELETE ON member_grades
  FOR EACH ROW EXECUTE FUNCTION app_audit_change();
--> statement-breakpoint
CREATE TRIGGER shops_audit_change AFTER INSERT OR UPDATE OR DELETE ON shops
  FOR EACH ROW EXECUTE FUNCTION app_audit_change();
--> statement-breakpoint
CREATE TRIGGER skill_levels_audit_change AFTER INSERT OR UPDATE OR DELETE ON skill_levels
  FOR EACH ROW EXECUTE FUNCTION app_audit_change();
--> statement-breakpoint
CREATE TRIGGER employees_audit_change AFTER INSERT OR UPDATE OR DELETE ON employees
  FOR EACH ROW EXECUTE FUNCTION app_audit_change();
--> statement-breakpoint
CREATE TRIGGER service_shop_prices_audit_change AFTER INSERT OR UPDATE OR DELETE ON service_shop_prices
  FOR EACH ROW EXECUTE FUNCTION app_audit_change();
--> statement-breakpoint
CREATE TRIGGER service_specials_audit_change AFTER INSERT OR UPDATE OR DELETE ON service_specials
  FOR EACH ROW EXECUTE FUNCTION app_audit_change();
--> statement-breakpoint
CREATE TRIGGER service_card_prices_audit_change AFTER INSERT OR UPDATE OR DELETE ON service_card_prices
  FOR EACH ROW EXECUTE FUNCTION app_audit_change();
--> statement-breakpoint
CREATE TRIGGER price_templates_audit_change AFTER INSERT OR UPDATE OR DELETE ON price_templates
  FOR EACH ROW EXECUTE FUNCTION app_audit_change();
--> statement-breakpoint
CREATE TRIGGER price_controls_audit_change AFTER INSERT OR UPDATE OR DELETE ON price_controls
  FOR EACH ROW EXECUTE FUNCTION app_audit_change();
--> statement-breakpoint
CREATE TRIGGER product_shop_prices_audit_change AFTER INSERT OR UPDATE OR DELETE ON product_shop_prices
  FOR EACH ROW EXECUTE FUNCTION app_audit_change();
--> statement-breakpoint
CREATE TRIGGER stock_reasons_audit_change AFTER INSERT OR UPDATE OR DELETE ON stock_reasons
  FOR EACH ROW EXECUTE FUNCTION app_audit_change();
--> statement-breakpoint
CREATE TRIGGER stock_bills_audit_change AFTER INSERT OR UPDATE OR DELETE ON stock_bills
  FOR EACH ROW EXECUTE FUNCTION app_audit_change();
--> statement-breakpoint
CREATE TRIGGER product_orders_audit_change AFTER INSERT OR UPDATE OR DELETE ON product_orders
  FOR EACH ROW EXECUTE FUNCTION app_audit_change();
