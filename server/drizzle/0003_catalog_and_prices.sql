CREATE TABLE "product_brands" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_brands_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"memo" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"logo" text
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"pcode" text NOT NULL,
	"name" text NOT NULL,
	"barcode" text,
	"brand_id" bigint,
	"category_id" bigint,
	"spec" text,
	"unit" text NOT NULL,
	"purchase_unit" text,
	"purchase_factor" integer DEFAULT 1 NOT NULL,
	"purchase_price" integer DEFAULT 0 NOT NULL,
	"retail_price" integer DEFAULT 0 NOT NULL,
	"usage" smallint DEFAULT 1 NOT NULL,
	"image" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"is_del" smallint DEFAULT 0 NOT NULL,
	"memo" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_employees" (
	"tenant_id" bigint NOT NULL,
	"service_id" bigint NOT NULL,
	"employee_id" bigint NOT NULL,
	CONSTRAINT "service_employees_service_id_employee_id_pk" PRIMARY KEY("service_id","employee_id")
);
--> statement-breakpoint
CREATE TABLE "service_group_items" (
	"tenant_id" bigint NOT NULL,
	"group_id" bigint NOT NULL,
	"service_id" bigint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "service_group_items_group_id_service_id_pk" PRIMARY KEY("group_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "service_groups" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"memo" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_package_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_package_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"package_id" bigint NOT NULL,
	"service_id" bigint,
	"product_id" bigint,
	"quantity" integer NOT NULL,
	"amount" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_package_shops" (
	"tenant_id" bigint NOT NULL,
	"package_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	CONSTRAINT "service_package_shops_package_id_shop_id_pk" PRIMARY KEY("package_id","shop_id")
);
--> statement-breakpoint
CREATE TABLE "service_packages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_packages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"package_type_id" bigint,
	"price" integer NOT NULL,
	"validity_days" integer,
	"is_system" boolean DEFAULT false NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"is_del" smallint DEFAULT 0 NOT NULL,
	"memo" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_positions" (
	"tenant_id" bigint NOT NULL,
	"service_id" bigint NOT NULL,
	"position_id" bigint NOT NULL,
	CONSTRAINT "service_positions_service_id_position_id_pk" PRIMARY KEY("service_id","position_id")
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "services_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"service_type_id" bigint,
	"branch_id" bigint,
	"line" text DEFAULT 'mf' NOT NULL,
	"duration_minutes" integer DEFAULT 60 NOT NULL,
	"base_price" integer DEFAULT 0 NOT NULL,
	"perf_ratio" integer,
	"status" smallint DEFAULT 1 NOT NULL,
	"is_del" smallint DEFAULT 0 NOT NULL,
	"memo" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_products" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"shop_id" bigint,
	"product_id" bigint NOT NULL,
	"safety_stock" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"memo" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_controls" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "price_controls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"item_id" bigint NOT NULL,
	"min_price" integer,
	"max_price" integer,
	"memo" text,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_template_items" (
	"tenant_id" bigint NOT NULL,
	"template_id" bigint NOT NULL,
	"item_id" bigint NOT NULL,
	"price" integer NOT NULL,
	CONSTRAINT "price_template_items_template_id_item_id_pk" PRIMARY KEY("template_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "price_template_shops" (
	"tenant_id" bigint NOT NULL,
	"template_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	CONSTRAINT "price_template_shops_template_id_shop_id_pk" PRIMARY KEY("template_id","shop_id")
);
--> statement-breakpoint
CREATE TABLE "price_templates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "price_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"line" text,
	"is_system" boolean DEFAULT false NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"memo" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_shop_prices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_shop_prices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"price" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"template_id" bigint,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_card_prices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_card_prices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"service_id" bigint NOT NULL,
	"card_type_id" bigint NOT NULL,
	"shop_id" bigint,
	"price" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_shop_prices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_shop_prices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"service_id" bigint NOT NULL,
	"price" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"template_id" bigint,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_special_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_special_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"service_id" bigint NOT NULL,
	"shop_id" bigint,
	"level_id" bigint NOT NULL,
	"old_price" integer,
	"new_price" integer,
	"user_id" bigint,
	"username" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_specials" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_specials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"service_id" bigint NOT NULL,
	"shop_id" bigint,
	"level_id" bigint NOT NULL,
	"price" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_brands" ADD CONSTRAINT "product_brands_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_product_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."product_brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_product_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."product_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_employees" ADD CONSTRAINT "service_employees_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_employees" ADD CONSTRAINT "service_employees_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_employees" ADD CONSTRAINT "service_employees_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_group_items" ADD CONSTRAINT "service_group_items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_group_items" ADD CONSTRAINT "service_group_items_group_id_service_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."service_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_group_items" ADD CONSTRAINT "service_group_items_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_groups" ADD CONSTRAINT "service_groups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_package_items" ADD CONSTRAINT "service_package_items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_package_items" ADD CONSTRAINT "service_package_items_package_id_service_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."service_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_package_items" ADD CONSTRAINT "service_package_items_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_package_items" ADD CONSTRAINT "service_package_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_package_shops" ADD CONSTRAINT "service_package_shops_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_package_shops" ADD CONSTRAINT "service_package_shops_package_id_service_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."service_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_package_shops" ADD CONSTRAINT "service_package_shops_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_packages" ADD CONSTRAINT "service_packages_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_packages" ADD CONSTRAINT "service_packages_package_type_id_package_types_id_fk" FOREIGN KEY ("package_type_id") REFERENCES "public"."package_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_positions" ADD CONSTRAINT "service_positions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_positions" ADD CONSTRAINT "service_positions_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_positions" ADD CONSTRAINT "service_positions_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_service_type_id_service_types_id_fk" FOREIGN KEY ("service_type_id") REFERENCES "public"."service_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_products" ADD CONSTRAINT "stock_products_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_products" ADD CONSTRAINT "stock_products_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_products" ADD CONSTRAINT "stock_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_controls" ADD CONSTRAINT "price_controls_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_template_items" ADD CONSTRAINT "price_template_items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_template_items" ADD CONSTRAINT "price_template_items_template_id_price_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."price_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_template_shops" ADD CONSTRAINT "price_template_shops_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_template_shops" ADD CONSTRAINT "price_template_shops_template_id_price_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."price_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_template_shops" ADD CONSTRAINT "price_template_shops_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_templates" ADD CONSTRAINT "price_templates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_shop_prices" ADD CONSTRAINT "product_shop_prices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_shop_prices" ADD CONSTRAINT "product_shop_prices_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_shop_prices" ADD CONSTRAINT "product_shop_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_card_prices" ADD CONSTRAINT "service_card_prices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_card_prices" ADD CONSTRAINT "service_card_prices_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_card_prices" ADD CONSTRAINT "service_card_prices_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_shop_prices" ADD CONSTRAINT "service_shop_prices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_shop_prices" ADD CONSTRAINT "service_shop_prices_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_shop_prices" ADD CONSTRAINT "service_shop_prices_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_special_logs" ADD CONSTRAINT "service_special_logs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_specials" ADD CONSTRAINT "service_specials_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_specials" ADD CONSTRAINT "service_specials_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_specials" ADD CONSTRAINT "service_specials_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_specials" ADD CONSTRAINT "service_specials_level_id_position_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."position_levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_brands_tenant_code" ON "product_brands" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "products_tenant_pcode" ON "products" USING btree ("tenant_id","pcode");--> statement-breakpoint
CREATE INDEX "products_tenant_barcode" ON "products" USING btree ("tenant_id","barcode");--> statement-breakpoint
CREATE INDEX "products_tenant_category" ON "products" USING btree ("tenant_id","category_id");--> statement-breakpoint
CREATE INDEX "products_tenant_brand" ON "products" USING btree ("tenant_id","brand_id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_groups_tenant_code" ON "service_groups" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "service_package_items_tenant_package" ON "service_package_items" USING btree ("tenant_id","package_id");--> statement-breakpoint
CREATE INDEX "service_package_items_service" ON "service_package_items" USING btree ("tenant_id","service_id");--> statement-breakpoint
CREATE INDEX "service_package_items_product" ON "service_package_items" USING btree ("tenant_id","product_id");--> statement-breakpoint
CREATE INDEX "service_package_shops_shop" ON "service_package_shops" USING btree ("tenant_id","shop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_packages_tenant_code" ON "service_packages" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "services_tenant_code" ON "services" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "services_tenant_type" ON "services" USING btree ("tenant_id","service_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_products_tenant_location_product" ON "stock_products" USING btree ("tenant_id",coalesce("shop_id", 0),"product_id");--> statement-breakpoint
CREATE INDEX "stock_products_tenant_product" ON "stock_products" USING btree ("tenant_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "price_controls_tenant_item" ON "price_controls" USING btree ("tenant_id","kind","item_id");--> statement-breakpoint
CREATE INDEX "price_template_shops_shop" ON "price_template_shops" USING btree ("tenant_id","shop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "price_templates_tenant_code" ON "price_templates" USING btree ("tenant_id","kind","code");--> statement-breakpoint
CREATE UNIQUE INDEX "product_shop_prices_tenant_shop_product" ON "product_shop_prices" USING btree ("tenant_id","shop_id","product_id");--> statement-breakpoint
CREATE INDEX "product_shop_prices_product" ON "product_shop_prices" USING btree ("tenant_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_card_prices_tenant_service_card_shop" ON "service_card_prices" USING btree ("tenant_id","service_id","card_type_id",coalesce("shop_id", 0));--> statement-breakpoint
CREATE UNIQUE INDEX "service_shop_prices_tenant_shop_service" ON "service_shop_prices" USING btree ("tenant_id","shop_id","service_id");--> statement-breakpoint
CREATE INDEX "service_shop_prices_service" ON "service_shop_prices" USING btree ("tenant_id","service_id");--> statement-breakpoint
CREATE INDEX "service_special_logs_tenant_service" ON "service_special_logs" USING btree ("tenant_id","service_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "service_specials_tenant_service_shop_level" ON "service_specials" USING btree ("tenant_id","service_id",coalesce("shop_id", 0),"level_id");