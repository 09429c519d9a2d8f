CREATE TABLE "wheel_entries" (
	"tenant_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"row_no" smallint NOT NULL,
	"employee_id" bigint NOT NULL,
	"place" integer NOT NULL,
	"day" date NOT NULL,
	"rest_until" timestamp with time zone,
	"rest_name" text,
	"assigned_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wheel_entries_tenant_id_shop_id_row_no_employee_id_pk" PRIMARY KEY("tenant_id","shop_id","row_no","employee_id")
);
--> statement-breakpoint
CREATE TABLE "wheel_logs" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "wheel_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"row_no" smallint,
	"row_name" text,
	"employee_id" bigint NOT NULL,
	"employee_name" text NOT NULL,
	"action" text NOT NULL,
	"from_place" integer,
	"to_place" integer,
	"reason" text,
	"bill_id" bigint,
	"by_user" bigint,
	"by_name" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wheel_logs_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "wheel_entries" ADD CONSTRAINT "wheel_entries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wheel_entries" ADD CONSTRAINT "wheel_entries_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wheel_entries" ADD CONSTRAINT "wheel_entries_employee_id_fk" FOREIGN KEY ("tenant_id","employee_id") REFERENCES "public"."employees"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wheel_logs" ADD CONSTRAINT "wheel_logs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wheel_logs" ADD CONSTRAINT "wheel_logs_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wheel_logs_tenant_shop_at" ON "wheel_logs" USING btree ("tenant_id","shop_id","at");