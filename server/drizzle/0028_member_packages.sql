CREATE TABLE "deposit_movements" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "deposit_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"deposit_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"num" integer NOT NULL,
	"shop_id" bigint NOT NULL,
	"refund_id" bigint,
	"memo" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_movements_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "deposits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"product_id" bigint,
	"product_code" text NOT NULL,
	"product_name" text NOT NULL,
	"total" integer NOT NULL,
	"remaining" integer NOT NULL,
	"price" bigint NOT NULL,
	"source" text NOT NULL,
	"source_bill_no" text,
	"memo" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposits_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "deposits_remaining_range" CHECK ("deposits"."remaining" >= 0 and "deposits"."remaining" <= "deposits"."total")
);
--> statement-breakpoint
CREATE TABLE "member_package_lines" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "member_package_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"member_package_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"item_type" smallint NOT NULL,
	"service_id" bigint,
	"product_id" bigint,
	"item_code" text NOT NULL,
	"item_name" text NOT NULL,
	"total" integer NOT NULL,
	"unit_price" bigint NOT NULL,
	"expires_on" date,
	"is_gift" smallint DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "member_package_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "member_packages" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "member_packages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"card_id" bigint,
	"package_id" bigint,
	"name" text NOT NULL,
	"shop_id" bigint NOT NULL,
	"sold_on" date NOT NULL,
	"bill_id" bigint,
	"memo" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_packages_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "package_balances" (
	"tenant_id" bigint NOT NULL,
	"package_line_id" bigint NOT NULL,
	"remaining" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "package_balances_tenant_id_package_line_id_pk" PRIMARY KEY("tenant_id","package_line_id")
);
--> statement-breakpoint
CREATE TABLE "package_bills" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "package_bills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"bill_no" text NOT NULL,
	"kind" text NOT NULL,
	"member_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"memo" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_by" bigint,
	"revoked_at" timestamp with time zone,
	"revoke_memo" text,
	CONSTRAINT "package_bills_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "package_extension_lines" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "package_extension_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"extension_id" bigint NOT NULL,
	"package_line_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"expiry_time" date,
	"nexpiry_time" date NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "package_extension_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "package_extensions" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "package_extensions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"bill_no" text NOT NULL,
	"shop_id" bigint,
	"bill_date" date NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"memo" text,
	"line_count" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_by_name" text,
	"audited_by" bigint,
	"audited_by_name" text,
	"audited_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "package_extensions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "package_ledger" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "package_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"package_line_id" bigint NOT NULL,
	"delta" integer NOT NULL,
	"balance" integer NOT NULL,
	"doc_type" text NOT NULL,
	"bill_id" bigint NOT NULL,
	"line_id" bigint,
	"reverses_id" bigint,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "package_ledger_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "refund_package_lines" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "refund_package_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"refund_id" bigint NOT NULL,
	"package_line_id" bigint NOT NULL,
	"num" integer NOT NULL,
	"unit_price" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"package_bill_id" bigint NOT NULL,
	CONSTRAINT "refund_package_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "refund_product_lines" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "refund_product_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"refund_id" bigint NOT NULL,
	"deposit_id" bigint NOT NULL,
	"num" integer NOT NULL,
	"price" bigint NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "refund_product_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "package_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "package_fee" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "product_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "product_fee" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deposit_movements" ADD CONSTRAINT "deposit_movements_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_movements" ADD CONSTRAINT "deposit_movements_deposit_id_fk" FOREIGN KEY ("tenant_id","deposit_id") REFERENCES "public"."deposits"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_movements" ADD CONSTRAINT "deposit_movements_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_movements" ADD CONSTRAINT "deposit_movements_refund_id_fk" FOREIGN KEY ("tenant_id","refund_id") REFERENCES "public"."refunds"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_member_id_fk" FOREIGN KEY ("tenant_id","member_id") REFERENCES "public"."members"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_package_lines" ADD CONSTRAINT "member_package_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_package_lines" ADD CONSTRAINT "member_package_lines_member_package_id_fk" FOREIGN KEY ("tenant_id","member_package_id") REFERENCES "public"."member_packages"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_package_lines" ADD CONSTRAINT "member_package_lines_member_id_fk" FOREIGN KEY ("tenant_id","member_id") REFERENCES "public"."members"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_packages" ADD CONSTRAINT "member_packages_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_packages" ADD CONSTRAINT "member_packages_member_id_fk" FOREIGN KEY ("tenant_id","member_id") REFERENCES "public"."members"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_packages" ADD CONSTRAINT "member_packages_card_id_fk" FOREIGN KEY ("tenant_id","card_id") REFERENCES "public"."member_cards"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_packages" ADD CONSTRAINT "member_packages_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_balances" ADD CONSTRAINT "package_balances_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_balances" ADD CONSTRAINT "package_balances_package_line_id_fk" FOREIGN KEY ("tenant_id","package_line_id") REFERENCES "public"."member_package_lines"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_bills" ADD CONSTRAINT "package_bills_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_bills" ADD CONSTRAINT "package_bills_member_id_fk" FOREIGN KEY ("tenant_id","member_id") REFERENCES "public"."members"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_bills" ADD CONSTRAINT "package_bills_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_bills" ADD CONSTRAINT "package_bills_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_extension_lines" ADD CONSTRAINT "package_extension_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_extension_lines" ADD CONSTRAINT "package_extension_lines_extension_id_fk" FOREIGN KEY ("tenant_id","extension_id") REFERENCES "public"."package_extensions"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_extension_lines" ADD CONSTRAINT "package_extension_lines_package_line_id_fk" FOREIGN KEY ("tenant_id","package_line_id") REFERENCES "public"."member_package_lines"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_extension_lines" ADD CONSTRAINT "package_extension_lines_member_id_fk" FOREIGN KEY ("tenant_id","member_id") REFERENCES "public"."members"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_extensions" ADD CONSTRAINT "package_extensions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_extensions" ADD CONSTRAINT "package_extensions_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_ledger" ADD CONSTRAINT "package_ledger_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_package_lines" ADD CONSTRAINT "refund_package_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_package_lines" ADD CONSTRAINT "refund_package_lines_refund_id_fk" FOREIGN KEY ("tenant_id","refund_id") REFERENCES "public"."refunds"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_package_lines" ADD CONSTRAINT "refund_package_lines_package_line_id_fk" FOREIGN KEY ("tenant_id","package_line_id") REFERENCES "public"."member_package_lines"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_package_lines" ADD CONSTRAINT "refund_package_lines_package_bill_id_fk" FOREIGN KEY ("tenant_id","package_bill_id") REFERENCES "public"."package_bills"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_product_lines" ADD CONSTRAINT "refund_product_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_product_lines" ADD CONSTRAINT "refund_product_lines_refund_id_fk" FOREIGN KEY ("tenant_id","refund_id") REFERENCES "public"."refunds"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_product_lines" ADD CONSTRAINT "refund_product_lines_deposit_id_fk" FOREIGN KEY ("tenant_id","deposit_id") REFERENCES "public"."deposits"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposit_movements_tenant_deposit" ON "deposit_movements" USING btree ("tenant_id","deposit_id","id");--> statement-breakpoint
