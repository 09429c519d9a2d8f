CREATE TABLE "award_amounts" (
	"tenant_id" bigint NOT NULL,
	"month" text NOT NULL,
	"employee_id" bigint NOT NULL,
	"item_id" bigint NOT NULL,
	"amount" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "award_amounts_tenant_id_month_employee_id_item_id_pk" PRIMARY KEY("tenant_id","month","employee_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "award_items" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "award_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"memo" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"padtype" smallint DEFAULT 1 NOT NULL,
	CONSTRAINT "award_items_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "base_pays" (
	"tenant_id" bigint NOT NULL,
	"employee_id" bigint NOT NULL,
	"amount" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "base_pays_tenant_id_employee_id_pk" PRIMARY KEY("tenant_id","employee_id")
);
--> statement-breakpoint
CREATE TABLE "royalty_groups" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "royalty_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"scheme_id" bigint NOT NULL,
	"royalty_type_id" bigint NOT NULL,
	"name" text NOT NULL,
	"ps_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "royalty_groups_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "royalty_items" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "royalty_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"group_id" bigint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "royalty_items_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "royalty_locked_rows" (
	"tenant_id" bigint NOT NULL,
	"month" text NOT NULL,
	"perf_id" bigint NOT NULL,
	"employee_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"royalty" integer NOT NULL,
	"row" jsonb NOT NULL,
	CONSTRAINT "royalty_locked_rows_tenant_id_month_perf_id_pk" PRIMARY KEY("tenant_id","month","perf_id")
);
--> statement-breakpoint
CREATE TABLE "royalty_month_locks" (
	"tenant_id" bigint NOT NULL,
	"month" text NOT NULL,
	"locked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_by" bigint,
	"locked_by_name" text,
	CONSTRAINT "royalty_month_locks_tenant_id_month_pk" PRIMARY KEY("tenant_id","month")
);
--> statement-breakpoint
CREATE TABLE "royalty_scheme_employees" (
	"tenant_id" bigint NOT NULL,
	"scheme_id" bigint NOT NULL,
	"employee_id" bigint NOT NULL,
	CONSTRAINT "royalty_scheme_employees_tenant_id_employee_id_pk" PRIMARY KEY("tenant_id","employee_id")
);
--> statement-breakpoint
CREATE TABLE "royalty_scheme_shops" (
	"tenant_id" bigint NOT NULL,
	"scheme_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	CONSTRAINT "royalty_scheme_shops_tenant_id_shop_id_pk" PRIMARY KEY("tenant_id","shop_id")
);
--> statement-breakpoint
CREATE TABLE "royalty_scheme_versions" (
	"tenant_id" bigint NOT NULL,
	"scheme_id" bigint NOT NULL,
	"effective_from" date NOT NULL,
	"snapshot" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "royalty_scheme_versions_tenant_id_scheme_id_effective_from_pk" PRIMARY KEY("tenant_id","scheme_id","effective_from")
);
--> statement-breakpoint
CREATE TABLE "royalty_schemes" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "royalty_schemes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"memo" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"type" smallint DEFAULT 1 NOT NULL,
	"bracket" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "royalty_schemes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "royalty_types" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "royalty_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"memo" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "royalty_types_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "award_amounts" ADD CONSTRAINT "award_amounts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "award_amounts" ADD CONSTRAINT "award_amounts_employee_id_fk" FOREIGN KEY ("tenant_id","employee_id") REFERENCES "public"."employees"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "award_amounts" ADD CONSTRAINT "award_amounts_item_id_fk" FOREIGN KEY ("tenant_id","item_id") REFERENCES "public"."award_items"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "award_items" ADD CONSTRAINT "award_items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "base_pays" ADD CONSTRAINT "base_pays_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "base_pays" ADD CONSTRAINT "base_pays_employee_id_fk" FOREIGN KEY ("tenant_id","employee_id") REFERENCES "public"."employees"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_groups" ADD CONSTRAINT "royalty_groups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_groups" ADD CONSTRAINT "royalty_groups_scheme_id_fk" FOREIGN KEY ("tenant_id","scheme_id") REFERENCES "public"."royalty_schemes"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_groups" ADD CONSTRAINT "royalty_groups_royalty_type_id_fk" FOREIGN KEY ("tenant_id","royalty_type_id") REFERENCES "public"."royalty_types"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_items" ADD CONSTRAINT "royalty_items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_items" ADD CONSTRAINT "royalty_items_group_id_fk" FOREIGN KEY ("tenant_id","group_id") REFERENCES "public"."royalty_groups"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_locked_rows" ADD CONSTRAINT "royalty_locked_rows_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_month_locks" ADD CONSTRAINT "royalty_month_locks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_scheme_employees" ADD CONSTRAINT "royalty_scheme_employees_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_scheme_employees" ADD CONSTRAINT "royalty_scheme_employees_scheme_id_fk" FOREIGN KEY ("tenant_id","scheme_id") REFERENCES "public"."royalty_schemes"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_scheme_employees" ADD CONSTRAINT "royalty_scheme_employees_employee_id_fk" FOREIGN KEY ("tenant_id","employee_id") REFERENCES "public"."employees"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_scheme_shops" ADD CONSTRAINT "royalty_scheme_shops_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_scheme_shops" ADD CONSTRAINT "royalty_scheme_shops_scheme_id_fk" FOREIGN KEY ("tenant_id","scheme_id") REFERENCES "public"."royalty_schemes"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_scheme_shops" ADD CONSTRAINT "royalty_scheme_shops_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_scheme_versions" ADD CONSTRAINT "royalty_scheme_versions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_scheme_versions" ADD CONSTRAINT "royalty_scheme_versions_scheme_id_fk" FOREIGN KEY ("tenant_id","scheme_id") REFERENCES "public"."royalty_schemes"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_schemes" ADD CONSTRAINT "royalty_schemes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_types" ADD CONSTRAINT "royalty_types_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "award_items_tenant_code" ON "award_items" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "royalty_groups_scheme" ON "royalty_groups" USING btree ("tenant_id","scheme_id");--> statement-breakpoint
CREATE INDEX "royalty_items_group" ON "royalty_items" USING btree ("tenant_id","group_id");--> statement-breakpoint
CREATE INDEX "royalty_locked_rows_perf" ON "royalty_locked_rows" USING btree ("tenant_id","perf_id");--> statement-breakpoint
CREATE INDEX "royalty_locked_rows_employee" ON "royalty_locked_rows" USING btree ("tenant_id","month","employee_id");--> statement-breakpoint
CREATE INDEX "royalty_scheme_employees_scheme" ON "royalty_scheme_employees" USING btree ("tenant_id","scheme_id");--> statement-breakpoint
CREATE INDEX "royalty_scheme_shops_scheme" ON "royalty_scheme_shops" USING btree ("tenant_id","scheme_id");--> statement-breakpoint
CREATE UNIQUE INDEX "royalty_schemes_tenant_code" ON "royalty_schemes" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "royalty_types_tenant_code" ON "royalty_types" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "service_bill_perf_tenant_date" ON "service_bill_perf" USING btree ("tenant_id","business_date");--> statement-breakpoint
CREATE INDEX "service_bill_perf_tenant_created" ON "service_bill_perf" USING btree ("tenant_id","created_at");