ALTER TABLE "card_bills" ADD COLUMN "owner_doc" text;--> statement-breakpoint
ALTER TABLE "card_bills" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "card_bills" ADD COLUMN "owner_no" text;--> statement-breakpoint
ALTER TABLE "package_bills" ADD COLUMN "owner_doc" text;--> statement-breakpoint
ALTER TABLE "package_bills" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "package_bills" ADD COLUMN "owner_no" text;--> statement-breakpoint
-- hand-written
-- The card and package bills a till bill or a refund wrote belong to it: its card payments, the cards it
-- opened or recharged, a gift taken back by 撤销活动, the package counts it sold or used, a refund's lines.
UPDATE "card_bills" c SET "owner_doc" = 'cashier.service', "owner_id" = b."id", "owner_no" = b."bill_no"
FROM "service_bill_payments" p JOIN "service_bills" b ON b."tenant_id" = p."tenant_id" AND b."id" = p."bill_id"
WHERE p."tenant_id" = c."tenant_id" AND p."card_bill_id" = c."id";--> statement-breakpoint
UPDATE "card_bills" c SET "owner_doc" = 'cashier.service', "owner_id" = b."id", "owner_no" = b."bill_no"
FROM "service_bill_cards" s JOIN "service_bills" b ON b."tenant_id" = s."tenant_id" AND b."id" = s."bill_id"
WHERE s."tenant_id" = c."tenant_id" AND c."id" IN (s."card_bill_id", s."gift_back_bill_id");--> statement-breakpoint
UPDATE "card_bills" c SET "owner_doc" = 'assets.refund', "owner_id" = r."id", "owner_no" = r."bill_no"
FROM "refund_lines" l JOIN "refunds" r ON r."tenant_id" = l."tenant_id" AND r."id" = l."refund_id"
WHERE l."tenant_id" = c."tenant_id" AND l."card_bill_id" = c."id";--> statement-breakpoint
UPDATE "package_bills" k SET "owner_doc" = 'cashier.service', "owner_id" = b."id", "owner_no" = b."bill_no"
FROM "service_bill_lines" l JOIN "service_bills" b ON b."tenant_id" = l."tenant_id" AND b."id" = l."bill_id"
WHERE l."tenant_id" = k."tenant_id" AND l."package_bill_id" = k."id";--> statement-breakpoint
UPDATE "package_bills" k SET "owner_doc" = 'assets.refund', "owner_id" = r."id", "owner_no" = r."bill_no"
FROM "refund_package_lines" l JOIN "refunds" r ON r."tenant_id" = l."tenant_id" AND r."id" = l."refund_id"
WHERE l."tenant_id" = k."tenant_id" AND l."package_bill_id" = k."id";
