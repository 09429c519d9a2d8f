CREATE TABLE "unionpay_accounts" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "unionpay_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
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
	"bc_merchant_code" text,
	"bc_terminal_code" text,
	"cb_merchant_code" text,
	"cb_terminal_code" text,
	"pub_bc_merchant_code" text,
	"pub_bc_terminal_code" text,
	"pub_cb_merchant_code" text,
	"pub_cb_terminal_code" text,
	"limit_money" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "unionpay_accounts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "unionpay_accounts" ADD CONSTRAINT "unionpay_accounts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unionpay_accounts" ADD CONSTRAINT "unionpay_accounts_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "unionpay_accounts_tenant_code" ON "unionpay_accounts" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "unionpay_accounts_tenant_shop" ON "unionpay_accounts" USING btree ("tenant_id","shop_id");