ALTER TABLE "member_coupons" DROP CONSTRAINT "member_coupons_face_value";--> statement-breakpoint
ALTER TABLE "member_coupons" ADD COLUMN "remaining" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD COLUMN "many_times" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "member_coupons" SET "remaining" = CASE WHEN "state" = 'used' THEN 0 ELSE "face_value" END;--> statement-breakpoint
UPDATE "member_coupons" AS mc SET "many_times" = re."many_times" FROM "red_envelopes" AS re WHERE re."tenant_id" = mc."tenant_id" AND re."id" = mc."red_envelope_id";--> statement-breakpoint
ALTER TABLE "member_coupons" ALTER COLUMN "remaining" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "service_bill_payments" ADD COLUMN "member_coupon_id" bigint;--> statement-breakpoint
ALTER TABLE "service_bill_payments" ADD CONSTRAINT "service_bill_payments_member_coupon_id_fk" FOREIGN KEY ("tenant_id","member_coupon_id") REFERENCES "public"."member_coupons"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_bill_payments_tenant_coupon" ON "service_bill_payments" USING btree ("tenant_id","member_coupon_id") WHERE "service_bill_payments"."member_coupon_id" is not null;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD CONSTRAINT "member_coupons_face_value" CHECK ("member_coupons"."face_value" >= 0 and "member_coupons"."remaining" >= 0 and "member_coupons"."remaining" <= "member_coupons"."face_value");