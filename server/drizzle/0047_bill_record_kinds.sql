ALTER TABLE "service_bills" ADD COLUMN "has_package_lines" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "service_bills" ADD COLUMN "has_cards" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "service_bills" b SET "has_package_lines" = true WHERE EXISTS (
  SELECT 1 FROM "service_bill_lines" l
  WHERE l."tenant_id" = b."tenant_id" AND l."bill_id" = b."id" AND (l."kind" = 'package' OR l."package_line_id" IS NOT NULL)
);--> statement-breakpoint
UPDATE "service_bills" b SET "has_cards" = true WHERE EXISTS (
  SELECT 1 FROM "service_bill_lines" l
  WHERE l."tenant_id" = b."tenant_id" AND l."bill_id" = b."id" AND l."kind" IN ('cardOpen', 'cardRecharge')
);--> statement-breakpoint
CREATE INDEX "service_bills_tenant_package_date" ON "service_bills" USING btree ("tenant_id","business_date","id") WHERE has_package_lines;--> statement-breakpoint
CREATE INDEX "service_bills_tenant_card_date" ON "service_bills" USING btree ("tenant_id","business_date","id") WHERE has_cards;--> statement-breakpoint
DROP INDEX "service_bills_tenant_status_date";--> statement-breakpoint
CREATE INDEX "service_bills_tenant_status_date" ON "service_bills" USING btree ("tenant_id","status","business_date","id")
  INCLUDE ("shop_id","is_del","is_hc","has_package_lines","has_cards","list_total","discount_total","amount");--> statement-breakpoint
ANALYZE "service_bills";
