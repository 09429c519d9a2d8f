CREATE TABLE "offline_refund_photos" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "offline_refund_photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"bill_id" bigint NOT NULL,
	"url" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "offline_refund_photos_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "offline_refunds" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "offline_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"bill_no" text NOT NULL,
	"shop_id" bigint NOT NULL,
	"bill_date" date NOT NULL,
	"mem_type" smallint NOT NULL,
	"member_id" bigint,
	"serve_type" text NOT NULL,
	"tk_billcode" text,
	"tk_money" bigint NOT NULL,
	"tk_name" text NOT NULL,
	"tk_mobile" text NOT NULL,
	"tk_attr" smallint NOT NULL,
	"tk_content" text NOT NULL,
	"reserve_type_id" bigint NOT NULL,
	"pay_type" smallint NOT NULL,
	"payee" text,
	"bank" text,
	"bankno" text,
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
	CONSTRAINT "offline_refunds_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "card_refund_visit_calls" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "card_refund_visit_calls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"bill_id" bigint NOT NULL,
	"hf_time" date NOT NULL,
	"hf_by" text,
	"finding" smallint NOT NULL,
	"satisfaction" smallint,
	"memo" text,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "card_refund_visit_calls_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "card_refund_visits" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "card_refund_visits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"bill_no" text NOT NULL,
	"shop_id" bigint NOT NULL,
	"bill_date" date NOT NULL,
	"refund_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"hstkattr" smallint,
	"hsmemo" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"visited_by" bigint,
	"visited_by_name" text,
	"visited_at" timestamp with time zone,
	"created_by" bigint,
	"created_by_name" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_refund_visits_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "offline_refund_photos" ADD CONSTRAINT "offline_refund_photos_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_refund_photos" ADD CONSTRAINT "offline_refund_photos_bill_id_fk" FOREIGN KEY ("tenant_id","bill_id") REFERENCES "public"."offline_refunds"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_refunds" ADD CONSTRAINT "offline_refunds_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_refunds" ADD CONSTRAINT "offline_refunds_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_refunds" ADD CONSTRAINT "offline_refunds_member_id_fk" FOREIGN KEY ("tenant_id","member_id") REFERENCES "public"."members"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_refunds" ADD CONSTRAINT "offline_refunds_reserve_type_id_fk" FOREIGN KEY ("tenant_id","reserve_type_id") REFERENCES "public"."reserve_types"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_refund_visit_calls" ADD CONSTRAINT "card_refund_visit_calls_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_refund_visit_calls" ADD CONSTRAINT "card_refund_visit_calls_bill_id_fk" FOREIGN KEY ("tenant_id","bill_id") REFERENCES "public"."card_refund_visits"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_refund_visits" ADD CONSTRAINT "card_refund_visits_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_refund_visits" ADD CONSTRAINT "card_refund_visits_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_refund_visits" ADD CONSTRAINT "card_refund_visits_refund_id_fk" FOREIGN KEY ("tenant_id","refund_id") REFERENCES "public"."card_refund_bills"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_refund_visits" ADD CONSTRAINT "card_refund_visits_member_id_fk" FOREIGN KEY ("tenant_id","member_id") REFERENCES "public"."members"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offline_refund_photos_tenant_bill" ON "offline_refund_photos" USING btree ("tenant_id","bill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offline_refunds_tenant_bill_no" ON "offline_refunds" USING btree ("tenant_id","bill_no");--> statement-breakpoint
CREATE INDEX "offline_refunds_tenant_date" ON "offline_refunds" USING btree ("tenant_id","bill_date","id");--> statement-breakpoint
CREATE INDEX "card_refund_visit_calls_tenant_bill" ON "card_refund_visit_calls" USING btree ("tenant_id","bill_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "card_refund_visits_tenant_bill_no" ON "card_refund_visits" USING btree ("tenant_id","bill_no");--> statement-breakpoint
CREATE INDEX "card_refund_visits_tenant_date" ON "card_refund_visits" USING btree ("tenant_id","bill_date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_refund_visits_tenant_open_refund" ON "card_refund_visits" USING btree ("tenant_id","refund_id") WHERE state <> 'voided';