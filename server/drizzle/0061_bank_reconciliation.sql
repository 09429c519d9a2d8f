CREATE TABLE "bank_matches" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "bank_matches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"day" date NOT NULL,
	"type" smallint NOT NULL,
	"sys_amount" bigint NOT NULL,
	"lines_amount" bigint NOT NULL,
	"auto" boolean DEFAULT false NOT NULL,
	"created_by" bigint,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_matches_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "bank_statement_lines" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "bank_statement_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"day" date NOT NULL,
	"row_index" integer NOT NULL,
	"amount" bigint NOT NULL,
	"statement_amount" bigint NOT NULL,
	"pay_code" text NOT NULL,
	"memo" text,
	"input_type" smallint DEFAULT 1 NOT NULL,
	"split_from" bigint,
	"match_id" bigint,
	"created_by" bigint,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_statement_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "fund_redeposits" ADD COLUMN "is_fa" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fund_redeposits" ADD COLUMN "fa_memo" text;--> statement-breakpoint
ALTER TABLE "bank_matches" ADD CONSTRAINT "bank_matches_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_matches" ADD CONSTRAINT "bank_matches_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_match_id_fk" FOREIGN KEY ("tenant_id","match_id") REFERENCES "public"."bank_matches"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_matches_tenant_shop_day_type" ON "bank_matches" USING btree ("tenant_id","shop_id","day","type");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_tenant_shop_day" ON "bank_statement_lines" USING btree ("tenant_id","shop_id","day");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_tenant_match" ON "bank_statement_lines" USING btree ("tenant_id","match_id");