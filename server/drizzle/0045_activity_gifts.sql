ALTER TABLE "member_coupons" ADD COLUMN "activity_id" bigint;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD COLUMN "issued_bill_id" bigint;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD COLUMN "issued_bill_no" text;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD COLUMN "usable_shop_id" bigint;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD CONSTRAINT "member_coupons_usable_shop_id_fk" FOREIGN KEY ("tenant_id","usable_shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD CONSTRAINT "member_coupons_activity_id_fk" FOREIGN KEY ("tenant_id","activity_id") REFERENCES "public"."mkt_activities"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_coupons_tenant_issued_bill" ON "member_coupons" USING btree ("tenant_id","issued_bill_id") WHERE "member_coupons"."issued_bill_id" is not null;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD CONSTRAINT "member_coupons_activity" CHECK (("member_coupons"."source" = 'activity') = ("member_coupons"."activity_id" is not null));