CREATE TABLE "expense_limit_bill_lines" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "expense_limit_bill_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"bill_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"item_id" bigint NOT NULL,
	"change" bigint NOT NULL,
	"before" bigint,
	"after" bigint,
	"memo" text,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "expense_limit_bill_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "expense_limit_bills" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "expense_limit_bills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"bill_no" text NOT NULL,
	"shop_id" bigint,
	"bill_date" date NOT NULL,
	"month" text NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"total_change" bigint DEFAULT 0 NOT NULL,
	"memo" text,
	"created_by" bigint,
	"created_by_name" text,
	"audited_by" bigint,
	"audited_by_name" text,
	"audited_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expense_limit_bills_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "expense_limit_bill_lines" ADD CONSTRAINT "expense_limit_bill_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_limit_bill_lines" ADD CONSTRAINT "expense_limit_bill_lines_bill_fk" FOREIGN KEY ("tenant_id","bill_id") REFERENCES "public"."expense_limit_bills"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_limit_bill_lines" ADD CONSTRAINT "expense_limit_bill_lines_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_limit_bill_lines" ADD CONSTRAINT "expense_limit_bill_lines_item_id_fk" FOREIGN KEY ("tenant_id","item_id") REFERENCES "public"."finance_items"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_limit_bills" ADD CONSTRAINT "expense_limit_bills_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expense_limit_bill_lines_tenant_bill" ON "expense_limit_bill_lines" USING btree ("tenant_id","bill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "expense_limit_bills_tenant_bill_no" ON "expense_limit_bills" USING btree ("tenant_id","bill_no");--> statement-breakpoint
CREATE INDEX "expense_limit_bills_tenant_date" ON "expense_limit_bills" USING btree ("tenant_id","bill_date","id");