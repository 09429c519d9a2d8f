CREATE TABLE "member_coupons" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "member_coupons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"coupon_id" bigint,
	"red_envelope_id" bigint,
	"code" text NOT NULL,
	"face_value" bigint NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"state" text DEFAULT 'unused' NOT NULL,
	"source" text NOT NULL,
	"shop_id" bigint NOT NULL,
	"used_bill_id" bigint,
	"used_bill_no" text,
	"used_at" timestamp with time zone,
	"withdraw_reason" text,
	"memo" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_coupons_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "member_coupons_definition" CHECK (("member_coupons"."kind" = 'coupon' and "member_coupons"."coupon_id" is not null and "member_coupons"."red_envelope_id" is null) or ("member_coupons"."kind" = 'redEnvelope' and "member_coupons"."red_envelope_id" is not null and "member_coupons"."coupon_id" is null)),
	CONSTRAINT "member_coupons_state" CHECK ("member_coupons"."state" in ('unused', 'used', 'withdrawn')),
	CONSTRAINT "member_coupons_face_value" CHECK ("member_coupons"."face_value" >= 0)
);
--> statement-breakpoint
ALTER TABLE "member_coupons" ADD CONSTRAINT "member_coupons_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD CONSTRAINT "member_coupons_member_id_fk" FOREIGN KEY ("tenant_id","member_id") REFERENCES "public"."members"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD CONSTRAINT "member_coupons_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD CONSTRAINT "member_coupons_coupon_id_fk" FOREIGN KEY ("tenant_id","coupon_id") REFERENCES "public"."coupons"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD CONSTRAINT "member_coupons_red_envelope_id_fk" FOREIGN KEY ("tenant_id","red_envelope_id") REFERENCES "public"."red_envelopes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_coupons_tenant_code" ON "member_coupons" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "member_coupons_tenant_member" ON "member_coupons" USING btree ("tenant_id","member_id","id");