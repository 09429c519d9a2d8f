CREATE TABLE "csadj_bill_lines" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "csadj_bill_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"bill_id" bigint NOT NULL,
	"line_id" bigint NOT NULL,
	"station" smallint NOT NULL,
	"employee_id" bigint,
	"appointed" boolean DEFAULT false NOT NULL,
	"yj" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "csadj_bill_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "csadj_bill_lines_yj_positive" CHECK ("csadj_bill_lines"."yj" > 0)
);
--> statement-breakpoint
CREATE TABLE "csadj_bills" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "csadj_bills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"bill_no" text NOT NULL,
	"shop_id" bigint NOT NULL,
	"ref_bill_id" bigint NOT NULL,
	"refbillcode" text NOT NULL,
	"bill_date" date NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"memo" text,
	"created_by" bigint,
	"created_by_name" text,
	"audited_by" bigint,
	"audited_by_name" text,
	"audited_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "csadj_bills_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "service_bill_perf" ALTER COLUMN "employee_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "service_bill_perf" ADD COLUMN "cause_bill_no" text;--> statement-breakpoint
ALTER TABLE "csadj_bill_lines" ADD CONSTRAINT "csadj_bill_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "csadj_bill_lines" ADD CONSTRAINT "csadj_bill_lines_bill_id_fk" FOREIGN KEY ("tenant_id","bill_id") REFERENCES "public"."csadj_bills"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "csadj_bill_lines" ADD CONSTRAINT "csadj_bill_lines_line_id_fk" FOREIGN KEY ("tenant_id","line_id") REFERENCES "public"."service_bill_lines"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "csadj_bill_lines" ADD CONSTRAINT "csadj_bill_lines_employee_id_fk" FOREIGN KEY ("tenant_id","employee_id") REFERENCES "public"."employees"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "csadj_bills" ADD CONSTRAINT "csadj_bills_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "csadj_bills" ADD CONSTRAINT "csadj_bills_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "csadj_bills" ADD CONSTRAINT "csadj_bills_ref_bill_id_fk" FOREIGN KEY ("tenant_id","ref_bill_id") REFERENCES "public"."service_bills"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "csadj_bill_lines_tenant_bill" ON "csadj_bill_lines" USING btree ("tenant_id","bill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "csadj_bills_tenant_bill_no" ON "csadj_bills" USING btree ("tenant_id","bill_no");--> statement-breakpoint
CREATE UNIQUE INDEX "csadj_bills_tenant_ref_draft" ON "csadj_bills" USING btree ("tenant_id","ref_bill_id") WHERE state = 'draft';--> statement-breakpoint
CREATE INDEX "csadj_bills_tenant_created" ON "csadj_bills" USING btree ("tenant_id","created_at","id");