-- Douyin vouchers pay as the shipped 36 抖音 (class 05 团购类, kind voucher), given to the tenants
-- that already have their pay types (new tenants get it with the other shipped types). A tenant's own
-- 36 named 抖音 becomes that pay type; a 36 of another name keeps it, and that tenant has no Douyin
-- voucher pay type until it frees the code (the settle answers so).
UPDATE "pay_types" SET "kind" = 'voucher'
WHERE "code" = '36' AND "kind" IS NULL AND "name" LIKE '%抖音%';
--> statement-breakpoint
INSERT INTO "pay_types" ("tenant_id", "code", "name", "class_id", "fee_rate", "perf_rate", "kind", "sort")
SELECT c."tenant_id", '36', '抖音', c."id", 0, 10000, 'voucher',
  coalesce((SELECT max(p."sort") FROM "pay_types" p WHERE p."tenant_id" = c."tenant_id"), 0) + 1
FROM "pay_classes" c
WHERE c."code" = '05'
  AND NOT EXISTS (SELECT 1 FROM "pay_types" p WHERE p."tenant_id" = c."tenant_id" AND p."code" = '36');
--> statement-breakpoint
-- Pay templates offer 36 抖音 wherever (business type, rates) they offer 27 美团.
INSERT INTO "pay_template_items" ("tenant_id", "template_id", "business_type", "pay_type_id", "enable", "is_often", "is_mixed", "perf_rate", "class_rate", "fee_rate")
SELECT i."tenant_id", i."template_id", i."business_type", dy."id", i."enable", i."is_often", i."is_mixed", i."perf_rate", i."class_rate", i."fee_rate"
FROM "pay_template_items" i
JOIN "pay_types" mt ON mt."tenant_id" = i."tenant_id" AND mt."id" = i."pay_type_id" AND mt."code" = '27'
JOIN "pay_types" dy ON dy."tenant_id" = i."tenant_id" AND dy."code" = '36' AND dy."kind" = 'voucher'
ON CONFLICT DO NOTHING;
