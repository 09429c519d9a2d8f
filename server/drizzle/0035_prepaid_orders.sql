CREATE TABLE "prepaid_orders" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "prepaid_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"order_no" text NOT NULL,
	"shop_id" bigint NOT NULL,
	"pay_type_id" bigint NOT NULL,
	"amount" integer NOT NULL,
	"customer_name" text,
	"mobile" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"bill_id" bigint,
	"payment_id" bigint,
	"used_at" timestamp with time zone,
	"refund_reason" text,
	"refunded_at" timestamp with time zone,
	"refunded_by" bigint,
	"memo" text,
	"created_by" bigint,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prepaid_orders_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "prepaid_orders" ADD CONSTRAINT "prepaid_orders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepaid_orders" ADD CONSTRAINT "prepaid_orders_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepaid_orders" ADD CONSTRAINT "prepaid_orders_pay_type_id_fk" FOREIGN KEY ("tenant_id","pay_type_id") REFERENCES "public"."pay_types"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepaid_orders" ADD CONSTRAINT "prepaid_orders_bill_id_fk" FOREIGN KEY ("tenant_id","bill_id") REFERENCES "public"."service_bills"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "prepaid_orders_tenant_order_no" ON "prepaid_orders" USING btree ("tenant_id","order_no");--> statement-breakpoint
CREATE INDEX "prepaid_orders_tenant_shop_status" ON "prepaid_orders" USING btree ("tenant_id","shop_id","status","id");--> statement-breakpoint
CREATE INDEX "prepaid_orders_tenant_bill" ON "prepaid_orders" USING btree ("tenant_id","bill_id");--> statement-breakpoint
ALTER TABLE "prepaid_orders" ADD CONSTRAINT "prepaid_orders_amount_positive" CHECK (amount > 0 AND status IN (1, 2, 3));
