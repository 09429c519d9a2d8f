ALTER TABLE "rent_contracts" ADD COLUMN "approval" text;--> statement-breakpoint
ALTER TABLE "rent_contracts" ADD COLUMN "reject_memo" text;--> statement-breakpoint
ALTER TABLE "rent_contracts" ADD COLUMN "created_by" bigint;--> statement-breakpoint
ALTER TABLE "rent_contracts" ADD COLUMN "created_by_name" text;--> statement-breakpoint
ALTER TABLE "rent_contracts" ADD COLUMN "audited_by" bigint;--> statement-breakpoint
ALTER TABLE "rent_contracts" ADD COLUMN "audited_by_name" text;--> statement-breakpoint
ALTER TABLE "rent_contracts" ADD COLUMN "audited_at" timestamp with time zone;--> statement-breakpoint
-- Dormitory contracts saved before the approval existed stay payable: they count as approved.
UPDATE "rent_contracts" SET "approval" = 'approved' WHERE "kind" = 'dorm';
--> statement-breakpoint
ALTER TABLE "rent_contracts" ADD CONSTRAINT "rent_contracts_dorm_approval" CHECK (("kind" = 'dorm') = ("approval" IS NOT NULL) AND ("approval" IS NULL OR "approval" IN ('submitted', 'approved', 'rejected')));
