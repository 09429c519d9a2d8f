CREATE TABLE "card_refund_bills" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "card_refund_bills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"bill_no" text NOT NULL,
	"shop_id" bigint NOT NULL,
	"bill_date" date NOT NULL,
	"member_id" bigint NOT NULL,
	"is_kd" boolean DEFAULT false NOT NULL,
	"tkattr" smallint NOT NULL,
	"tkcontent" text NOT NULL,
	"tkname" text NOT NULL,
	"tkmobile" text NOT NULL,
	"tktype" smallint NOT NULL,
	"reserve_type_id" bigint,
	"target_card_id" bigint,
	"payee" text,
	"bank" text,
	"bankno" text,
	"hstkattr" smallint,
	"hstkcontent" text,
	"hsmemo" text,
	"free_card" bigint DEFAULT 0 NOT NULL,
	"free_package" bigint DEFAULT 0 NOT NULL,
	"free_product" bigint DEFAULT 0 NOT NULL,
	"autokcard" boolean DEFAULT false NOT NULL,
	"card_money" bigint DEFAULT 0 NOT NULL,
	"package_money" bigint DEFAULT 0 NOT NULL,
	"product_money" bigint DEFAULT 0 NOT NULL,
	"gift_money" bigint DEFAULT 0 NOT NULL,
	"total_money" bigint DEFAULT 0 NOT NULL,
	"refund_id" bigint,
	"credit_bill_id" bigint,
	"state" text DEFAULT 'draft' NOT NULL,
	"reject_memo" text,
	"audited_by" bigint,
	"audited_by_name" text,
	"audited_at" timestamp with time zone,
	"reviewed_by" bigint,
	"reviewed_by_name" text,
	"reviewed_at" timestamp with time zone,
	"memo" text,
	"created_by" bigint,
	"created_by_name" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_refund_bills_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "card_refund_lines" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "card_refund_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"bill_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"card_id" bigint,
	"bucket_shop_id" bigint,
	"tkje" bigint DEFAULT 0 NOT NULL,
	"tzje" bigint DEFAULT 0 NOT NULL,
	"package_line_id" bigint,
	"deposit_id" bigint,
	"num" integer DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "card_refund_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "card_refund_bills" ADD CONSTRAINT "card_refund_bills_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_refund_bills" ADD CONSTRAINT "card_refund_bills_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_refund_bills" ADD CONSTRAINT "card_refund_bills_member_id_fk" FOREIGN KEY ("tenant_id","member_id") REFERENCES "public"."members"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_refund_bills" ADD CONSTRAINT "card_refund_bills_reserve_type_id_fk" FOREIGN KEY ("tenant_id","reserve_type_id") REFERENCES "public"."reserve_types"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_refund_bills" ADD CONSTRAINT "card_refund_bills_target_card_id_fk" FOREIGN KEY ("tenant_id","target_card_id") REFERENCES "public"."member_cards"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_refund_bills" ADD CONSTRAINT "card_refund_bills_refund_id_fk" FOREIGN KEY ("tenant_id","refund_id") REFERENCES "public"."refunds"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_refund_lines" ADD CONSTRAINT "card_refund_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_refund_lines" ADD CONSTRAINT "card_refund_lines_bill_id_fk" FOREIGN KEY ("tenant_id","bill_id") REFERENCES "public"."card_refund_bills"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_refund_lines" ADD CONSTRAINT "card_refund_lines_card_id_fk" FOREIGN KEY ("tenant_id","card_id") REFERENCES "public"."member_cards"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_refund_lines" ADD CONSTRAINT "card_refund_lines_bucket_shop_id_fk" FOREIGN KEY ("tenant_id","bucket_shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_refund_lines" ADD CONSTRAINT "card_refund_lines_package_line_id_fk" FOREIGN KEY ("tenant_id","package_line_id") REFERENCES "public"."member_package_lines"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_refund_lines" ADD CONSTRAINT "card_refund_lines_deposit_id_fk" FOREIGN KEY ("tenant_id","deposit_id") REFERENCES "public"."deposits"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_refund_bills_tenant_bill_no" ON "card_refund_bills" USING btree ("tenant_id","bill_no");--> statement-breakpoint
CREATE INDEX "card_refund_bills_tenant_date" ON "card_refund_bills" USING btree ("tenant_id","bill_date","id");--> statement-breakpoint
CREATE INDEX "card_refund_bills_tenant_state_total" ON "card_refund_bills" USING btree ("tenant_id","state","total_money");--> statement-breakpoint
CREATE INDEX "card_refund_lines_tenant_bill" ON "card_refund_lines" USING btree ("tenant_id","bill_id","sort");