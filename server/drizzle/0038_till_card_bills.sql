CREATE TABLE "service_bill_cards" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "service_bill_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"bill_id" bigint NOT NULL,
	"line_id" bigint NOT NULL,
	"card_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"is_open" smallint NOT NULL,
	"amount" integer NOT NULL,
	"gift" integer NOT NULL,
	"activity_gift" integer DEFAULT 0 NOT NULL,
	"card_bill_id" bigint NOT NULL,
	"gift_back_bill_id" bigint,
	"gift_back_at" timestamp with time zone,
	"gift_back_by" bigint,
	"gift_back_memo" text,
	CONSTRAINT "service_bill_cards_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "service_bill_cards" ADD CONSTRAINT "service_bill_cards_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_bill_cards" ADD CONSTRAINT "service_bill_cards_bill_id_fk" FOREIGN KEY ("tenant_id","bill_id") REFERENCES "public"."service_bills"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_bill_cards" ADD CONSTRAINT "service_bill_cards_line_id_fk" FOREIGN KEY ("tenant_id","line_id") REFERENCES "public"."service_bill_lines"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_bill_cards" ADD CONSTRAINT "service_bill_cards_card_id_fk" FOREIGN KEY ("tenant_id","card_id") REFERENCES "public"."member_cards"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_bill_cards" ADD CONSTRAINT "service_bill_cards_member_id_fk" FOREIGN KEY ("tenant_id","member_id") REFERENCES "public"."members"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_bill_cards_tenant_bill" ON "service_bill_cards" USING btree ("tenant_id","bill_id");--> statement-breakpoint
CREATE INDEX "service_bill_cards_tenant_card" ON "service_bill_cards" USING btree ("tenant_id","card_id");