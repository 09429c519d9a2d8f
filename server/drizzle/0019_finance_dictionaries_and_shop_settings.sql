CREATE TABLE "banks" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "banks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"memo" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banks_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "finance_groups" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "finance_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"memo" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"type" smallint DEFAULT 2 NOT NULL,
	CONSTRAINT "finance_groups_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "finance_items" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "finance_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"memo" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"group_id" bigint NOT NULL,
	"type" smallint DEFAULT 2 NOT NULL,
	"budget" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "finance_items_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "financial_areas" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "financial_areas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"memo" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "financial_areas_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "fund_descriptions" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "fund_descriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"memo" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"item_id" bigint NOT NULL,
	"department_id" bigint NOT NULL,
	"description" text,
	CONSTRAINT "fund_descriptions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "landlords" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "landlords_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"memo" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tel" text,
	"payee" text NOT NULL,
	"bank" text NOT NULL,
	"bankno" text NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	CONSTRAINT "landlords_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "payee_accounts" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "payee_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"item_id" bigint NOT NULL,
	"payee" text NOT NULL,
	"bank" text NOT NULL,
	"bankno" text NOT NULL,
	"branch_bank" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payee_accounts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "reserve_spend_items" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "reserve_spend_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"memo" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" smallint DEFAULT 1 NOT NULL,
	"reserve_type_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "reserve_spend_items_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "reserve_types" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "reserve_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"memo" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reserve_types_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "shop_finance_profiles" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "shop_finance_profiles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"payee" text,
	"bank" text,
	"bankno" text,
	"branch_bank" text,
	"corporate_payee" text,
	"corporate_bank" text,
	"corporate_bankno" text,
	"corporate_branch_bank" text,
	"financial_area_id" bigint,
	"company_type_id" bigint,
	"fee_ratio" integer DEFAULT 0 NOT NULL,
	"opened_on" date,
	"closed_on" date,
	"clear_on_close" smallint DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_finance_profiles_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "shop_finance_types" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "shop_finance_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"memo" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_finance_types_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "shop_petty_cash" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "shop_petty_cash_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"float" bigint DEFAULT 0 NOT NULL,
	"large_needs_takings" smallint DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_petty_cash_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "banks" ADD CONSTRAINT "banks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_groups" ADD CONSTRAINT "finance_groups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_items" ADD CONSTRAINT "finance_items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_items" ADD CONSTRAINT "finance_items_group_id_fk" FOREIGN KEY ("tenant_id","group_id") REFERENCES "public"."finance_groups"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_areas" ADD CONSTRAINT "financial_areas_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_descriptions" ADD CONSTRAINT "fund_descriptions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_descriptions" ADD CONSTRAINT "fund_descriptions_item_id_fk" FOREIGN KEY ("tenant_id","item_id") REFERENCES "public"."finance_items"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_descriptions" ADD CONSTRAINT "fund_descriptions_department_id_fk" FOREIGN KEY ("tenant_id","department_id") REFERENCES "public"."branches"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landlords" ADD CONSTRAINT "landlords_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payee_accounts" ADD CONSTRAINT "payee_accounts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payee_accounts" ADD CONSTRAINT "payee_accounts_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payee_accounts" ADD CONSTRAINT "payee_accounts_item_id_fk" FOREIGN KEY ("tenant_id","item_id") REFERENCES "public"."finance_items"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserve_spend_items" ADD CONSTRAINT "reserve_spend_items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserve_types" ADD CONSTRAINT "reserve_types_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_finance_profiles" ADD CONSTRAINT "shop_finance_profiles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_finance_profiles" ADD CONSTRAINT "shop_finance_profiles_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_finance_profiles" ADD CONSTRAINT "shop_finance_profiles_financial_area_id_fk" FOREIGN KEY ("tenant_id","financial_area_id") REFERENCES "public"."financial_areas"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_finance_profiles" ADD CONSTRAINT "shop_finance_profiles_company_type_id_fk" FOREIGN KEY ("tenant_id","company_type_id") REFERENCES "public"."shop_finance_types"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_finance_types" ADD CONSTRAINT "shop_finance_types_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_petty_cash" ADD CONSTRAINT "shop_petty_cash_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_petty_cash" ADD CONSTRAINT "shop_petty_cash_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "banks_tenant_code" ON "banks" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "finance_groups_tenant_code" ON "finance_groups" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "finance_items_tenant_code" ON "finance_items" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "finance_items_tenant_group" ON "finance_items" USING btree ("tenant_id","group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "financial_areas_tenant_code" ON "financial_areas" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "fund_descriptions_tenant_code" ON "fund_descriptions" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "fund_descriptions_tenant_item" ON "fund_descriptions" USING btree ("tenant_id","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "landlords_tenant_code" ON "landlords" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "landlords_tenant_bankno" ON "landlords" USING btree ("tenant_id","bankno");--> statement-breakpoint
CREATE UNIQUE INDEX "payee_accounts_tenant_shop_item" ON "payee_accounts" USING btree ("tenant_id","shop_id","item_id");--> statement-breakpoint
CREATE INDEX "payee_accounts_tenant_item" ON "payee_accounts" USING btree ("tenant_id","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reserve_spend_items_tenant_code" ON "reserve_spend_items" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "reserve_types_tenant_code" ON "reserve_types" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_finance_profiles_tenant_shop" ON "shop_finance_profiles" USING btree ("tenant_id","shop_id");--> statement-breakpoint
CREATE INDEX "shop_finance_profiles_tenant_area" ON "shop_finance_profiles" USING btree ("tenant_id","financial_area_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_finance_types_tenant_code" ON "shop_finance_types" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_petty_cash_tenant_shop" ON "shop_petty_cash" USING btree ("tenant_id","shop_id");