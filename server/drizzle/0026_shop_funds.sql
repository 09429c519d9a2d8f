CREATE TABLE "expense_budgets" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "expense_budgets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"item_id" bigint NOT NULL,
	"year" integer NOT NULL,
	"year_amount" bigint NOT NULL,
	"q1" bigint NOT NULL,
	"q2" bigint NOT NULL,
	"q3" bigint NOT NULL,
	"q4" bigint NOT NULL,
	"memo" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expense_budgets_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "expense_limits" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "expense_limits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"item_id" bigint NOT NULL,
	"month" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expense_limits_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "fund_bill_photos" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "fund_bill_photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"bill_id" bigint NOT NULL,
	"url" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "fund_bill_photos_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "fund_bills" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "fund_bills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"bill_no" text NOT NULL,
	"shop_id" bigint NOT NULL,
	"bill_date" date NOT NULL,
	"type" smallint DEFAULT 1 NOT NULL,
	"group_id" bigint NOT NULL,
	"item_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"start_date" date,
	"end_date" date,
	"payee" text,
	"bankno" text,
	"bank" text,
	"branch_bank" text,
	"matched" smallint DEFAULT 2 NOT NULL,
	"department_id" bigint,
	"gathertype" smallint,
	"is_limit" smallint DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"reject_reason" text,
	"approved_by" bigint,
	"approved_by_name" text,
	"approved_at" timestamp with time zone,
	"reviewed_by" bigint,
	"reviewed_by_name" text,
	"reviewed_at" timestamp with time zone,
	"memo" text,
	"created_by" bigint,
	"created_by_name" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fund_bills_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "fund_day_locks" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "fund_day_locks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"day" date NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"memo" text,
	"changed_by" bigint,
	"changed_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fund_day_locks_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "fund_redeposit_photos" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "fund_redeposit_photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"bill_id" bigint NOT NULL,
	"url" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "fund_redeposit_photos_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "fund_redeposits" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "fund_redeposits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"bill_no" text NOT NULL,
	"shop_id" bigint NOT NULL,
	"bill_date" date NOT NULL,
	"amount" bigint NOT NULL,
	"handler" text,
	"witness" text,
	"reason" text,
	"state" text DEFAULT 'draft' NOT NULL,
	"reject_reason" text,
	"audited_by_name" text,
	"audited_at" timestamp with time zone,
	"reviewed_by_name" text,
	"reviewed_at" timestamp with time zone,
	"memo" text,
	"created_by" bigint,
	"created_by_name" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fund_redeposits_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "month_locks" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "month_locks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"yearmonth" text NOT NULL,
	"type" smallint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"memo" text,
	"changed_by" bigint,
	"changed_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "month_locks_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "shop_io_bills" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "shop_io_bills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"bill_no" text NOT NULL,
	"shop_id" bigint NOT NULL,
	"bill_date" date NOT NULL,
	"type" smallint NOT NULL,
	"item_id" bigint,
	"total" bigint NOT NULL,
	"details" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_hc" smallint DEFAULT 0 NOT NULL,
	"memo" text,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_io_bills_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "expense_budgets" ADD CONSTRAINT "expense_budgets_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_budgets" ADD CONSTRAINT "expense_budgets_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_budgets" ADD CONSTRAINT "expense_budgets_item_id_fk" FOREIGN KEY ("tenant_id","item_id") REFERENCES "public"."finance_items"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_limits" ADD CONSTRAINT "expense_limits_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_limits" ADD CONSTRAINT "expense_limits_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_limits" ADD CONSTRAINT "expense_limits_item_id_fk" FOREIGN KEY ("tenant_id","item_id") REFERENCES "public"."finance_items"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_bill_photos" ADD CONSTRAINT "fund_bill_photos_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_bill_photos" ADD CONSTRAINT "fund_bill_photos_bill_id_fk" FOREIGN KEY ("tenant_id","bill_id") REFERENCES "public"."fund_bills"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_bills" ADD CONSTRAINT "fund_bills_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_bills" ADD CONSTRAINT "fund_bills_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_bills" ADD CONSTRAINT "fund_bills_group_id_fk" FOREIGN KEY ("tenant_id","group_id") REFERENCES "public"."finance_groups"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_bills" ADD CONSTRAINT "fund_bills_item_id_fk" FOREIGN KEY ("tenant_id","item_id") REFERENCES "public"."finance_items"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_bills" ADD CONSTRAINT "fund_bills_department_id_fk" FOREIGN KEY ("tenant_id","department_id") REFERENCES "public"."branches"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_day_locks" ADD CONSTRAINT "fund_day_locks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_redeposit_photos" ADD CONSTRAINT "fund_redeposit_photos_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_redeposit_photos" ADD CONSTRAINT "fund_redeposit_photos_bill_id_fk" FOREIGN KEY ("tenant_id","bill_id") REFERENCES "public"."fund_redeposits"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_redeposits" ADD CONSTRAINT "fund_redeposits_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_redeposits" ADD CONSTRAINT "fund_redeposits_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_locks" ADD CONSTRAINT "month_locks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_io_bills" ADD CONSTRAINT "shop_io_bills_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_io_bills" ADD CONSTRAINT "shop_io_bills_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_io_bills" ADD CONSTRAINT "shop_io_bills_item_id_fk" FOREIGN KEY ("tenant_id","item_id") REFERENCES "public"."finance_items"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "expense_budgets_tenant_shop_item_year" ON "expense_budgets" USING btree ("tenant_id","shop_id","item_id","year");--> statement-breakpoint
