ALTER TABLE "service_bills" ADD COLUMN "hc_reason" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "per_visit" bigint GENERATED ALWAYS AS ((case when "visits" > 0 then round("spent"::numeric / "visits") else 0 end)::bigint) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "service_bills_tenant_member_settled" ON "service_bills" USING btree ("tenant_id","member_id","settled_at","id") WHERE status = 4;--> statement-breakpoint
CREATE INDEX "members_tenant_visits" ON "members" USING btree ("tenant_id","visits");--> statement-breakpoint
CREATE INDEX "members_tenant_per_visit" ON "members" USING btree ("tenant_id","per_visit");--> statement-breakpoint
-- Back-fill: each member's spending, visits and last visit from their settled, not revoked bills
-- (docs/DECISIONS.md, "A member's visits and spending"); a member without such bills has none.
UPDATE "members" m SET "spent" = coalesce(f."spent", 0), "visits" = coalesce(f."visits", 0), "last_visit_at" = f."last_at"
FROM "members" m2
LEFT JOIN (
  SELECT b."tenant_id", b."member_id", sum(x."amount")::bigint AS "spent",
         (count(*) FILTER (WHERE b."is_compute" = 1))::int AS "visits", max(b."settled_at") AS "last_at"
  FROM "service_bills" b
  JOIN LATERAL (
    SELECT sum(l."amount") AS "amount" FROM "service_bill_lines" l
    WHERE l."tenant_id" = b."tenant_id" AND l."bill_id" = b."id" AND l."kind" IN ('service', 'product')
  ) x ON x."amount" IS NOT NULL
  WHERE b."status" = 4 AND b."is_hc" = 0 AND b."is_del" = 0 AND b."member_id" IS NOT NULL
  GROUP BY b."tenant_id", b."member_id"
) f ON f."tenant_id" = m2."tenant_id" AND f."member_id" = m2."id"
WHERE m."tenant_id" = m2."tenant_id" AND m."id" = m2."id"
  AND (m."spent", m."visits", m."last_visit_at") IS DISTINCT FROM (coalesce(f."spent", 0), coalesce(f."visits", 0), f."last_at");
