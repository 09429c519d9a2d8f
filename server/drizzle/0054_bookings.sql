CREATE TABLE "bookings" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "bookings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"bill_no" text NOT NULL,
	"shop_id" bigint NOT NULL,
	"custname" text NOT NULL,
	"custmobile" text NOT NULL,
	"custsex" smallint,
	"memid" bigint,
	"eeid" bigint,
	"yyday" date NOT NULL,
	"start_min" integer NOT NULL,
	"hjtimes" integer NOT NULL,
	"per_num" integer DEFAULT 1 NOT NULL,
	"ycid" bigint,
	"sersnames" text DEFAULT '' NOT NULL,
	"services" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"memo" text,
	"ctype" smallint NOT NULL,
	"payje" integer DEFAULT 0 NOT NULL,
	"status" smallint NOT NULL,
	"created_by" bigint,
	"created_by_name" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_eeid_fk" FOREIGN KEY ("tenant_id","eeid") REFERENCES "public"."employees"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_ycid_fk" FOREIGN KEY ("tenant_id","ycid") REFERENCES "public"."channels"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_tenant_bill_no" ON "bookings" USING btree ("tenant_id","bill_no");--> statement-breakpoint
CREATE INDEX "bookings_tenant_shop_day" ON "bookings" USING btree ("tenant_id","shop_id","yyday");--> statement-breakpoint
CREATE INDEX "bookings_tenant_employee_day" ON "bookings" USING btree ("tenant_id","eeid","yyday");--> statement-breakpoint
CREATE INDEX "bookings_tenant_mobile" ON "bookings" USING btree ("tenant_id","custmobile","yyday");