CREATE UNIQUE INDEX "expense_limits_tenant_shop_item_month" ON "expense_limits" USING btree ("tenant_id","shop_id","item_id","month");--> statement-breakpoint
CREATE INDEX "fund_bill_photos_tenant_bill" ON "fund_bill_photos" USING btree ("tenant_id","bill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fund_bills_tenant_bill_no" ON "fund_bills" USING btree ("tenant_id","bill_no");--> statement-breakpoint
CREATE INDEX "fund_bills_tenant_date" ON "fund_bills" USING btree ("tenant_id","bill_date","id");--> statement-breakpoint
CREATE INDEX "fund_bills_tenant_shop_item" ON "fund_bills" USING btree ("tenant_id","shop_id","item_id","bill_date");--> statement-breakpoint
CREATE INDEX "fund_bills_tenant_state_department" ON "fund_bills" USING btree ("tenant_id","state","department_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fund_day_locks_tenant_day" ON "fund_day_locks" USING btree ("tenant_id","day");--> statement-breakpoint
CREATE INDEX "fund_redeposit_photos_tenant_bill" ON "fund_redeposit_photos" USING btree ("tenant_id","bill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fund_redeposits_tenant_bill_no" ON "fund_redeposits" USING btree ("tenant_id","bill_no");--> statement-breakpoint
CREATE INDEX "fund_redeposits_tenant_shop_date" ON "fund_redeposits" USING btree ("tenant_id","shop_id","bill_date");--> statement-breakpoint
CREATE UNIQUE INDEX "month_locks_tenant_month_type" ON "month_locks" USING btree ("tenant_id","yearmonth","type");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_io_bills_tenant_bill_no" ON "shop_io_bills" USING btree ("tenant_id","bill_no");--> statement-breakpoint
CREATE INDEX "shop_io_bills_tenant_shop_date" ON "shop_io_bills" USING btree ("tenant_id","shop_id","bill_date");
--> statement-breakpoint
-- hand-written
-- Locking and unlocking a day or a month shows in the operation log with the status changed.
CREATE TRIGGER fund_day_locks_audit_change AFTER INSERT OR UPDATE OR DELETE ON fund_day_locks
  FOR EACH ROW EXECUTE FUNCTION app_audit_change();--> statement-breakpoint
CREATE TRIGGER month_locks_audit_change AFTER INSERT OR UPDATE OR DELETE ON month_locks
  FOR EACH ROW EXECUTE FUNCTION app_audit_change();
