ALTER TABLE "cashier_bill_configs" ADD COLUMN "card_price_rule" text DEFAULT 'cardPays' NOT NULL;--> statement-breakpoint
ALTER TABLE "cashier_bill_configs" ADD COLUMN "rounding" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_bill_lines" ADD COLUMN "plain_price" integer;--> statement-breakpoint
ALTER TABLE "service_bill_lines" ADD COLUMN "discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "service_bill_lines" ADD COLUMN "round_off" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "service_bills" ADD COLUMN "round_off" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-finished: the lines written before the plain price and the card's rate were kept. A line priced by
-- the card cost the shop's price without it; its rate was that of the bill's card.
UPDATE "service_bill_lines" SET "plain_price" = CASE WHEN "price_source" LIKE 'card-%' THEN "list_price" ELSE "price" END;--> statement-breakpoint
ALTER TABLE "service_bill_lines" ALTER COLUMN "plain_price" SET NOT NULL;--> statement-breakpoint
UPDATE "service_bill_lines" l SET "discount" = CASE WHEN l."kind" = 'service' THEN c."service_discount" ELSE c."product_discount" END
FROM "service_bills" b, "member_cards" c
WHERE l."price_source" = 'card-discount' AND b."tenant_id" = l."tenant_id" AND b."id" = l."bill_id"
  AND c."tenant_id" = b."tenant_id" AND c."id" = b."card_id";