CREATE INDEX "deposits_tenant_member" ON "deposits" USING btree ("tenant_id","member_id","id");--> statement-breakpoint
CREATE INDEX "deposits_tenant_shop" ON "deposits" USING btree ("tenant_id","shop_id","id");--> statement-breakpoint
CREATE INDEX "member_package_lines_tenant_package" ON "member_package_lines" USING btree ("tenant_id","member_package_id");--> statement-breakpoint
CREATE INDEX "member_package_lines_tenant_member" ON "member_package_lines" USING btree ("tenant_id","member_id","id");--> statement-breakpoint
CREATE INDEX "member_packages_tenant_member" ON "member_packages" USING btree ("tenant_id","member_id","id");--> statement-breakpoint
CREATE INDEX "member_packages_tenant_shop" ON "member_packages" USING btree ("tenant_id","shop_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "package_bills_tenant_bill_no" ON "package_bills" USING btree ("tenant_id","bill_no");--> statement-breakpoint
CREATE INDEX "package_bills_tenant_member" ON "package_bills" USING btree ("tenant_id","member_id","id");--> statement-breakpoint
CREATE INDEX "package_extension_lines_tenant_bill" ON "package_extension_lines" USING btree ("tenant_id","extension_id");--> statement-breakpoint
CREATE UNIQUE INDEX "package_extensions_tenant_bill_no" ON "package_extensions" USING btree ("tenant_id","bill_no");--> statement-breakpoint
CREATE INDEX "package_extensions_tenant_date" ON "package_extensions" USING btree ("tenant_id","bill_date","id");--> statement-breakpoint
CREATE INDEX "package_ledger_tenant_line" ON "package_ledger" USING btree ("tenant_id","package_line_id","id");--> statement-breakpoint
CREATE INDEX "package_ledger_tenant_bill" ON "package_ledger" USING btree ("tenant_id","doc_type","bill_id");--> statement-breakpoint
CREATE INDEX "refund_package_lines_tenant_refund" ON "refund_package_lines" USING btree ("tenant_id","refund_id");--> statement-breakpoint
CREATE INDEX "refund_product_lines_tenant_refund" ON "refund_product_lines" USING btree ("tenant_id","refund_id");