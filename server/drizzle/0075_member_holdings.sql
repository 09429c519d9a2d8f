ALTER TABLE "members" ADD COLUMN "holds_stored_card" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "qualification_until" date;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "package_until" date;--> statement-breakpoint
CREATE INDEX "members_tenant_shop_types" ON "members" USING btree ("tenant_id","shop_id","registered_on","holds_stored_card","qualification_until","package_until") WHERE status <> 3;--> statement-breakpoint
-- hand-written
-- What each member holds, for 会员统计 (docs/DECISIONS.md, "Member statistics"): a live stored-value card, the latest
-- end of a live qualification card and of a package line with uses left ('infinity': never expires; null: none).
-- Recomputed from the records for the members a statement touched, by statement triggers on the cards, the card
-- types, the package lines and their balances, in that statement's transaction: every way of writing them keeps it.
CREATE OR REPLACE FUNCTION app_refresh_member_holdings(tenant bigint, ids bigint[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE members m SET holds_stored_card = h.stored, qualification_until = h.qual, package_until = h.pack
  FROM (
    SELECT x.id,
      EXISTS (SELECT 1 FROM member_cards c JOIN card_types t ON t.tenant_id = c.tenant_id AND t.id = c.card_type_id
        WHERE c.tenant_id = tenant AND c.member_id = x.id AND c.status = 1 AND t.kind = 1) AS stored,
      (SELECT max(coalesce(c.expires_on, 'infinity'::date)) FROM member_cards c JOIN card_types t ON t.tenant_id = c.tenant_id AND t.id = c.card_type_id
        WHERE c.tenant_id = tenant AND c.member_id = x.id AND c.status = 1 AND t.kind = 2) AS qual,
      (SELECT max(coalesce(l.expires_on, 'infinity'::date)) FROM member_package_lines l
        JOIN package_balances b ON b.tenant_id = l.tenant_id AND b.package_line_id = l.id
        WHERE l.tenant_id = tenant AND l.member_id = x.id AND b.remaining > 0) AS pack
    FROM unnest(ids) AS x(id)
  ) h
  WHERE m.tenant_id = tenant AND m.id = h.id
    AND (m.holds_stored_card, m.qualification_until, m.package_until) IS DISTINCT FROM (h.stored, h.qual, h.pack)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_member_holdings_of_cards() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM app_refresh_member_holdings(tenant_id, array_agg(DISTINCT member_id)) FROM new_rows GROUP BY tenant_id;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM app_refresh_member_holdings(tenant_id, array_agg(DISTINCT member_id)) FROM old_rows GROUP BY tenant_id;
  ELSE
    PERFORM app_refresh_member_holdings(tenant_id, array_agg(DISTINCT member_id)) FROM (
      SELECT o.tenant_id, o.member_id FROM old_rows o JOIN new_rows n ON n.tenant_id = o.tenant_id AND n.id = o.id
        WHERE (o.member_id, o.status, o.card_type_id, o.expires_on) IS DISTINCT FROM (n.member_id, n.status, n.card_type_id, n.expires_on)
      UNION
      SELECT n.tenant_id, n.member_id FROM old_rows o JOIN new_rows n ON n.tenant_id = o.tenant_id AND n.id = o.id
        WHERE (o.member_id, o.status, o.card_type_id, o.expires_on) IS DISTINCT FROM (n.member_id, n.status, n.card_type_id, n.expires_on)
    ) changed GROUP BY tenant_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_member_holdings_of_package_lines() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM app_refresh_member_holdings(tenant_id, array_agg(DISTINCT member_id)) FROM new_rows GROUP BY tenant_id;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM app_refresh_member_holdings(tenant_id, array_agg(DISTINCT member_id)) FROM old_rows GROUP BY tenant_id;
  ELSE
    PERFORM app_refresh_member_holdings(tenant_id, array_agg(DISTINCT member_id)) FROM (
      SELECT o.tenant_id, o.member_id FROM old_rows o JOIN new_rows n ON n.tenant_id = o.tenant_id AND n.id = o.id
        WHERE (o.member_id, o.expires_on) IS DISTINCT FROM (n.member_id, n.expires_on)
      UNION
      SELECT n.tenant_id, n.member_id FROM old_rows o JOIN new_rows n ON n.tenant_id = o.tenant_id AND n.id = o.id
        WHERE (o.member_id, o.expires_on) IS DISTINCT FROM (n.member_id, n.expires_on)
    ) changed GROUP BY tenant_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A balance matters when it goes from some uses left to none or back (a use that leaves some changes nothing).
CREATE OR REPLACE FUNCTION app_member_holdings_of_package_balances() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM app_refresh_member_holdings(b.tenant_id, array_agg(DISTINCT l.member_id))
      FROM new_rows b JOIN member_package_lines l ON l.tenant_id = b.tenant_id AND l.id = b.package_line_id GROUP BY b.tenant_id;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM app_refresh_member_holdings(b.tenant_id, array_agg(DISTINCT l.member_id))
      FROM old_rows b JOIN member_package_lines l ON l.tenant_id = b.tenant_id AND l.id = b.package_line_id GROUP BY b.tenant_id;
  ELSE
    PERFORM app_refresh_member_holdings(n.tenant_id, array_agg(DISTINCT l.member_id))
      FROM old_rows o JOIN new_rows n ON n.tenant_id = o.tenant_id AND n.package_line_id = o.package_line_id
        JOIN member_package_lines l ON l.tenant_id = n.tenant_id AND l.id = n.package_line_id
      WHERE (o.remaining > 0) IS DISTINCT FROM (n.remaining > 0)
      GROUP BY n.tenant_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A card type's kind is fixed once it has cards, but should it change, its holders are counted again.
CREATE OR REPLACE FUNCTION app_member_holdings_of_card_types() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM app_refresh_member_holdings(c.tenant_id, array_agg(DISTINCT c.member_id))
    FROM old_rows o JOIN new_rows n ON n.tenant_id = o.tenant_id AND n.id = o.id
      JOIN member_cards c ON c.tenant_id = n.tenant_id AND c.card_type_id = n.id
    WHERE o.kind IS DISTINCT FROM n.kind
    GROUP BY c.tenant_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER member_cards_holdings_insert AFTER INSERT ON member_cards
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_member_holdings_of_cards();--> statement-breakpoint
CREATE TRIGGER member_cards_holdings_update AFTER UPDATE ON member_cards
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_member_holdings_of_cards();--> statement-breakpoint
CREATE TRIGGER member_cards_holdings_delete AFTER DELETE ON member_cards
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app_member_holdings_of_cards();--> statement-breakpoint
CREATE TRIGGER member_package_lines_holdings_insert AFTER INSERT ON member_package_lines
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_member_holdings_of_package_lines();--> statement-breakpoint
CREATE TRIGGER member_package_lines_holdings_update AFTER UPDATE ON member_package_lines
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_member_holdings_of_package_lines();--> statement-breakpoint
CREATE TRIGGER member_package_lines_holdings_delete AFTER DELETE ON member_package_lines
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app_member_holdings_of_package_lines();--> statement-breakpoint
CREATE TRIGGER package_balances_holdings_insert AFTER INSERT ON package_balances
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_member_holdings_of_package_balances();--> statement-breakpoint
CREATE TRIGGER package_balances_holdings_update AFTER UPDATE ON package_balances
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_member_holdings_of_package_balances();--> statement-breakpoint
CREATE TRIGGER package_balances_holdings_delete AFTER DELETE ON package_balances
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app_member_holdings_of_package_balances();--> statement-breakpoint
CREATE TRIGGER card_types_holdings_update AFTER UPDATE ON card_types
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_member_holdings_of_card_types();--> statement-breakpoint
-- The holdings never show in the operation log (bookkeeping, as the money columns' sums would be).
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
        AND k NOT IN ('id', 'tenant_id', 'version', 'created_at', 'updated_at', 'created_by', 'updated_by', 'search_text',
          'holds_stored_card', 'qualification_until', 'package_until')
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
-- The members holding anything today, set once.
UPDATE members m SET holds_stored_card = h.stored, qualification_until = h.qual, package_until = h.pack
FROM (
  SELECT m2.tenant_id, m2.id,
    coalesce(c.stored, false) AS stored, c.qual, p.pack
  FROM members m2
  LEFT JOIN (
    SELECT c.tenant_id, c.member_id, bool_or(t.kind = 1) AS stored,
      max(coalesce(c.expires_on, 'infinity'::date)) FILTER (WHERE t.kind = 2) AS qual
    FROM member_cards c JOIN card_types t ON t.tenant_id = c.tenant_id AND t.id = c.card_type_id
    WHERE c.status = 1 GROUP BY c.tenant_id, c.member_id
  ) c ON c.tenant_id = m2.tenant_id AND c.member_id = m2.id
  LEFT JOIN (
    SELECT l.tenant_id, l.member_id, max(coalesce(l.expires_on, 'infinity'::date)) AS pack
    FROM member_package_lines l JOIN package_balances b ON b.tenant_id = l.tenant_id AND b.package_line_id = l.id
    WHERE b.remaining > 0 GROUP BY l.tenant_id, l.member_id
  ) p ON p.tenant_id = m2.tenant_id AND p.member_id = m2.id
  WHERE c.member_id IS NOT NULL OR p.member_id IS NOT NULL
) h
WHERE m.tenant_id = h.tenant_id AND m.id = h.id;
--> statement-breakpoint
ANALYZE "members";
