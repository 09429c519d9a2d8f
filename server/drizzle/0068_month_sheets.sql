CREATE TABLE "month_sheet_columns" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "month_sheet_columns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"memo" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"type" smallint DEFAULT 1 NOT NULL,
	CONSTRAINT "month_sheet_columns_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "shop_month_losses" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "shop_month_losses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"ks" bigint DEFAULT 0 NOT NULL,
	"orgjkyl" bigint DEFAULT 0 NOT NULL,
	"shopjk" bigint DEFAULT 0 NOT NULL,
	"jfxj" bigint DEFAULT 0 NOT NULL,
	"gcjk" bigint DEFAULT 0 NOT NULL,
	"wfgz" bigint DEFAULT 0 NOT NULL,
	"fzqk" bigint DEFAULT 0 NOT NULL,
	"totalks" bigint DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_month_losses_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "shop_month_sheets" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "shop_month_sheets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"yearmonth" text NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"memo" text,
	"created_by" bigint,
	"created_by_name" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_month_sheets_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "month_sheet_columns" ADD CONSTRAINT "month_sheet_columns_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_month_losses" ADD CONSTRAINT "shop_month_losses_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_month_losses" ADD CONSTRAINT "shop_month_losses_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_month_sheets" ADD CONSTRAINT "shop_month_sheets_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_month_sheets" ADD CONSTRAINT "shop_month_sheets_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "month_sheet_columns_tenant_code" ON "month_sheet_columns" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_month_losses_tenant_shop_month" ON "shop_month_losses" USING btree ("tenant_id","shop_id","year","month");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_month_sheets_tenant_shop_month" ON "shop_month_sheets" USING btree ("tenant_id","shop_id","yearmonth");