ALTER TABLE "users" ADD COLUMN "memo" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_tenant_employee" ON "users" USING btree ("tenant_id","employee_id") WHERE "users"."employee_id" is not null;--> statement-breakpoint
CREATE INDEX "employee_stream_pending" ON "employee_stream" USING btree ("effective_date") WHERE "employee_stream"."applied_at" is null and "employee_stream"."kind" = 'transfer';--> statement-breakpoint
CREATE INDEX "stock_products_tenant_shop" ON "stock_products" USING btree ("tenant_id","shop_id");--> statement-breakpoint
CREATE INDEX "product_shop_prices_template" ON "product_shop_prices" USING btree ("tenant_id","template_id");--> statement-breakpoint
CREATE INDEX "service_card_prices_shop" ON "service_card_prices" USING btree ("tenant_id","shop_id");--> statement-breakpoint
CREATE INDEX "service_card_prices_card_type" ON "service_card_prices" USING btree ("tenant_id","card_type_id");--> statement-breakpoint
CREATE INDEX "service_shop_prices_template" ON "service_shop_prices" USING btree ("tenant_id","template_id");--> statement-breakpoint
CREATE INDEX "stock_bills_tenant_transfer" ON "stock_bills" USING btree ("tenant_id","transfer_id") WHERE "stock_bills"."transfer_id" is not null;