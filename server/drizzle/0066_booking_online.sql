CREATE TABLE "booking_shop_links" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "booking_shop_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_shop_links_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "token" text;--> statement-breakpoint
ALTER TABLE "booking_shop_links" ADD CONSTRAINT "booking_shop_links_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_shop_links" ADD CONSTRAINT "booking_shop_links_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_shop_links_tenant_shop" ON "booking_shop_links" USING btree ("tenant_id","shop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_shop_links_tenant_key" ON "booking_shop_links" USING btree ("tenant_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_tenant_token" ON "bookings" USING btree ("tenant_id","token");