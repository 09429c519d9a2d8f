CREATE TABLE "card_dispatch_lines" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "card_dispatch_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"dispatch_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"start_no" text NOT NULL,
	"end_no" text NOT NULL,
	"count" integer NOT NULL,
	"memo" text,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "card_dispatch_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "card_dispatches" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "card_dispatches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"bill_no" text NOT NULL,
	"shop_id" bigint,
	"bill_date" date NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"memo" text,
	"total_count" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_by_name" text,
	"audited_by" bigint,
	"audited_by_name" text,
	"audited_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_dispatches_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "mkt_activities" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "mkt_activities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"brand_id" bigint,
	"kind" smallint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"shop_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"use_shop_type" smallint DEFAULT 1 NOT NULL,
	"perf_discount" integer DEFAULT 10000 NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"times_per_member" integer,
	"combinable" smallint DEFAULT 1 NOT NULL,
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"memo" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mkt_activities_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "coupons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"brand_id" bigint,
	"coupon_type" smallint NOT NULL,
	"value" bigint NOT NULL,
	"min_spend" bigint DEFAULT 0 NOT NULL,
	"usable_on" jsonb DEFAULT '["service","product","package"]'::jsonb NOT NULL,
	"is_online" smallint DEFAULT 0 NOT NULL,
	"time_type" smallint DEFAULT 2 NOT NULL,
	"start_date" date,
	"end_date" date,
	"valid_days" integer,
	"combinable" smallint DEFAULT 0 NOT NULL,
	"perf_subsidy" smallint DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"memo" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "red_envelopes" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "red_envelopes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"money" bigint NOT NULL,
	"many_times" smallint DEFAULT 0 NOT NULL,
	"is_online" smallint DEFAULT 0 NOT NULL,
	"time_type" smallint DEFAULT 2 NOT NULL,
	"start_date" date,
	"end_date" date,
	"valid_days" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"memo" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "red_envelopes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "card_systems" ADD COLUMN "sort" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "card_dispatch_lines" ADD CONSTRAINT "card_dispatch_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_dispatch_lines" ADD CONSTRAINT "card_dispatch_lines_dispatch_id_fk" FOREIGN KEY ("tenant_id","dispatch_id") REFERENCES "public"."card_dispatches"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_dispatch_lines" ADD CONSTRAINT "card_dispatch_lines_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_dispatches" ADD CONSTRAINT "card_dispatches_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_dispatches" ADD CONSTRAINT "card_dispatches_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mkt_activities" ADD CONSTRAINT "mkt_activities_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mkt_activities" ADD CONSTRAINT "mkt_activities_brand_id_fk" FOREIGN KEY ("tenant_id","brand_id") REFERENCES "public"."brands"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_brand_id_fk" FOREIGN KEY ("tenant_id","brand_id") REFERENCES "public"."brands"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_envelopes" ADD CONSTRAINT "red_envelopes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_dispatch_lines_tenant_dispatch" ON "card_dispatch_lines" USING btree ("tenant_id","dispatch_id");--> statement-breakpoint
CREATE INDEX "card_dispatch_lines_tenant_range" ON "card_dispatch_lines" USING btree ("tenant_id","start_no","end_no");--> statement-breakpoint
CREATE UNIQUE INDEX "card_dispatches_tenant_bill_no" ON "card_dispatches" USING btree ("tenant_id","bill_no");--> statement-breakpoint
CREATE INDEX "card_dispatches_tenant_date" ON "card_dispatches" USING btree ("tenant_id","bill_date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "mkt_activities_tenant_code" ON "mkt_activities" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "mkt_activities_tenant_status" ON "mkt_activities" USING btree ("tenant_id","status","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_tenant_code" ON "coupons" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "red_envelopes_tenant_code" ON "red_envelopes" USING btree ("tenant_id","code");