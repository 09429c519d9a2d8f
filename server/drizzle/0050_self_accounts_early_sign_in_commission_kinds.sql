ALTER TABLE "attendance_configs" ADD COLUMN "early_limit" integer DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "self_service" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "royalty_types" ADD COLUMN "line_kind" text;--> statement-breakpoint
-- hand-written
-- The commission types every chain was given (the demo's names) say which till lines they pay on; a type
-- named otherwise keeps paying on any line until its kind is chosen.
UPDATE "royalty_types" SET "line_kind" = CASE
  WHEN "name" LIKE '服务%' THEN 'service'
  WHEN "name" LIKE '产品%' THEN 'product'
  WHEN "name" LIKE '套餐%' THEN 'package'
  WHEN "name" IN ('开卡提成', '充值提成', '耗卡提成') THEN 'card'
END;
