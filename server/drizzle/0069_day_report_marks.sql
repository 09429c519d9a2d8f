ALTER TABLE "service_bill_lines" ADD COLUMN "ser_type" smallint;--> statement-breakpoint
ALTER TABLE "service_bill_lines" ADD COLUMN "staff_purchase" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "ser_type" smallint DEFAULT 2 NOT NULL;