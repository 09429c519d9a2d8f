CREATE TABLE "service_bill_lines" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "service_bill_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"bill_id" bigint NOT NULL,
	"line_no" smallint NOT NULL,
	"kind" text NOT NULL,
	"item_id" bigint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"num" integer NOT NULL,
	"list_price" integer NOT NULL,
	"price" integer NOT NULL,
	"price_source" text NOT NULL,
	"additional" integer DEFAULT 0 NOT NULL,
	"list_amount" integer NOT NULL,
	"amount" integer NOT NULL,
	"staff" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "service_bill_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "service_bill_payments" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "service_bill_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"bill_id" bigint NOT NULL,
	"pay_type_id" bigint NOT NULL,
	"pay_code" text NOT NULL,
	"pay_name" text NOT NULL,
	"class_code" text NOT NULL,
	"amount" integer NOT NULL,
	"perf" integer NOT NULL,
	"fee" integer NOT NULL,
	"card_id" bigint,
	"card_bill_id" bigint,
	CONSTRAINT "service_bill_payments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "service_bill_perf" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "service_bill_perf_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"bill_id" bigint NOT NULL,
	"line_id" bigint NOT NULL,
	"employee_id" bigint NOT NULL,
	"station" smallint NOT NULL,
	"appointed" boolean NOT NULL,
	"amount" integer NOT NULL,
	"cause" text NOT NULL,
	"business_date" date NOT NULL,
	"reverses_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_bill_perf_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "service_bill_shares" (
	"tenant_id" bigint NOT NULL,
	"bill_id" bigint NOT NULL,
	"payment_id" bigint NOT NULL,
	"line_id" bigint NOT NULL,
	"amount" integer NOT NULL,
	"perf" integer NOT NULL,
	"fee" integer NOT NULL,
	CONSTRAINT "service_bill_shares_tenant_id_payment_id_line_id_pk" PRIMARY KEY("tenant_id","payment_id","line_id")
);
--> statement-breakpoint
CREATE TABLE "service_bills" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "service_bills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"bill_no" text NOT NULL,
	"shop_id" bigint NOT NULL,
	"hand_tag" integer NOT NULL,
	"business_date" date NOT NULL,
	"member_id" bigint,
	"card_id" bigint,
	"member_name" text,
	"mobile" text,
	"sex" smallint,
	"is_compute" smallint DEFAULT 1 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"list_total" integer DEFAULT 0 NOT NULL,
	"discount_total" integer DEFAULT 0 NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"opened_by" bigint,
	"settled_at" timestamp with time zone,
	"settled_by" bigint,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" bigint,
	"cancel_reason" text,
	"is_hc" smallint DEFAULT 0 NOT NULL,
	"hc_at" timestamp with time zone,
	"hc_by" bigint,
	"hc_memo" text,
	"is_del" smallint DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_bills_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "service_bill_lines" ADD CONSTRAINT "service_bill_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_bill_lines" ADD CONSTRAINT "service_bill_lines_bill_id_fk" FOREIGN KEY ("tenant_id","bill_id") REFERENCES "public"."service_bills"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_bill_payments" ADD CONSTRAINT "service_bill_payments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_bill_payments" ADD CONSTRAINT "service_bill_payments_bill_id_fk" FOREIGN KEY ("tenant_id","bill_id") REFERENCES "public"."service_bills"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_bill_payments" ADD CONSTRAINT "service_bill_payments_pay_type_id_fk" FOREIGN KEY ("tenant_id","pay_type_id") REFERENCES "public"."pay_types"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_bill_payments" ADD CONSTRAINT "service_bill_payments_card_id_fk" FOREIGN KEY ("tenant_id","card_id") REFERENCES "public"."member_cards"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_bill_perf" ADD CONSTRAINT "service_bill_perf_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_bill_perf" ADD CONSTRAINT "service_bill_perf_bill_id_fk" FOREIGN KEY ("tenant_id","bill_id") REFERENCES "public"."service_bills"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_bill_perf" ADD CONSTRAINT "service_bill_perf_line_id_fk" FOREIGN KEY ("tenant_id","line_id") REFERENCES "public"."service_bill_lines"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_bill_perf" ADD CONSTRAINT "service_bill_perf_employee_id_fk" FOREIGN KEY ("tenant_id","employee_id") REFERENCES "public"."employees"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_bill_shares" ADD CONSTRAINT "service_bill_shares_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_bill_shares" ADD CONSTRAINT "service_bill_shares_bill_id_fk" FOREIGN KEY ("tenant_id","bill_id") REFERENCES "public"."service_bills"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_bill_shares" ADD CONSTRAINT "service_bill_shares_payment_id_fk" FOREIGN KEY ("tenant_id","payment_id") REFERENCES "public"."service_bill_payments"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_bill_shares" ADD CONSTRAINT "service_bill_shares_line_id_fk" FOREIGN KEY ("tenant_id","line_id") REFERENCES "public"."service_bill_lines"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_bills" ADD CONSTRAINT "service_bills_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_bills" ADD CONSTRAINT "service_bills_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_bills" ADD CONSTRAINT "service_bills_member_id_fk" FOREIGN KEY ("tenant_id","member_id") REFERENCES "public"."members"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_bills" ADD CONSTRAINT "service_bills_card_id_fk" FOREIGN KEY ("tenant_id","card_id") REFERENCES "public"."member_cards"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "service_bill_lines_tenant_bill_no" ON "service_bill_lines" USING btree ("tenant_id","bill_id","line_no");--> statement-breakpoint
CREATE INDEX "service_bill_payments_tenant_bill" ON "service_bill_payments" USING btree ("tenant_id","bill_id");--> statement-breakpoint
CREATE INDEX "service_bill_perf_tenant_bill" ON "service_bill_perf" USING btree ("tenant_id","bill_id","id");--> statement-breakpoint
CREATE INDEX "service_bill_perf_tenant_employee" ON "service_bill_perf" USING btree ("tenant_id","employee_id","business_date");--> statement-breakpoint
CREATE UNIQUE INDEX "service_bill_perf_tenant_reverses" ON "service_bill_perf" USING btree ("tenant_id","reverses_id");--> statement-breakpoint
CREATE INDEX "service_bill_shares_tenant_bill" ON "service_bill_shares" USING btree ("tenant_id","bill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_bills_tenant_bill_no" ON "service_bills" USING btree ("tenant_id","bill_no");--> statement-breakpoint
CREATE UNIQUE INDEX "service_bills_tenant_open_tag" ON "service_bills" USING btree ("tenant_id","shop_id","hand_tag") WHERE status = 1;--> statement-breakpoint
CREATE INDEX "service_bills_tenant_shop_date" ON "service_bills" USING btree ("tenant_id","shop_id","business_date","id");--> statement-breakpoint
CREATE INDEX "service_bills_tenant_status_date" ON "service_bills" USING btree ("tenant_id","status","business_date","id");