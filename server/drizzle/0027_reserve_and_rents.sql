CREATE TABLE "dorm_rates" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "dorm_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"rate" integer DEFAULT 0 NOT NULL,
	"memo" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dorm_rates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "rent_contracts" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "rent_contracts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"shop_id" bigint NOT NULL,
	"landlord_id" bigint,
	"landlord_name" text,
	"payee" text,
	"bank" text,
	"bankno" text,
	"tel" text,
	"address" text,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"cycle" text NOT NULL,
	"total_money" bigint NOT NULL,
	"deposit" bigint DEFAULT 0 NOT NULL,
	"first_period_free" smallint DEFAULT 0 NOT NULL,
	"increase_rate" integer DEFAULT 0 NOT NULL,
	"rent_type" smallint DEFAULT 1 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"paid_to" date,
	"memo" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rent_contracts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "rent_payment_lines" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "rent_payment_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"payment_id" bigint NOT NULL,
	"reserve_type_id" bigint NOT NULL,
	"money" bigint NOT NULL,
	"balance_before" bigint,
	"balance_after" bigint,
	"memo" text,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rent_payment_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "rent_payments" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "rent_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"bill_no" text NOT NULL,
	"shop_id" bigint NOT NULL,
	"contract_id" bigint NOT NULL,
	"bill_date" date NOT NULL,
	"period_from" integer NOT NULL,
	"period_to" integer NOT NULL,
	"total_money" bigint DEFAULT 0 NOT NULL,
	"sum_type" smallint DEFAULT 1 NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"memo" text,
	"reject_memo" text,
	"created_by" bigint,
	"created_by_name" text,
	"audited_by" bigint,
	"audited_by_name" text,
	"audited_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rent_payments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "rent_periods" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "rent_periods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"contract_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"due_date" date NOT NULL,
	"amount" bigint NOT NULL,
	"payment_id" bigint,
	CONSTRAINT "rent_periods_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "reserve_balances" (
	"tenant_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"reserve_type_id" bigint NOT NULL,
	"money" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reserve_balances_tenant_id_shop_id_reserve_type_id_pk" PRIMARY KEY("tenant_id","shop_id","reserve_type_id")
);
--> statement-breakpoint
CREATE TABLE "reserve_bill_lines" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "reserve_bill_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"bill_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"reserve_type_id" bigint NOT NULL,
	"to_reserve_type_id" bigint,
	"spend_item_id" bigint,
	"money" bigint NOT NULL,
	"balance_before" bigint,
	"balance_after" bigint,
	"memo" text,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "reserve_bill_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "reserve_bills" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "reserve_bills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"bill_no" text NOT NULL,
	"shop_id" bigint,
	"bill_date" date NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"total_money" bigint DEFAULT 0 NOT NULL,
	"memo" text,
	"reject_memo" text,
	"created_by" bigint,
	"created_by_name" text,
	"audited_by" bigint,
	"audited_by_name" text,
	"audited_at" timestamp with time zone,
	"reviewed_by" bigint,
	"reviewed_by_name" text,
	"reviewed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reserve_bills_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "reserve_ledger" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "reserve_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"reserve_type_id" bigint NOT NULL,
	"delta" bigint NOT NULL,
	"balance" bigint NOT NULL,
	"doc_type" text NOT NULL,
	"bill_id" bigint NOT NULL,
	"line_id" bigint,
	"reverses_id" bigint,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reserve_ledger_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "dorm_rates" ADD CONSTRAINT "dorm_rates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dorm_rates" ADD CONSTRAINT "dorm_rates_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_contracts" ADD CONSTRAINT "rent_contracts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_contracts" ADD CONSTRAINT "rent_contracts_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_contracts" ADD CONSTRAINT "rent_contracts_landlord_id_fk" FOREIGN KEY ("tenant_id","landlord_id") REFERENCES "public"."landlords"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_payment_lines" ADD CONSTRAINT "rent_payment_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_payment_lines" ADD CONSTRAINT "rent_payment_lines_payment_fk" FOREIGN KEY ("tenant_id","payment_id") REFERENCES "public"."rent_payments"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_payment_lines" ADD CONSTRAINT "rent_payment_lines_reserve_type_id_fk" FOREIGN KEY ("tenant_id","reserve_type_id") REFERENCES "public"."reserve_types"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_payments" ADD CONSTRAINT "rent_payments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_payments" ADD CONSTRAINT "rent_payments_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_payments" ADD CONSTRAINT "rent_payments_contract_id_fk" FOREIGN KEY ("tenant_id","contract_id") REFERENCES "public"."rent_contracts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_periods" ADD CONSTRAINT "rent_periods_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_periods" ADD CONSTRAINT "rent_periods_contract_fk" FOREIGN KEY ("tenant_id","contract_id") REFERENCES "public"."rent_contracts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserve_balances" ADD CONSTRAINT "reserve_balances_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserve_balances" ADD CONSTRAINT "reserve_balances_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserve_balances" ADD CONSTRAINT "reserve_balances_reserve_type_id_fk" FOREIGN KEY ("tenant_id","reserve_type_id") REFERENCES "public"."reserve_types"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserve_bill_lines" ADD CONSTRAINT "reserve_bill_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserve_bill_lines" ADD CONSTRAINT "reserve_bill_lines_bill_fk" FOREIGN KEY ("tenant_id","bill_id") REFERENCES "public"."reserve_bills"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserve_bill_lines" ADD CONSTRAINT "reserve_bill_lines_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserve_bill_lines" ADD CONSTRAINT "reserve_bill_lines_reserve_type_id_fk" FOREIGN KEY ("tenant_id","reserve_type_id") REFERENCES "public"."reserve_types"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserve_bill_lines" ADD CONSTRAINT "reserve_bill_lines_to_reserve_type_id_fk" FOREIGN KEY ("tenant_id","to_reserve_type_id") REFERENCES "public"."reserve_types"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserve_bill_lines" ADD CONSTRAINT "reserve_bill_lines_spend_item_id_fk" FOREIGN KEY ("tenant_id","spend_item_id") REFERENCES "public"."reserve_spend_items"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserve_bills" ADD CONSTRAINT "reserve_bills_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserve_bills" ADD CONSTRAINT "reserve_bills_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserve_ledger" ADD CONSTRAINT "reserve_ledger_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dorm_rates_tenant_shop" ON "dorm_rates" USING btree ("tenant_id","shop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rent_contracts_tenant_code" ON "rent_contracts" USING btree ("tenant_id","kind","code");--> statement-breakpoint
CREATE INDEX "rent_contracts_tenant_shop" ON "rent_contracts" USING btree ("tenant_id","shop_id");--> statement-breakpoint
CREATE INDEX "rent_contracts_tenant_bankno" ON "rent_contracts" USING btree ("tenant_id","bankno");--> statement-breakpoint
CREATE INDEX "rent_payment_lines_tenant_payment" ON "rent_payment_lines" USING btree ("tenant_id","payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rent_payments_tenant_bill_no" ON "rent_payments" USING btree ("tenant_id","bill_no");--> statement-breakpoint
CREATE INDEX "rent_payments_tenant_kind_date" ON "rent_payments" USING btree ("tenant_id","kind","bill_date","id");--> statement-breakpoint
CREATE INDEX "rent_payments_tenant_contract" ON "rent_payments" USING btree ("tenant_id","contract_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rent_periods_tenant_contract_seq" ON "rent_periods" USING btree ("tenant_id","contract_id","seq");--> statement-breakpoint
CREATE INDEX "rent_periods_tenant_due" ON "rent_periods" USING btree ("tenant_id","due_date");--> statement-breakpoint
CREATE INDEX "reserve_balances_tenant_type" ON "reserve_balances" USING btree ("tenant_id","reserve_type_id");--> statement-breakpoint
CREATE INDEX "reserve_bill_lines_tenant_bill" ON "reserve_bill_lines" USING btree ("tenant_id","bill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reserve_bills_tenant_bill_no" ON "reserve_bills" USING btree ("tenant_id","bill_no");--> statement-breakpoint
CREATE INDEX "reserve_bills_tenant_kind_date" ON "reserve_bills" USING btree ("tenant_id","kind","bill_date","id");--> statement-breakpoint
CREATE INDEX "reserve_bills_tenant_shop" ON "reserve_bills" USING btree ("tenant_id","shop_id");--> statement-breakpoint
CREATE INDEX "reserve_ledger_tenant_key" ON "reserve_ledger" USING btree ("tenant_id","shop_id","reserve_type_id","id");--> statement-breakpoint
CREATE INDEX "reserve_ledger_tenant_bill" ON "reserve_ledger" USING btree ("tenant_id","doc_type","bill_id");