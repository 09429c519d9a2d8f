CREATE TABLE "sms_assigns" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "sms_assigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"count" integer NOT NULL,
	"created_by" bigint,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_assigns_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "sms_balances" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "sms_balances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"shop_id" bigint,
	"count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_balances_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "sms_ledger" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "sms_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"shop_id" bigint,
	"delta" integer NOT NULL,
	"balance" integer NOT NULL,
	"doc_type" text NOT NULL,
	"bill_id" bigint NOT NULL,
	"line_id" bigint,
	"reverses_id" bigint,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_ledger_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "sms_messages" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "sms_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"task_id" bigint,
	"member_id" bigint,
	"mobile" text NOT NULL,
	"text" text NOT NULL,
	"parts" integer NOT NULL,
	"state" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "sms_messages_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "sms_orders" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "sms_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"bill_no" text NOT NULL,
	"count" integer NOT NULL,
	"money" bigint NOT NULL,
	"pay_type" smallint NOT NULL,
	"state" text NOT NULL,
	"trade_no" text,
	"paid_at" timestamp with time zone,
	"created_by" bigint,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_orders_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "sms_replies" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "sms_replies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"shop_id" bigint,
	"task_id" bigint,
	"mobile" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_replies_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "sms_tasks" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "sms_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"content" text NOT NULL,
	"salutation" smallint DEFAULT 0 NOT NULL,
	"send_type" smallint DEFAULT 1 NOT NULL,
	"send_at" timestamp with time zone,
	"mobiles" jsonb,
	"filter" jsonb,
	"recipients" integer NOT NULL,
	"parts" integer NOT NULL,
	"state" text NOT NULL,
	"cursor" bigint DEFAULT 0 NOT NULL,
	"queued" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_by_name" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_tasks_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "sms_templates" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "sms_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"name" text NOT NULL,
	"kind" smallint DEFAULT 2 NOT NULL,
	"content" text NOT NULL,
	"wechat_id" text,
	"created_by" bigint,
	"created_by_name" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_templates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "sms_assigns" ADD CONSTRAINT "sms_assigns_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_assigns" ADD CONSTRAINT "sms_assigns_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_balances" ADD CONSTRAINT "sms_balances_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_ledger" ADD CONSTRAINT "sms_ledger_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_orders" ADD CONSTRAINT "sms_orders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_replies" ADD CONSTRAINT "sms_replies_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_tasks" ADD CONSTRAINT "sms_tasks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_tasks" ADD CONSTRAINT "sms_tasks_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_templates" ADD CONSTRAINT "sms_templates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_assigns_tenant_shop" ON "sms_assigns" USING btree ("tenant_id","shop_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_balances_tenant_shop" ON "sms_balances" USING btree ("tenant_id",coalesce("shop_id", 0));--> statement-breakpoint
CREATE INDEX "sms_ledger_tenant_shop" ON "sms_ledger" USING btree ("tenant_id",coalesce("shop_id", 0),"id");--> statement-breakpoint
CREATE INDEX "sms_ledger_tenant_at" ON "sms_ledger" USING btree ("tenant_id","at");--> statement-breakpoint
CREATE INDEX "sms_ledger_tenant_bill" ON "sms_ledger" USING btree ("tenant_id","doc_type","bill_id");--> statement-breakpoint
CREATE INDEX "sms_messages_tenant_task" ON "sms_messages" USING btree ("tenant_id","task_id","state");--> statement-breakpoint
CREATE INDEX "sms_messages_tenant_shop_created" ON "sms_messages" USING btree ("tenant_id","shop_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_orders_tenant_bill_no" ON "sms_orders" USING btree ("tenant_id","bill_no");--> statement-breakpoint
CREATE INDEX "sms_replies_tenant_created" ON "sms_replies" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "sms_tasks_tenant_shop" ON "sms_tasks" USING btree ("tenant_id","shop_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_templates_tenant_name" ON "sms_templates" USING btree ("tenant_id","name");