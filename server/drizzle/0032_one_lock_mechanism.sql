CREATE TABLE "expense_limit_bill_lines" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "expense_limit_bill_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"bill_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"item_id" bigint NOT NULL,
	"change" bigint NOT NULL,
	"before" bigint,
	"after" bigint,
	"memo" text,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "expense_limit_bill_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "expense_limit_bills" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "expense_limit_bills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"bill_no" text NOT NULL,
	"shop_id" bigint,
	"bill_date" date NOT NULL,
	"month" text NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"total_change" bigint DEFAULT 0 NOT NULL,
	"memo" text,
	"created_by" bigint,
	"created_by_name" text,
	"audited_by" bigint,
	"audited_by_name" text,
	"audited_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expense_limit_bills_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "fund_travels" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "fund_travels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"memo" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"shop_id" bigint NOT NULL,
	"traveller" text NOT NULL,
	"id_name" text,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"reimbursed" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "fund_travels_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
DROP INDEX "period_locks_tenant_shop_period";--> statement-breakpoint
ALTER TABLE "period_locks" ADD COLUMN "lock" text DEFAULT 'close' NOT NULL;--> statement-breakpoint
ALTER TABLE "period_locks" ADD COLUMN "status" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "period_locks" ADD COLUMN "memo" text;--> statement-breakpoint
ALTER TABLE "period_locks" ADD COLUMN "changed_by" bigint;--> statement-breakpoint
ALTER TABLE "period_locks" ADD COLUMN "changed_by_name" text;--> statement-breakpoint
ALTER TABLE "period_locks" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "expense_limit_bill_lines" ADD CONSTRAINT "expense_limit_bill_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_limit_bill_lines" ADD CONSTRAINT "expense_limit_bill_lines_bill_fk" FOREIGN KEY ("tenant_id","bill_id") REFERENCES "public"."expense_limit_bills"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_limit_bill_lines" ADD CONSTRAINT "expense_limit_bill_lines_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_limit_bill_lines" ADD CONSTRAINT "expense_limit_bill_lines_item_id_fk" FOREIGN KEY ("tenant_id","item_id") REFERENCES "public"."finance_items"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_limit_bills" ADD CONSTRAINT "expense_limit_bills_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_travels" ADD CONSTRAINT "fund_travels_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_travels" ADD CONSTRAINT "fund_travels_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expense_limit_bill_lines_tenant_bill" ON "expense_limit_bill_lines" USING btree ("tenant_id","bill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "expense_limit_bills_tenant_bill_no" ON "expense_limit_bills" USING btree ("tenant_id","bill_no");--> statement-breakpoint
CREATE INDEX "expense_limit_bills_tenant_date" ON "expense_limit_bills" USING btree ("tenant_id","bill_date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "fund_travels_tenant_code" ON "fund_travels" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "fund_travels_tenant_shop_start" ON "fund_travels" USING btree ("tenant_id","shop_id","start_date");--> statement-breakpoint
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
  FOR EACH ROW EXECUTE FUNCTION app_audit_change();
