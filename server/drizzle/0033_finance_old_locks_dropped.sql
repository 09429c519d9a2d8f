DROP TABLE "fund_day_locks" CASCADE;--> statement-breakpoint
DROP TABLE "month_locks" CASCADE;