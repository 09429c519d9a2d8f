CREATE TABLE "service_log_photos" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "service_log_photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"log_id" bigint NOT NULL,
	"url" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "service_log_photos_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "service_logs" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "service_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"bill_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"content" text NOT NULL,
	"problem" text,
	"suggested_service_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"return_state" smallint,
	"return_at" timestamp with time zone,
	"rebook" smallint,
	"created_by" bigint,
	"created_by_name" text,
	"updated_by" bigint,
	"updated_by_name" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_logs_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "service_reviews" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "service_reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"bill_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"employee_id" bigint NOT NULL,
	"rate" smallint NOT NULL,
	"comment" text,
	"reviewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"created_by_name" text,
	"reply" text,
	"replied_at" timestamp with time zone,
	"replied_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_reviews_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "service_log_photos" ADD CONSTRAINT "service_log_photos_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_log_photos" ADD CONSTRAINT "service_log_photos_log_id_fk" FOREIGN KEY ("tenant_id","log_id") REFERENCES "public"."service_logs"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_logs" ADD CONSTRAINT "service_logs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_logs" ADD CONSTRAINT "service_logs_bill_id_fk" FOREIGN KEY ("tenant_id","bill_id") REFERENCES "public"."service_bills"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_logs" ADD CONSTRAINT "service_logs_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_reviews" ADD CONSTRAINT "service_reviews_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_reviews" ADD CONSTRAINT "service_reviews_bill_id_fk" FOREIGN KEY ("tenant_id","bill_id") REFERENCES "public"."service_bills"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_reviews" ADD CONSTRAINT "service_reviews_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_reviews" ADD CONSTRAINT "service_reviews_employee_id_fk" FOREIGN KEY ("tenant_id","employee_id") REFERENCES "public"."employees"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_log_photos_tenant_log" ON "service_log_photos" USING btree ("tenant_id","log_id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_logs_tenant_bill" ON "service_logs" USING btree ("tenant_id","bill_id");--> statement-breakpoint
CREATE INDEX "service_logs_tenant_shop_updated" ON "service_logs" USING btree ("tenant_id","shop_id","updated_at");--> statement-breakpoint
CREATE INDEX "service_logs_tenant_updated" ON "service_logs" USING btree ("tenant_id","updated_at");--> statement-breakpoint
CREATE INDEX "service_logs_tenant_return" ON "service_logs" USING btree ("tenant_id","return_at") WHERE "service_logs"."return_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "service_reviews_tenant_bill" ON "service_reviews" USING btree ("tenant_id","bill_id");--> statement-breakpoint
CREATE INDEX "service_reviews_tenant_reviewed" ON "service_reviews" USING btree ("tenant_id","reviewed_at","id");--> statement-breakpoint
CREATE INDEX "service_reviews_tenant_shop_reviewed" ON "service_reviews" USING btree ("tenant_id","shop_id","reviewed_at");