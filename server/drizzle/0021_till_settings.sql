CREATE TABLE "cashier_bill_configs" (
	"tenant_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"is_auto_no" boolean DEFAULT true NOT NULL,
	"no_min" integer DEFAULT 1 NOT NULL,
	"no_max" integer DEFAULT 100 NOT NULL,
	"is_allow_mobile" boolean DEFAULT true NOT NULL,
	"is_allow_cardno" boolean DEFAULT true NOT NULL,
	"is_need_sign" boolean DEFAULT false NOT NULL,
	"is_auto_print" boolean DEFAULT true NOT NULL,
	"is_push_wxmsg" boolean DEFAULT false NOT NULL,
	"is_rate" boolean DEFAULT false NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cashier_bill_configs_tenant_id_shop_id_pk" PRIMARY KEY("tenant_id","shop_id")
);
--> statement-breakpoint
CREATE TABLE "dy_shops" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "dy_shops_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"poi_id" text NOT NULL,
	"poi_name" text NOT NULL,
	"address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dy_shops_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "mt_keys" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "mt_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"account" text NOT NULL,
	"secret" text,
	"expires_date" date,
	"remain_refresh_count" integer,
	"account_name" text,
	"tel" text,
	"memo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mt_keys_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "mt_shops" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "mt_shops_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"open_shop_uuid" text NOT NULL,
	"mt_key_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mt_shops_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "pay_classes" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "pay_classes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"memo" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_classes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "pay_template_items" (
	"tenant_id" bigint NOT NULL,
	"template_id" bigint NOT NULL,
	"business_type" smallint NOT NULL,
	"pay_type_id" bigint NOT NULL,
	"enable" boolean DEFAULT true NOT NULL,
	"is_often" boolean DEFAULT false NOT NULL,
	"is_mixed" boolean DEFAULT true NOT NULL,
	"perf_rate" integer NOT NULL,
	"class_rate" integer DEFAULT 10000 NOT NULL,
	"fee_rate" integer NOT NULL,
	CONSTRAINT "pay_template_items_tenant_id_template_id_business_type_pay_type_id_pk" PRIMARY KEY("tenant_id","template_id","business_type","pay_type_id")
);
--> statement-breakpoint
CREATE TABLE "pay_template_shops" (
	"tenant_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"template_id" bigint NOT NULL,
	CONSTRAINT "pay_template_shops_tenant_id_shop_id_pk" PRIMARY KEY("tenant_id","shop_id")
);
--> statement-breakpoint
CREATE TABLE "pay_templates" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "pay_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"memo" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_templates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "pay_types" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "pay_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"memo" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"class_id" bigint NOT NULL,
	"fee_rate" integer DEFAULT 0 NOT NULL,
	"perf_rate" integer DEFAULT 10000 NOT NULL,
	"kind" text,
	CONSTRAINT "pay_types_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "stations" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "stations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"business_type" smallint NOT NULL,
	"rows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stations_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "wheel_rests" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "wheel_rests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"name" text NOT NULL,
	"minutes" integer NOT NULL,
	"is_del" smallint DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wheel_rests_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "wheel_scheme_shops" (
	"tenant_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"scheme_id" bigint NOT NULL,
	CONSTRAINT "wheel_scheme_shops_tenant_id_shop_id_pk" PRIMARY KEY("tenant_id","shop_id")
);
--> statement-breakpoint
CREATE TABLE "wheel_schemes" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "wheel_schemes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"shop_type" smallint NOT NULL,
	"rows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"memo" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wheel_schemes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "cashier_bill_configs" ADD CONSTRAINT "cashier_bill_configs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashier_bill_configs" ADD CONSTRAINT "cashier_bill_configs_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dy_shops" ADD CONSTRAINT "dy_shops_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dy_shops" ADD CONSTRAINT "dy_shops_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_keys" ADD CONSTRAINT "mt_keys_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_shops" ADD CONSTRAINT "mt_shops_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_shops" ADD CONSTRAINT "mt_shops_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_shops" ADD CONSTRAINT "mt_shops_mt_key_id_fk" FOREIGN KEY ("tenant_id","mt_key_id") REFERENCES "public"."mt_keys"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_classes" ADD CONSTRAINT "pay_classes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_template_items" ADD CONSTRAINT "pay_template_items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_template_items" ADD CONSTRAINT "pay_template_items_template_id_fk" FOREIGN KEY ("tenant_id","template_id") REFERENCES "public"."pay_templates"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_template_items" ADD CONSTRAINT "pay_template_items_pay_type_id_fk" FOREIGN KEY ("tenant_id","pay_type_id") REFERENCES "public"."pay_types"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_template_shops" ADD CONSTRAINT "pay_template_shops_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_template_shops" ADD CONSTRAINT "pay_template_shops_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_template_shops" ADD CONSTRAINT "pay_template_shops_template_id_fk" FOREIGN KEY ("tenant_id","template_id") REFERENCES "public"."pay_templates"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_templates" ADD CONSTRAINT "pay_templates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_types" ADD CONSTRAINT "pay_types_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_types" ADD CONSTRAINT "pay_types_class_id_fk" FOREIGN KEY ("tenant_id","class_id") REFERENCES "public"."pay_classes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stations" ADD CONSTRAINT "stations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wheel_rests" ADD CONSTRAINT "wheel_rests_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wheel_rests" ADD CONSTRAINT "wheel_rests_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wheel_scheme_shops" ADD CONSTRAINT "wheel_scheme_shops_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wheel_scheme_shops" ADD CONSTRAINT "wheel_scheme_shops_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wheel_scheme_shops" ADD CONSTRAINT "wheel_scheme_shops_scheme_id_fk" FOREIGN KEY ("tenant_id","scheme_id") REFERENCES "public"."wheel_schemes"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wheel_schemes" ADD CONSTRAINT "wheel_schemes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dy_shops_tenant_shop" ON "dy_shops" USING btree ("tenant_id","shop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dy_shops_tenant_poi" ON "dy_shops" USING btree ("tenant_id","poi_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mt_keys_tenant_account" ON "mt_keys" USING btree ("tenant_id","account");--> statement-breakpoint
CREATE UNIQUE INDEX "mt_shops_tenant_shop" ON "mt_shops" USING btree ("tenant_id","shop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mt_shops_tenant_uuid" ON "mt_shops" USING btree ("tenant_id","open_shop_uuid");--> statement-breakpoint
CREATE INDEX "mt_shops_tenant_key" ON "mt_shops" USING btree ("tenant_id","mt_key_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_classes_tenant_code" ON "pay_classes" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "pay_template_items_tenant_type" ON "pay_template_items" USING btree ("tenant_id","pay_type_id");--> statement-breakpoint
CREATE INDEX "pay_template_shops_tenant_template" ON "pay_template_shops" USING btree ("tenant_id","template_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_templates_tenant_code" ON "pay_templates" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_types_tenant_code" ON "pay_types" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "pay_types_tenant_class" ON "pay_types" USING btree ("tenant_id","class_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stations_tenant_code" ON "stations" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "wheel_rests_tenant_shop_name" ON "wheel_rests" USING btree ("tenant_id","shop_id","name") WHERE is_del = 0;--> statement-breakpoint
CREATE INDEX "wheel_scheme_shops_tenant_scheme" ON "wheel_scheme_shops" USING btree ("tenant_id","scheme_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wheel_schemes_tenant_code" ON "wheel_schemes" USING btree ("tenant_id","code");--> statement-breakpoint
-- hand-written
-- makeorderconfig is the cashier's bill settings now: each tenant's saved product-order settings move to their own key.
UPDATE "tenant_settings" SET "key" = 'stock.order' WHERE "key" = 'order.config' AND NOT EXISTS (SELECT 1 FROM "tenant_settings" s WHERE s."tenant_id" = "tenant_settings"."tenant_id" AND s."key" = 'stock.order');
