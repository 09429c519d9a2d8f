-- The audit log is partitioned by month of `at` (docs/SCALE.md): a month is a table of its own, so
-- that a query of recent days reads recent months only and an old month is detached or dropped whole
-- instead of deleted row by row. Rows keep their ids. A month that has no partition yet lands in
-- audit_log_default, from which audit_log_add_months() moves it when it makes that month.
ALTER TABLE "audit_log" RENAME TO "audit_log_unpartitioned";--> statement-breakpoint
ALTER TABLE "audit_log_unpartitioned" DROP CONSTRAINT "audit_log_tenant_id_id_pk";--> statement-breakpoint
DROP INDEX "audit_log_tenant_at";--> statement-breakpoint
DROP INDEX "audit_log_tenant_entity";--> statement-breakpoint
ALTER SEQUENCE "audit_log_id_seq" RENAME TO "audit_log_unpartitioned_id_seq";--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"user_id" bigint,
	"username" text,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" bigint,
	"detail" jsonb,
	"request_id" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_log_tenant_id_id_at_pk" PRIMARY KEY("tenant_id","id","at")
) PARTITION BY RANGE ("at");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_tenant_at" ON "audit_log" USING btree ("tenant_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_tenant_entity" ON "audit_log" USING btree ("tenant_id","entity","entity_id");--> statement-breakpoint
CREATE TABLE "audit_log_default" PARTITION OF "audit_log" DEFAULT;--> statement-breakpoint
-- Makes the monthly partitions (audit_log_YYYY_MM, months in UTC) from the month of `since`, or of the
-- oldest row waiting in audit_log_default if older, to `ahead` months after the current one; rows of
-- those months waiting in the default partition move into theirs. Run at every start (db/migrate.ts).
CREATE FUNCTION audit_log_add_months(since timestamptz, ahead integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  month timestamp;
  made integer := 0;
  partition text;
BEGIN
  FOR month IN
    SELECT generate_series(
      date_trunc('month', least(since, (SELECT min(at) FROM audit_log_default), now()) AT TIME ZONE 'UTC'),
      date_trunc('month', now() AT TIME ZONE 'UTC') + make_interval(months => ahead),
      interval '1 month')
  LOOP
    partition := 'audit_log_' || to_char(month, 'YYYY_MM');
    CONTINUE WHEN to_regclass(partition) IS NOT NULL;
    CREATE TEMP TABLE audit_log_moving AS
      WITH moved AS (
        DELETE FROM audit_log_default
        WHERE at >= month AT TIME ZONE 'UTC' AND at < (month + interval '1 month') AT TIME ZONE 'UTC'
        RETURNING *)
      SELECT * FROM moved;
    EXECUTE format('CREATE TABLE %I PARTITION OF audit_log FOR VALUES FROM (%L) TO (%L)',
      partition, month AT TIME ZONE 'UTC', (month + interval '1 month') AT TIME ZONE 'UTC');
    INSERT INTO audit_log OVERRIDING SYSTEM VALUE SELECT * FROM audit_log_moving;
    DROP TABLE audit_log_moving;
    made := made + 1;
  END LOOP;
  RETURN made;
END
$$;--> statement-breakpoint
SELECT audit_log_add_months(coalesce((SELECT min(at) FROM audit_log_unpartitioned), now()), 2);--> statement-breakpoint
INSERT INTO "audit_log" OVERRIDING SYSTEM VALUE
SELECT "id", "tenant_id", "user_id", "username", "action", "entity", "entity_id", "detail", "request_id", "at" FROM "audit_log_unpartitioned";--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('audit_log', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM audit_log_unpartitioned), false);--> statement-breakpoint
DROP TABLE "audit_log_unpartitioned";
