CREATE TABLE "accounting_push_logs" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "accounting_push_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"outbox_id" bigint NOT NULL,
	"adapter" text NOT NULL,
	"ok" smallint NOT NULL,
	"message" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_push_logs_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "accounting_outbox" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "accounting_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"doc_type" text NOT NULL,
	"bill_id" bigint NOT NULL,
	"bill_no" text NOT NULL,
	"action" text NOT NULL,
	"shop_id" bigint,
	"business_date" date NOT NULL,
	"year_month" text NOT NULL,
	"amount" bigint NOT NULL,
	"is_hc" smallint DEFAULT 0 NOT NULL,
	"reverses_id" bigint,
	"is_ts" smallint DEFAULT 0 NOT NULL,
	"job_count" integer DEFAULT 0 NOT NULL,
	"job_log" text,
	"next_try_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pushed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_outbox_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "accounting_push_logs" ADD CONSTRAINT "accounting_push_logs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_push_logs" ADD CONSTRAINT "accounting_push_logs_outbox_id_fk" FOREIGN KEY ("tenant_id","outbox_id") REFERENCES "public"."accounting_outbox"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_outbox" ADD CONSTRAINT "accounting_outbox_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounting_push_logs_tenant_outbox" ON "accounting_push_logs" USING btree ("tenant_id","outbox_id","id");--> statement-breakpoint
CREATE INDEX "accounting_outbox_tenant_bill" ON "accounting_outbox" USING btree ("tenant_id","doc_type","bill_id");--> statement-breakpoint
CREATE INDEX "accounting_outbox_tenant_due" ON "accounting_outbox" USING btree ("tenant_id","next_try_at") WHERE is_ts = 0;--> statement-breakpoint
CREATE INDEX "accounting_outbox_tenant_month_shop" ON "accounting_outbox" USING btree ("tenant_id","year_month","shop_id","id");--> statement-breakpoint
CREATE INDEX "accounting_outbox_tenant_date" ON "accounting_outbox" USING btree ("tenant_id","business_date","id");