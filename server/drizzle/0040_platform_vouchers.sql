CREATE TABLE "prepaid_adjustments" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "prepaid_adjustments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"from_shop_id" bigint NOT NULL,
	"to_shop_id" bigint NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prepaid_adjustments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "prepaid_adjustments_shops" CHECK ("prepaid_adjustments"."from_shop_id" <> "prepaid_adjustments"."to_shop_id")
);
--> statement-breakpoint
CREATE TABLE "third_orders" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "third_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"channel" text NOT NULL,
	"code" text NOT NULL,
	"product_name" text NOT NULL,
	"deal_id" text,
	"amount" integer NOT NULL,
	"shop_id" bigint NOT NULL,
	"open_shop_uuid" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"receipt_id" text,
	"bill_id" bigint,
	"payment_id" bigint,
	"verified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified_by" bigint,
	"used_at" timestamp with time zone,
	"refund_reason" text,
	"refunded_at" timestamp with time zone,
	"refunded_by" bigint,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "third_orders_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "third_orders_amount_status" CHECK ("third_orders"."amount" > 0 and "third_orders"."status" in (1, 2, 4))
);
--> statement-breakpoint
CREATE TABLE "xxw_orders" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "xxw_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"order_no" text NOT NULL,
	"code" text,
	"item_name" text NOT NULL,
	"product_id" bigint,
	"num" integer DEFAULT 1 NOT NULL,
	"amount" integer NOT NULL,
	"shop_id" bigint NOT NULL,
	"happened_at" timestamp with time zone NOT NULL,
	"customer_name" text,
	"mobile" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"ref_bill_no" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "xxw_orders_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "xxw_orders_kind" CHECK ("xxw_orders"."kind" in ('voucher', 'product') and "xxw_orders"."amount" >= 0 and "xxw_orders"."num" > 0)
);
--> statement-breakpoint
ALTER TABLE "prepaid_adjustments" ADD CONSTRAINT "prepaid_adjustments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepaid_adjustments" ADD CONSTRAINT "prepaid_adjustments_order_id_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."prepaid_orders"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepaid_adjustments" ADD CONSTRAINT "prepaid_adjustments_from_shop_id_fk" FOREIGN KEY ("tenant_id","from_shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepaid_adjustments" ADD CONSTRAINT "prepaid_adjustments_to_shop_id_fk" FOREIGN KEY ("tenant_id","to_shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "third_orders" ADD CONSTRAINT "third_orders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "third_orders" ADD CONSTRAINT "third_orders_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "third_orders" ADD CONSTRAINT "third_orders_bill_id_fk" FOREIGN KEY ("tenant_id","bill_id") REFERENCES "public"."service_bills"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xxw_orders" ADD CONSTRAINT "xxw_orders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xxw_orders" ADD CONSTRAINT "xxw_orders_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prepaid_adjustments_tenant_order" ON "prepaid_adjustments" USING btree ("tenant_id","order_id");--> statement-breakpoint
CREATE INDEX "prepaid_adjustments_tenant_created" ON "prepaid_adjustments" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "third_orders_tenant_live_code" ON "third_orders" USING btree ("tenant_id","channel","code") WHERE status <> 4;--> statement-breakpoint
CREATE INDEX "third_orders_tenant_shop_status" ON "third_orders" USING btree ("tenant_id","shop_id","status","id");--> statement-breakpoint
CREATE INDEX "third_orders_tenant_bill" ON "third_orders" USING btree ("tenant_id","bill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "xxw_orders_tenant_kind_order" ON "xxw_orders" USING btree ("tenant_id","kind","order_no");--> statement-breakpoint
CREATE INDEX "xxw_orders_tenant_shop_time" ON "xxw_orders" USING btree ("tenant_id","shop_id","happened_at");--> statement-breakpoint
-- The shipped 27 美团 pays with verified platform vouchers from now on (a tenant that already gave
-- another pay type that use keeps it).
UPDATE "pay_types" p SET "kind" = 'voucher'
WHERE p."code" = '27' AND p."kind" IS NULL
  AND NOT EXISTS (SELECT 1 FROM "pay_types" o WHERE o."tenant_id" = p."tenant_id" AND o."kind" = 'voucher');
