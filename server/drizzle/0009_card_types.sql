CREATE TABLE "card_types" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "card_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" smallint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_types" ADD CONSTRAINT "card_types_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_types_tenant_code" ON "card_types" USING btree ("tenant_id","code");--> statement-breakpoint
-- Card prices saved before card types existed point at ids that have no card type. Each tenant gets a
-- stopped placeholder card type for each such id, keeping the id, so the foreign key below holds and
-- the prices stay as they are. An id priced by more than one tenant stays with the first tenant; the
-- others get a placeholder of their own and their prices move to it.
CREATE TEMPORARY TABLE "card_type_orphans" AS
SELECT "tenant_id", "card_type_id",
  row_number() OVER (PARTITION BY "tenant_id" ORDER BY "card_type_id") AS "n",
  rank() OVER (PARTITION BY "card_type_id" ORDER BY "tenant_id") AS "claim"
FROM (SELECT DISTINCT "tenant_id", "card_type_id" FROM "service_card_prices") AS "d";--> statement-breakpoint
INSERT INTO "card_types" ("id", "tenant_id", "code", "name", "kind", "status", "sort") OVERRIDING SYSTEM VALUE
SELECT "card_type_id", "tenant_id", CASE WHEN "n" < 1000 THEN lpad("n"::text, 3, '0') ELSE "n"::text END,
  '卡项 ' || "card_type_id", 1, 2, "n"
FROM "card_type_orphans" WHERE "claim" = 1;--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('card_types', 'id'), coalesce(max("id"), 0) + 1, false) FROM "card_types";--> statement-breakpoint
WITH "moved" AS (
  INSERT INTO "card_types" ("tenant_id", "code", "name", "kind", "status", "sort")
  SELECT "tenant_id", CASE WHEN "n" < 1000 THEN lpad("n"::text, 3, '0') ELSE "n"::text END, '卡项 ' || "card_type_id", 1, 2, "n"
  FROM "card_type_orphans" WHERE "claim" > 1
  RETURNING "id", "tenant_id", "name"
)
UPDATE "service_card_prices" AS "p" SET "card_type_id" = "moved"."id"
FROM "moved" WHERE "p"."tenant_id" = "moved"."tenant_id" AND '卡项 ' || "p"."card_type_id" = "moved"."name";--> statement-breakpoint
DROP TABLE "card_type_orphans";--> statement-breakpoint
ALTER TABLE "service_card_prices" ADD CONSTRAINT "service_card_prices_card_type_id_card_types_id_fk" FOREIGN KEY ("card_type_id") REFERENCES "public"."card_types"("id") ON DELETE no action ON UPDATE no action;