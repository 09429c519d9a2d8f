CREATE TABLE "fund_adjustments" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "fund_adjustments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"entry_no" text NOT NULL,
	"shop_id" bigint NOT NULL,
	"entry_date" date NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"revokes_id" bigint,
	"created_by" bigint,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fund_adjustments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "fund_adjustments" ADD CONSTRAINT "fund_adjustments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_adjustments" ADD CONSTRAINT "fund_adjustments_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_adjustments" ADD CONSTRAINT "fund_adjustments_revokes_fk" FOREIGN KEY ("tenant_id","revokes_id") REFERENCES "public"."fund_adjustments"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fund_adjustments_tenant_entry_no" ON "fund_adjustments" USING btree ("tenant_id","entry_no");--> statement-breakpoint
CREATE UNIQUE INDEX "fund_adjustments_tenant_revokes" ON "fund_adjustments" USING btree ("tenant_id","revokes_id");--> statement-breakpoint
CREATE INDEX "fund_adjustments_tenant_shop_date" ON "fund_adjustments" USING btree ("tenant_id","shop_id","entry_date");--> statement-breakpoint
ALTER TABLE "fund_adjustments" ADD CONSTRAINT "fund_adjustments_amount_not_zero" CHECK (amount <> 0 AND length(trim(reason)) > 0);
