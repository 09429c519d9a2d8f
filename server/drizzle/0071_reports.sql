CREATE TABLE "report_heads" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "report_heads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"is_auto" boolean DEFAULT true NOT NULL,
	"hide_query" boolean DEFAULT false NOT NULL,
	"is_page" boolean DEFAULT true NOT NULL,
	"is_summary" boolean DEFAULT false NOT NULL,
	"is_print" boolean DEFAULT true NOT NULL,
	"is_excel" boolean DEFAULT true NOT NULL,
	"is_udiy" boolean DEFAULT true NOT NULL,
	"is_content" boolean DEFAULT false NOT NULL,
	"content" text,
	"test_params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"report_sql" text NOT NULL,
	"roles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"shipped" boolean DEFAULT false NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"memo" text,
	"created_by" bigint,
	"created_by_name" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_heads_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "report_items" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "report_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"head_id" bigint NOT NULL,
	"field_name" text NOT NULL,
	"field_txt" text NOT NULL,
	"field_width" integer,
	"field_type" text DEFAULT 'text' NOT NULL,
	"is_range" boolean DEFAULT false NOT NULL,
	"dict" jsonb,
	"field_group" text,
	"memo" text,
	"is_show" boolean DEFAULT true NOT NULL,
	"is_search" boolean DEFAULT false NOT NULL,
	"is_order" boolean DEFAULT false NOT NULL,
	"is_fixed" boolean DEFAULT false NOT NULL,
	"is_nonull" boolean DEFAULT false NOT NULL,
	"is_sum" boolean DEFAULT false NOT NULL,
	"field_role" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_items_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "report_layouts" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "report_layouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"head_id" bigint NOT NULL,
	"hidden" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "report_layouts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "report_heads" ADD CONSTRAINT "report_heads_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_items" ADD CONSTRAINT "report_items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_items" ADD CONSTRAINT "report_items_head_id_fk" FOREIGN KEY ("tenant_id","head_id") REFERENCES "public"."report_heads"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_layouts" ADD CONSTRAINT "report_layouts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_layouts" ADD CONSTRAINT "report_layouts_user_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_layouts" ADD CONSTRAINT "report_layouts_head_id_fk" FOREIGN KEY ("tenant_id","head_id") REFERENCES "public"."report_heads"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_heads_tenant_code" ON "report_heads" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "report_items_head_field" ON "report_items" USING btree ("tenant_id","head_id","field_name");--> statement-breakpoint
CREATE UNIQUE INDEX "report_layouts_user_head" ON "report_layouts" USING btree ("tenant_id","user_id","head_id");--> statement-breakpoint
CREATE INDEX "report_layouts_head" ON "report_layouts" USING btree ("tenant_id","head_id");--> statement-breakpoint
-- Reports' SQL runs as `headoffice_reader`: it may only read, under the same tenant policies as the
-- application, and never the tables and columns that hold secrets or other people's messages (a
-- column named like a password, secret, token or hash; the settings, keys, tokens and outboxes).
-- `app_apply_reader_grants()` is re-run after every migration, as `app_apply_rls()` is, so that
-- tables added later are readable by reports too.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'headoffice_reader') THEN
    CREATE ROLE headoffice_reader NOLOGIN;
  END IF;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_apply_reader_grants() RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  t record;
  readable text;
BEGIN
  IF NOT has_schema_privilege('headoffice_reader', 'public', 'USAGE') THEN
    EXECUTE 'GRANT USAGE ON SCHEMA public TO headoffice_reader';
  END IF;
  FOR t IN
    SELECT c.oid, c.relname FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relrowsecurity
      AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped)
      AND c.relname NOT IN ('tenant_settings', 'idempotency_keys', 'events', 'jobs', 'sms_outbox', 'sms_codes',
        'user_app_passwords', 'revoked_tokens', 'mt_keys', 'audit_log')
      AND NOT c.relispartition
  LOOP
    SELECT string_agg(format('%I', a.attname), ', ' ORDER BY a.attnum) INTO readable
    FROM pg_attribute a
    WHERE a.attrelid = t.oid AND a.attnum > 0 AND NOT a.attisdropped
      AND a.attname !~ '(password|secret|token|hash|private|credential)'
      AND NOT has_column_privilege('headoffice_reader', t.oid, a.attnum, 'SELECT');
    IF readable IS NOT NULL THEN
      EXECUTE format('GRANT SELECT (%s) ON %I TO headoffice_reader', readable, t.relname);
    END IF;
  END LOOP;
END
$$;
