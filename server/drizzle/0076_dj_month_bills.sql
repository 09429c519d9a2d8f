CREATE TABLE "dj_month_amounts" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "dj_month_amounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"dj_item_id" bigint NOT NULL,
	"month" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dj_month_amounts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "dj_month_bill_lines" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "dj_month_bill_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"bill_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"dj_item_id" bigint NOT NULL,
	"smoney" bigint DEFAULT 0 NOT NULL,
	"umoney" bigint NOT NULL,
	"rmoney" bigint DEFAULT 0 NOT NULL,
	"memo" text,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dj_month_bill_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "dj_month_bills" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "dj_month_bills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"bill_no" text NOT NULL,
	"shop_id" bigint,
	"yearmonth" text NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"total_money" bigint DEFAULT 0 NOT NULL,
	"memo" text,
	"created_by" bigint,
	"created_by_name" text,
	"audited_by" bigint,
	"audited_by_name" text,
	"audited_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dj_month_bills_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "dj_month_amounts" ADD CONSTRAINT "dj_month_amounts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dj_month_amounts" ADD CONSTRAINT "dj_month_amounts_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dj_month_amounts" ADD CONSTRAINT "dj_month_amounts_dj_item_id_fk" FOREIGN KEY ("tenant_id","dj_item_id") REFERENCES "public"."dj_items"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dj_month_bill_lines" ADD CONSTRAINT "dj_month_bill_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dj_month_bill_lines" ADD CONSTRAINT "dj_month_bill_lines_bill_fk" FOREIGN KEY ("tenant_id","bill_id") REFERENCES "public"."dj_month_bills"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dj_month_bill_lines" ADD CONSTRAINT "dj_month_bill_lines_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dj_month_bill_lines" ADD CONSTRAINT "dj_month_bill_lines_dj_item_id_fk" FOREIGN KEY ("tenant_id","dj_item_id") REFERENCES "public"."dj_items"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dj_month_bills" ADD CONSTRAINT "dj_month_bills_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dj_month_amounts_tenant_shop_month_item" ON "dj_month_amounts" USING btree ("tenant_id","shop_id","month","dj_item_id");--> statement-breakpoint
CREATE INDEX "dj_month_bill_lines_tenant_bill" ON "dj_month_bill_lines" USING btree ("tenant_id","bill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dj_month_bills_tenant_bill_no" ON "dj_month_bills" USING btree ("tenant_id","bill_no");--> statement-breakpoint
CREATE INDEX "dj_month_bills_tenant_month" ON "dj_month_bills" USING btree ("tenant_id","yearmonth","id");