CREATE TABLE "wx_messages" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "wx_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"task_id" bigint NOT NULL,
	"type" smallint NOT NULL,
	"bill_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"employee_id" bigint,
	"template_id" bigint NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "wx_messages_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "wx_return_rules" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "wx_return_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"service_type_id" bigint NOT NULL,
	"service_ids" jsonb NOT NULL,
	"brand_id" bigint,
	"station" smallint NOT NULL,
	"staff_on" smallint NOT NULL,
	"customer_on" smallint NOT NULL,
	"created_by" bigint,
	"created_by_name" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wx_return_rules_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "wx_return_tasks" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "wx_return_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"rule_id" bigint NOT NULL,
	"type" smallint NOT NULL,
	"after_days" integer NOT NULL,
	"template_id" bigint NOT NULL,
	"created_by" bigint,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wx_return_tasks_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "wx_messages" ADD CONSTRAINT "wx_messages_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wx_return_rules" ADD CONSTRAINT "wx_return_rules_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wx_return_tasks" ADD CONSTRAINT "wx_return_tasks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wx_return_tasks" ADD CONSTRAINT "wx_return_tasks_rule_id_fk" FOREIGN KEY ("tenant_id","rule_id") REFERENCES "public"."wx_return_rules"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wx_return_tasks" ADD CONSTRAINT "wx_return_tasks_template_id_fk" FOREIGN KEY ("tenant_id","template_id") REFERENCES "public"."sms_templates"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wx_messages_tenant_task" ON "wx_messages" USING btree ("tenant_id","task_id");--> statement-breakpoint
CREATE INDEX "wx_return_rules_tenant_type" ON "wx_return_rules" USING btree ("tenant_id","service_type_id");--> statement-breakpoint
CREATE INDEX "wx_return_tasks_tenant_rule" ON "wx_return_tasks" USING btree ("tenant_id","rule_id","type");