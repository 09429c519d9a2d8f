CREATE TABLE "coop_bill_lines" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "coop_bill_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"bill_id" bigint NOT NULL,
	"rq" date NOT NULL,
	"shop_id" bigint NOT NULL,
	"coop_item_id" bigint NOT NULL,
	"money" bigint NOT NULL,
	"shop_rate" numeric(5, 2) NOT NULL,
	"smoney" bigint NOT NULL,
	"rmoney" bigint NOT NULL,
	"memo" text,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "coop_bill_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "coop_bills" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "coop_bills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"bill_no" text NOT NULL,
	"shop_id" bigint,
	"bill_date" date NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"total_money" bigint DEFAULT 0 NOT NULL,
	"total_smoney" bigint DEFAULT 0 NOT NULL,
	"memo" text,
	"created_by" bigint,
	"created_by_name" text,
	"audited_by" bigint,
	"audited_by_name" text,
	"audited_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coop_bills_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "cooperate_items" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "cooperate_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"memo" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"shop_rate" numeric(5, 2) DEFAULT 0 NOT NULL,
	"staff_rate" numeric(5, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "cooperate_items_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "dj_amounts" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "dj_amounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"dj_item_id" bigint NOT NULL,
	"day" date NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dj_amounts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "dj_bill_lines" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "dj_bill_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"bill_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"dj_item_id" bigint NOT NULL,
	"smoney" bigint DEFAULT 0 NOT NULL,
	"umoney" bigint NOT NULL,
	"rmoney" bigint DEFAULT 0 NOT NULL,
	"memo" text,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dj_bill_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "dj_bills" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "dj_bills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"bill_no" text NOT NULL,
	"shop_id" bigint,
	"rq" date NOT NULL,
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
	CONSTRAINT "dj_bills_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "dj_items" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "dj_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"memo" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"colname" text NOT NULL,
	"is_bk" smallint DEFAULT 0 NOT NULL,
	"direction" smallint DEFAULT 1 NOT NULL,
	"is_dkdj" smallint DEFAULT 1 NOT NULL,
	"type" smallint DEFAULT 1 NOT NULL,
	CONSTRAINT "dj_items_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "coop_bill_lines" ADD CONSTRAINT "coop_bill_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coop_bill_lines" ADD CONSTRAINT "coop_bill_lines_bill_fk" FOREIGN KEY ("tenant_id","bill_id") REFERENCES "public"."coop_bills"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coop_bill_lines" ADD CONSTRAINT "coop_bill_lines_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coop_bill_lines" ADD CONSTRAINT "coop_bill_lines_coop_item_id_fk" FOREIGN KEY ("tenant_id","coop_item_id") REFERENCES "public"."cooperate_items"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coop_bills" ADD CONSTRAINT "coop_bills_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cooperate_items" ADD CONSTRAINT "cooperate_items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dj_amounts" ADD CONSTRAINT "dj_amounts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dj_amounts" ADD CONSTRAINT "dj_amounts_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dj_amounts" ADD CONSTRAINT "dj_amounts_dj_item_id_fk" FOREIGN KEY ("tenant_id","dj_item_id") REFERENCES "public"."dj_items"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dj_bill_lines" ADD CONSTRAINT "dj_bill_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dj_bill_lines" ADD CONSTRAINT "dj_bill_lines_bill_fk" FOREIGN KEY ("tenant_id","bill_id") REFERENCES "public"."dj_bills"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dj_bill_lines" ADD CONSTRAINT "dj_bill_lines_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dj_bill_lines" ADD CONSTRAINT "dj_bill_lines_dj_item_id_fk" FOREIGN KEY ("tenant_id","dj_item_id") REFERENCES "public"."dj_items"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dj_bills" ADD CONSTRAINT "dj_bills_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dj_items" ADD CONSTRAINT "dj_items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coop_bill_lines_tenant_bill" ON "coop_bill_lines" USING btree ("tenant_id","bill_id");--> statement-breakpoint
CREATE INDEX "coop_bill_lines_tenant_shop_rq" ON "coop_bill_lines" USING btree ("tenant_id","shop_id","rq");--> statement-breakpoint
CREATE UNIQUE INDEX "coop_bills_tenant_bill_no" ON "coop_bills" USING btree ("tenant_id","bill_no");--> statement-breakpoint
CREATE INDEX "coop_bills_tenant_date" ON "coop_bills" USING btree ("tenant_id","bill_date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cooperate_items_tenant_code" ON "cooperate_items" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "dj_amounts_tenant_shop_day_item" ON "dj_amounts" USING btree ("tenant_id","shop_id","day","dj_item_id");--> statement-breakpoint
CREATE INDEX "dj_bill_lines_tenant_bill" ON "dj_bill_lines" USING btree ("tenant_id","bill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dj_bills_tenant_bill_no" ON "dj_bills" USING btree ("tenant_id","bill_no");--> statement-breakpoint
CREATE INDEX "dj_bills_tenant_rq" ON "dj_bills" USING btree ("tenant_id","rq","id");--> statement-breakpoint
CREATE UNIQUE INDEX "dj_items_tenant_code" ON "dj_items" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "dj_items_tenant_colname" ON "dj_items" USING btree ("tenant_id","colname");