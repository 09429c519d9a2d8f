ALTER TABLE "service_bill_lines" ADD COLUMN "package_line_id" bigint;--> statement-breakpoint
ALTER TABLE "service_bill_lines" ADD COLUMN "package_bill_id" bigint;