CREATE TABLE "fund_travels" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "fund_travels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"memo" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"shop_id" bigint NOT NULL,
	"traveller" text NOT NULL,
	"id_name" text,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"reimbursed" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "fund_travels_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "fund_travels" ADD CONSTRAINT "fund_travels_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_travels" ADD CONSTRAINT "fund_travels_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fund_travels_tenant_code" ON "fund_travels" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "fund_travels_tenant_shop_start" ON "fund_travels" USING btree ("tenant_id","shop_id","start_date");