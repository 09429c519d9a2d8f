CREATE TABLE "mkt_activity_birthday_gifts" (
	"tenant_id" bigint NOT NULL,
	"activity_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"year" smallint NOT NULL,
	"gift_date" date NOT NULL,
	"shop_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mkt_activity_birthday_gifts_tenant_id_activity_id_member_id_year_pk" PRIMARY KEY("tenant_id","activity_id","member_id","year")
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "birthday_day" smallint GENERATED ALWAYS AS ((extract(month from "birthday") * 100 + extract(day from "birthday"))::smallint) STORED;--> statement-breakpoint
ALTER TABLE "mkt_activity_birthday_gifts" ADD CONSTRAINT "mkt_activity_birthday_gifts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mkt_activity_birthday_gifts" ADD CONSTRAINT "mkt_activity_birthday_gifts_activity_id_fk" FOREIGN KEY ("tenant_id","activity_id") REFERENCES "public"."mkt_activities"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mkt_activity_birthday_gifts" ADD CONSTRAINT "mkt_activity_birthday_gifts_member_id_fk" FOREIGN KEY ("tenant_id","member_id") REFERENCES "public"."members"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mkt_activity_birthday_gifts" ADD CONSTRAINT "mkt_activity_birthday_gifts_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "members_tenant_birthday" ON "members" USING btree ("tenant_id","birthday_day");