CREATE TABLE "bill_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bill_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"doc_type" text NOT NULL,
	"bill_id" bigint NOT NULL,
	"action" text NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"memo" text,
	"user_id" bigint,
	"username" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_order_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_order_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"bill_no" text NOT NULL,
	"shop_id" bigint NOT NULL,
	"order_date" date NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"reject_reason" text,
	"memo" text,
	"out_bill_id" bigint,
	"entry_bill_id" bigint,
	"total_quantity" integer DEFAULT 0 NOT NULL,
	"total_amount" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_by_name" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_balances" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_balances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"shop_id" bigint,
	"product_id" bigint NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_bill_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_bill_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"bill_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"unit_cost" integer DEFAULT 0 NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"memo" text,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_bills" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_bills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"bill_no" text NOT NULL,
	"type" text NOT NULL,
	"shop_id" bigint,
	"bill_date" date NOT NULL,
	"reason_id" bigint NOT NULL,
	"counterpart" text,
	"counterpart_shop_id" bigint,
	"transfer_id" bigint,
	"order_id" bigint,
	"state" text DEFAULT 'draft' NOT NULL,
	"reject_reason" text,
	"memo" text,
	"total_quantity" integer DEFAULT 0 NOT NULL,
	"total_amount" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_by_name" text,
	"audited_by" bigint,
	"audited_by_name" text,
	"audited_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"shop_id" bigint,
	"product_id" bigint NOT NULL,
	"delta" integer NOT NULL,
	"balance" integer NOT NULL,
	"doc_type" text NOT NULL,
	"bill_id" bigint NOT NULL,
	"line_id" bigint,
	"reverses_id" bigint,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_reasons" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_reasons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"memo" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"direction" smallint NOT NULL,
	"kind" text DEFAULT 'other' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bill_logs" ADD CONSTRAINT "bill_logs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_order_lines" ADD CONSTRAINT "product_order_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_order_lines" ADD CONSTRAINT "product_order_lines_order_id_product_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."product_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_order_lines" ADD CONSTRAINT "product_order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_orders" ADD CONSTRAINT "product_orders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_orders" ADD CONSTRAINT "product_orders_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_bill_lines" ADD CONSTRAINT "stock_bill_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_bill_lines" ADD CONSTRAINT "stock_bill_lines_bill_id_stock_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."stock_bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_bill_lines" ADD CONSTRAINT "stock_bill_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_bills" ADD CONSTRAINT "stock_bills_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_bills" ADD CONSTRAINT "stock_bills_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_bills" ADD CONSTRAINT "stock_bills_reason_id_stock_reasons_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."stock_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_bills" ADD CONSTRAINT "stock_bills_counterpart_shop_id_shops_id_fk" FOREIGN KEY ("counterpart_shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_reasons" ADD CONSTRAINT "stock_reasons_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_logs_tenant_bill" ON "bill_logs" USING btree ("tenant_id","doc_type","bill_id");--> statement-breakpoint
CREATE INDEX "product_order_lines_tenant_order" ON "product_order_lines" USING btree ("tenant_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_orders_tenant_bill_no" ON "product_orders" USING btree ("tenant_id","bill_no");--> statement-breakpoint
CREATE INDEX "product_orders_tenant_shop_date" ON "product_orders" USING btree ("tenant_id","shop_id","order_date");--> statement-breakpoint
CREATE INDEX "product_orders_tenant_state" ON "product_orders" USING btree ("tenant_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_balances_tenant_location_product" ON "stock_balances" USING btree ("tenant_id",coalesce("shop_id", 0),"product_id");--> statement-breakpoint
CREATE INDEX "stock_balances_tenant_product" ON "stock_balances" USING btree ("tenant_id","product_id");--> statement-breakpoint
CREATE INDEX "stock_bill_lines_tenant_bill" ON "stock_bill_lines" USING btree ("tenant_id","bill_id");--> statement-breakpoint
CREATE INDEX "stock_bill_lines_tenant_product" ON "stock_bill_lines" USING btree ("tenant_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_bills_tenant_bill_no" ON "stock_bills" USING btree ("tenant_id","bill_no");--> statement-breakpoint
CREATE INDEX "stock_bills_tenant_type_date" ON "stock_bills" USING btree ("tenant_id","type","bill_date","id");--> statement-breakpoint
CREATE INDEX "stock_bills_tenant_shop_date" ON "stock_bills" USING btree ("tenant_id","shop_id","bill_date");--> statement-breakpoint
CREATE INDEX "stock_bills_tenant_state" ON "stock_bills" USING btree ("tenant_id","state");--> statement-breakpoint
CREATE INDEX "stock_ledger_tenant_location_product" ON "stock_ledger" USING btree ("tenant_id",coalesce("shop_id", 0),"product_id","id");--> statement-breakpoint
CREATE INDEX "stock_ledger_tenant_bill" ON "stock_ledger" USING btree ("tenant_id","doc_type","bill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_reasons_tenant_code" ON "stock_reasons" USING btree ("tenant_id","code");