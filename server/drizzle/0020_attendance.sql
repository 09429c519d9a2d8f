CREATE TABLE "attendance_configs" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "attendance_configs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"allow_cd" integer DEFAULT 0 NOT NULL,
	"allow_zt" integer DEFAULT 0 NOT NULL,
	"cstart_time" text DEFAULT '03:00' NOT NULL,
	"is_qr" boolean DEFAULT true NOT NULL,
	"is_address" boolean DEFAULT false NOT NULL,
	"places" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_wifi" boolean DEFAULT false NOT NULL,
	"wifis" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"own_rules" boolean DEFAULT false NOT NULL,
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_configs_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "check_classes" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "check_classes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
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
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"color" text NOT NULL,
	CONSTRAINT "check_classes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "check_corrections" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "check_corrections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"record_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"field" text NOT NULL,
	"old_value" jsonb,
	"new_value" jsonb,
	"reason" text NOT NULL,
	"created_by" bigint,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_corrections_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "check_records" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "check_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"employee_id" bigint NOT NULL,
	"cdate" date NOT NULL,
	"class_id" bigint,
	"scheduled" boolean DEFAULT true NOT NULL,
	"on_work" timestamp with time zone,
	"on_status" smallint DEFAULT 0 NOT NULL,
	"on_bk" boolean DEFAULT false NOT NULL,
	"on_method" text,
	"off_work" timestamp with time zone,
	"off_status" smallint DEFAULT 0 NOT NULL,
	"off_bk" boolean DEFAULT false NOT NULL,
	"off_method" text,
	"on_status_set" boolean DEFAULT false NOT NULL,
	"off_status_set" boolean DEFAULT false NOT NULL,
	"delay" integer DEFAULT 0 NOT NULL,
	"zt" integer DEFAULT 0 NOT NULL,
	"rule_kg" double precision DEFAULT 0 NOT NULL,
	"kq_am" text,
	"kq_pm" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_records_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "check_rules" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "check_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"type" smallint NOT NULL,
	"value" integer NOT NULL,
	"kg_days" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_rules_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "attendance_configs" ADD CONSTRAINT "attendance_configs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_configs" ADD CONSTRAINT "attendance_configs_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_classes" ADD CONSTRAINT "check_classes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_classes" ADD CONSTRAINT "check_classes_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_corrections" ADD CONSTRAINT "check_corrections_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_corrections" ADD CONSTRAINT "check_corrections_record_id_fk" FOREIGN KEY ("tenant_id","record_id") REFERENCES "public"."check_records"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_corrections" ADD CONSTRAINT "check_corrections_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_records" ADD CONSTRAINT "check_records_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_records" ADD CONSTRAINT "check_records_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_records" ADD CONSTRAINT "check_records_employee_id_fk" FOREIGN KEY ("tenant_id","employee_id") REFERENCES "public"."employees"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_records" ADD CONSTRAINT "check_records_class_id_fk" FOREIGN KEY ("tenant_id","class_id") REFERENCES "public"."check_classes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_rules" ADD CONSTRAINT "check_rules_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_configs_tenant_shop" ON "attendance_configs" USING btree ("tenant_id","shop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "check_classes_tenant_code" ON "check_classes" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "check_classes_tenant_shop" ON "check_classes" USING btree ("tenant_id","shop_id","status");--> statement-breakpoint
CREATE INDEX "check_corrections_tenant_record" ON "check_corrections" USING btree ("tenant_id","record_id");--> statement-breakpoint
CREATE UNIQUE INDEX "check_records_tenant_employee_day" ON "check_records" USING btree ("tenant_id","employee_id","cdate");--> statement-breakpoint
CREATE INDEX "check_records_tenant_shop_day" ON "check_records" USING btree ("tenant_id","shop_id","cdate");--> statement-breakpoint
CREATE UNIQUE INDEX "check_rules_tenant_type_value" ON "check_rules" USING btree ("tenant_id","type","value");