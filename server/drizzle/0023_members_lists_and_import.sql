CREATE TABLE "member_import_logs" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "member_import_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"type" smallint DEFAULT 1 NOT NULL,
	"file_name" text,
	"expected" integer NOT NULL,
	"succeeded" integer NOT NULL,
	"failed" integer NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_import_logs_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "balance" bigint GENERATED ALWAYS AS ("principal" + "gift") STORED;--> statement-breakpoint
ALTER TABLE "member_import_logs" ADD CONSTRAINT "member_import_logs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_import_logs" ADD CONSTRAINT "member_import_logs_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "members_tenant_registered" ON "members" USING btree ("tenant_id","registered_on","id");--> statement-breakpoint
CREATE INDEX "members_tenant_grade" ON "members" USING btree ("tenant_id","grade_id","id");--> statement-breakpoint
CREATE INDEX "members_tenant_channel" ON "members" USING btree ("tenant_id","channel_id","id");--> statement-breakpoint
CREATE INDEX "members_tenant_advisor" ON "members" USING btree ("tenant_id","advisor_id","id");--> statement-breakpoint
CREATE INDEX "members_tenant_not_normal" ON "members" USING btree ("tenant_id","status","id") WHERE status <> 1;--> statement-breakpoint
CREATE INDEX "members_tenant_balance" ON "members" USING btree ("tenant_id","balance");--> statement-breakpoint
CREATE INDEX "members_tenant_spent" ON "members" USING btree ("tenant_id","spent");--> statement-breakpoint
-- hand-written
-- Member changes (create, edit, freeze, advisor) show in the operation log with their fields.
CREATE TRIGGER members_audit_change AFTER INSERT OR UPDATE OR DELETE ON members
  FOR EACH ROW EXECUTE FUNCTION app_audit_change();
