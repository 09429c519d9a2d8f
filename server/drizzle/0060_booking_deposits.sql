ALTER TABLE "bookings" ADD COLUMN "surety_state" smallint;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "extorderid" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refund_no" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "tk_date" timestamp with time zone;