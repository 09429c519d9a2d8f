CREATE TABLE "sms_auto_sent" (
	"tenant_id" bigint NOT NULL,
	"occasion" text NOT NULL,
	"member_id" bigint NOT NULL,
	"key" bigint NOT NULL,
	"message_id" bigint,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_auto_sent_tenant_id_occasion_member_id_key_pk" PRIMARY KEY("tenant_id","occasion","member_id","key")
);
--> statement-breakpoint
CREATE TABLE "sms_birthday_settings" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "sms_birthday_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"auto_send" smallint DEFAULT 0 NOT NULL,
	"content" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_birthday_settings_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "sms_return_rules" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "sms_return_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"content" text NOT NULL,
	"service_type_ids" jsonb NOT NULL,
	"after_days" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_by" bigint,
	"created_by_name" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_return_rules_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "sms_auto_sent" ADD CONSTRAINT "sms_auto_sent_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_birthday_settings" ADD CONSTRAINT "sms_birthday_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_birthday_settings" ADD CONSTRAINT "sms_birthday_settings_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_return_rules" ADD CONSTRAINT "sms_return_rules_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sms_birthday_settings_tenant_shop" ON "sms_birthday_settings" USING btree ("tenant_id","shop_id");