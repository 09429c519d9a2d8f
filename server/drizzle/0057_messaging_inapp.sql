CREATE TABLE "inapp_messages" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "inapp_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"from_shop_id" bigint,
	"to_shop_id" bigint,
	"created_by" bigint,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inapp_messages_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "inapp_reads" (
	"tenant_id" bigint NOT NULL,
	"message_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inapp_reads_tenant_id_user_id_message_id_pk" PRIMARY KEY("tenant_id","user_id","message_id")
);
--> statement-breakpoint
ALTER TABLE "inapp_messages" ADD CONSTRAINT "inapp_messages_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inapp_reads" ADD CONSTRAINT "inapp_reads_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inapp_messages_tenant_kind" ON "inapp_messages" USING btree ("tenant_id","kind","id");