DROP INDEX "period_locks_tenant_shop_period";--> statement-breakpoint
ALTER TABLE "period_locks" ADD COLUMN "lock" text DEFAULT 'close' NOT NULL;--> statement-breakpoint
ALTER TABLE "period_locks" ADD COLUMN "status" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "period_locks" ADD COLUMN "memo" text;--> statement-breakpoint
ALTER TABLE "period_locks" ADD COLUMN "changed_by" bigint;--> statement-breakpoint
ALTER TABLE "period_locks" ADD COLUMN "changed_by_name" text;--> statement-breakpoint
ALTER TABLE "period_locks" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "period_locks_tenant_shop_lock_period" ON "period_locks" USING btree ("tenant_id",coalesce("shop_id", 0),"lock","kind","period");--> statement-breakpoint
-- hand-written
-- One lock mechanism: finance's month locks (type 1 fund, 2 reserve declaration) and petty-cash lock
-- days move into period_locks as lock kinds `fund`, `reserveDeclaration` and `fundRequestDay`, with
-- their status (an unlocked row stays, with who unlocked it), memo and who changed them; the old tables
-- go only after their rows moved. Locking and unlocking stay in the operation log (trigger below).
INSERT INTO period_locks (tenant_id, shop_id, lock, kind, period, status, memo, created_by, changed_by, changed_by_name, created_at, updated_at)
SELECT tenant_id, NULL, CASE type WHEN 1 THEN 'fund' ELSE 'reserveDeclaration' END, 'month', yearmonth, status, memo,
  changed_by, changed_by, changed_by_name, created_at, updated_at
FROM month_locks
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO period_locks (tenant_id, shop_id, lock, kind, period, status, memo, created_by, changed_by, changed_by_name, created_at, updated_at)
SELECT tenant_id, NULL, 'fundRequestDay', 'day', to_char(day, 'YYYY-MM-DD'), status, memo,
  changed_by, changed_by, changed_by_name, created_at, updated_at
FROM fund_day_locks
ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE TRIGGER period_locks_audit_change AFTER INSERT OR UPDATE OR DELETE ON period_locks
  FOR EACH ROW EXECUTE FUNCTION app_audit_change();--> statement-breakpoint
ALTER TABLE "fund_day_locks" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "month_locks" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "fund_day_locks" CASCADE;--> statement-breakpoint
DROP TABLE "month_locks" CASCADE;
