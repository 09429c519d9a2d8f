CREATE TABLE "card_balances" (
	"tenant_id" bigint NOT NULL,
	"card_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"bucket" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_balances_tenant_id_card_id_shop_id_bucket_pk" PRIMARY KEY("tenant_id","card_id","shop_id","bucket")
);
--> statement-breakpoint
CREATE TABLE "card_bills" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "card_bills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"bill_no" text NOT NULL,
	"kind" text NOT NULL,
	"card_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"to_member_id" bigint,
	"shop_id" bigint NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"principal_before" bigint NOT NULL,
	"gift_before" bigint NOT NULL,
	"principal_change" bigint NOT NULL,
	"gift_change" bigint NOT NULL,
	"principal_after" bigint NOT NULL,
	"gift_after" bigint NOT NULL,
	"memo" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_by" bigint,
	"revoked_at" timestamp with time zone,
	"revoke_memo" text,
	CONSTRAINT "card_bills_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "card_binding_logs" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "card_binding_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"card_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"action" text NOT NULL,
	"physical_no" text NOT NULL,
	"type" text,
	"reason" text NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_binding_logs_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "card_ledger" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "card_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"card_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"bucket" text NOT NULL,
	"delta" bigint NOT NULL,
	"balance" bigint NOT NULL,
	"doc_type" text NOT NULL,
	"bill_id" bigint NOT NULL,
	"line_id" bigint,
	"reverses_id" bigint,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_ledger_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "member_cards" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "member_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"card_no" text NOT NULL,
	"member_id" bigint NOT NULL,
	"card_type_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"opened_on" date NOT NULL,
	"expires_on" date,
	"status" smallint DEFAULT 1 NOT NULL,
	"service_discount" integer DEFAULT 0 NOT NULL,
	"product_discount" integer DEFAULT 0 NOT NULL,
	"electronic_no" text NOT NULL,
	"physical_no" text,
	"memo" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_cards_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "refund_lines" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "refund_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"refund_id" bigint NOT NULL,
	"card_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"principal" bigint NOT NULL,
	"gift" bigint NOT NULL,
	"card_bill_id" bigint NOT NULL,
	"closed_card" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "refund_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"bill_no" text NOT NULL,
	"member_id" bigint NOT NULL,
	"shop_id" bigint,
	"card_amount" bigint NOT NULL,
	"card_fee" bigint NOT NULL,
	"total_amount" bigint NOT NULL,
	"gift_written_off" bigint NOT NULL,
	"memo" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"tenant_id" bigint NOT NULL,
	"mobile" text NOT NULL,
	"code_hash" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"verified_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	CONSTRAINT "sms_codes_tenant_id_mobile_pk" PRIMARY KEY("tenant_id","mobile")
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "sms_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"mobile" text NOT NULL,
	"text" text NOT NULL,
	"provider" text NOT NULL,
	"state" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "sms_outbox_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "card_balances" ADD CONSTRAINT "card_balances_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_balances" ADD CONSTRAINT "card_balances_card_id_fk" FOREIGN KEY ("tenant_id","card_id") REFERENCES "public"."member_cards"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_balances" ADD CONSTRAINT "card_balances_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_bills" ADD CONSTRAINT "card_bills_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_bills" ADD CONSTRAINT "card_bills_card_id_fk" FOREIGN KEY ("tenant_id","card_id") REFERENCES "public"."member_cards"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_bills" ADD CONSTRAINT "card_bills_member_id_fk" FOREIGN KEY ("tenant_id","member_id") REFERENCES "public"."members"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_bills" ADD CONSTRAINT "card_bills_to_member_id_fk" FOREIGN KEY ("tenant_id","to_member_id") REFERENCES "public"."members"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_bills" ADD CONSTRAINT "card_bills_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_bills" ADD CONSTRAINT "card_bills_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_binding_logs" ADD CONSTRAINT "card_binding_logs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_binding_logs" ADD CONSTRAINT "card_binding_logs_card_id_fk" FOREIGN KEY ("tenant_id","card_id") REFERENCES "public"."member_cards"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_binding_logs" ADD CONSTRAINT "card_binding_logs_member_id_fk" FOREIGN KEY ("tenant_id","member_id") REFERENCES "public"."members"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_ledger" ADD CONSTRAINT "card_ledger_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_cards" ADD CONSTRAINT "member_cards_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_cards" ADD CONSTRAINT "member_cards_member_id_fk" FOREIGN KEY ("tenant_id","member_id") REFERENCES "public"."members"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_cards" ADD CONSTRAINT "member_cards_card_type_id_fk" FOREIGN KEY ("tenant_id","card_type_id") REFERENCES "public"."card_types"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_cards" ADD CONSTRAINT "member_cards_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_refund_id_fk" FOREIGN KEY ("tenant_id","refund_id") REFERENCES "public"."refunds"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_card_id_fk" FOREIGN KEY ("tenant_id","card_id") REFERENCES "public"."member_cards"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_card_bill_id_fk" FOREIGN KEY ("tenant_id","card_bill_id") REFERENCES "public"."card_bills"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_member_id_fk" FOREIGN KEY ("tenant_id","member_id") REFERENCES "public"."members"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_codes" ADD CONSTRAINT "sms_codes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_bills_tenant_bill_no" ON "card_bills" USING btree ("tenant_id","bill_no");--> statement-breakpoint
CREATE INDEX "card_bills_tenant_card" ON "card_bills" USING btree ("tenant_id","card_id","id");--> statement-breakpoint
CREATE INDEX "card_bills_tenant_member" ON "card_bills" USING btree ("tenant_id","member_id","id");--> statement-breakpoint
CREATE INDEX "card_binding_logs_tenant_member" ON "card_binding_logs" USING btree ("tenant_id","member_id","id");--> statement-breakpoint
CREATE INDEX "card_ledger_tenant_card" ON "card_ledger" USING btree ("tenant_id","card_id","shop_id","bucket","id");--> statement-breakpoint
CREATE INDEX "card_ledger_tenant_bill" ON "card_ledger" USING btree ("tenant_id","doc_type","bill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_cards_tenant_card_no" ON "member_cards" USING btree ("tenant_id","card_no");--> statement-breakpoint
CREATE UNIQUE INDEX "member_cards_tenant_physical_no" ON "member_cards" USING btree ("tenant_id","physical_no");--> statement-breakpoint
CREATE INDEX "member_cards_tenant_member" ON "member_cards" USING btree ("tenant_id","member_id");--> statement-breakpoint
CREATE INDEX "refund_lines_tenant_refund" ON "refund_lines" USING btree ("tenant_id","refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_tenant_bill_no" ON "refunds" USING btree ("tenant_id","bill_no");--> statement-breakpoint
CREATE INDEX "refunds_tenant_shop" ON "refunds" USING btree ("tenant_id","shop_id","id");--> statement-breakpoint
CREATE INDEX "refunds_tenant_member" ON "refunds" USING btree ("tenant_id","member_id");--> statement-breakpoint
CREATE INDEX "sms_outbox_tenant_created" ON "sms_outbox" USING btree ("tenant_id","id");