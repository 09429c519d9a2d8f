-- Keys that carry the tenant: every primary key starts with tenant_id, and every reference between
-- tenant tables is (tenant_id, x_id) → x (tenant_id, id), so the database refuses a record of one
-- tenant pointing at another's (foreign keys are checked without row-level security). Runs on
-- existing data in place: the old references go first, then each primary key is swapped (the old
-- `<table>_pkey` or composite key dropped, the new one added), then the references come back with
-- the tenant and their ON DELETE. users.employee_id sets only employee_id to null (PostgreSQL 15+).
-- events_tenant_id is dropped: the new primary key (tenant_id, id) is the same index.
ALTER TABLE "products" DROP CONSTRAINT "products_brand_id_product_brands_id_fk";--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_category_id_product_categories_id_fk";--> statement-breakpoint
ALTER TABLE "service_employees" DROP CONSTRAINT "service_employees_service_id_services_id_fk";--> statement-breakpoint
ALTER TABLE "service_employees" DROP CONSTRAINT "service_employees_employee_id_employees_id_fk";--> statement-breakpoint
ALTER TABLE "service_group_items" DROP CONSTRAINT "service_group_items_group_id_service_groups_id_fk";--> statement-breakpoint
ALTER TABLE "service_group_items" DROP CONSTRAINT "service_group_items_service_id_services_id_fk";--> statement-breakpoint
ALTER TABLE "service_package_items" DROP CONSTRAINT "service_package_items_package_id_service_packages_id_fk";--> statement-breakpoint
ALTER TABLE "service_package_items" DROP CONSTRAINT "service_package_items_service_id_services_id_fk";--> statement-breakpoint
ALTER TABLE "service_package_items" DROP CONSTRAINT "service_package_items_product_id_products_id_fk";--> statement-breakpoint
ALTER TABLE "service_package_shops" DROP CONSTRAINT "service_package_shops_package_id_service_packages_id_fk";--> statement-breakpoint
ALTER TABLE "service_package_shops" DROP CONSTRAINT "service_package_shops_shop_id_shops_id_fk";--> statement-breakpoint
ALTER TABLE "service_packages" DROP CONSTRAINT "service_packages_package_type_id_package_types_id_fk";--> statement-breakpoint
ALTER TABLE "service_positions" DROP CONSTRAINT "service_positions_service_id_services_id_fk";--> statement-breakpoint
ALTER TABLE "service_positions" DROP CONSTRAINT "service_positions_position_id_positions_id_fk";--> statement-breakpoint
ALTER TABLE "services" DROP CONSTRAINT "services_service_type_id_service_types_id_fk";--> statement-breakpoint
ALTER TABLE "services" DROP CONSTRAINT "services_branch_id_branches_id_fk";--> statement-breakpoint
ALTER TABLE "stock_products" DROP CONSTRAINT "stock_products_shop_id_shops_id_fk";--> statement-breakpoint
ALTER TABLE "stock_products" DROP CONSTRAINT "stock_products_product_id_products_id_fk";--> statement-breakpoint
ALTER TABLE "devices" DROP CONSTRAINT "devices_shop_id_shops_id_fk";--> statement-breakpoint
ALTER TABLE "position_authorities" DROP CONSTRAINT "position_authorities_position_id_positions_id_fk";--> statement-breakpoint
ALTER TABLE "position_authorities" DROP CONSTRAINT "position_authorities_authority_id_cashier_authorities_id_fk";--> statement-breakpoint
ALTER TABLE "role_menus" DROP CONSTRAINT "role_menus_role_id_roles_id_fk";--> statement-breakpoint
ALTER TABLE "role_menus" DROP CONSTRAINT "role_menus_menu_id_menus_id_fk";--> statement-breakpoint
ALTER TABLE "roles" DROP CONSTRAINT "roles_role_type_id_role_types_id_fk";--> statement-breakpoint
ALTER TABLE "user_app_passwords" DROP CONSTRAINT "user_app_passwords_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "user_roles" DROP CONSTRAINT "user_roles_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "user_roles" DROP CONSTRAINT "user_roles_role_id_roles_id_fk";--> statement-breakpoint
ALTER TABLE "user_shops" DROP CONSTRAINT "user_shops_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_employee_id_employees_id_fk";--> statement-breakpoint
ALTER TABLE "employee_stream" DROP CONSTRAINT "employee_stream_employee_id_employees_id_fk";--> statement-breakpoint
ALTER TABLE "employees" DROP CONSTRAINT "employees_shop_id_shops_id_fk";--> statement-breakpoint
ALTER TABLE "employees" DROP CONSTRAINT "employees_branch_id_branches_id_fk";--> statement-breakpoint
ALTER TABLE "employees" DROP CONSTRAINT "employees_position_id_positions_id_fk";--> statement-breakpoint
ALTER TABLE "employees" DROP CONSTRAINT "employees_level_id_position_levels_id_fk";--> statement-breakpoint
ALTER TABLE "employees" DROP CONSTRAINT "employees_skill_level_id_skill_levels_id_fk";--> statement-breakpoint
ALTER TABLE "position_levels" DROP CONSTRAINT "position_levels_position_id_positions_id_fk";--> statement-breakpoint
ALTER TABLE "product_categories" DROP CONSTRAINT "product_categories_parent_id_product_categories_id_fk";--> statement-breakpoint
ALTER TABLE "regions" DROP CONSTRAINT "regions_parent_id_regions_id_fk";--> statement-breakpoint
ALTER TABLE "shop_images" DROP CONSTRAINT "shop_images_shop_id_shops_id_fk";--> statement-breakpoint
ALTER TABLE "shops" DROP CONSTRAINT "shops_brand_id_brands_id_fk";--> statement-breakpoint
ALTER TABLE "shops" DROP CONSTRAINT "shops_region_id_regions_id_fk";--> statement-breakpoint
ALTER TABLE "price_template_items" DROP CONSTRAINT "price_template_items_template_id_price_templates_id_fk";--> statement-breakpoint
ALTER TABLE "price_template_shops" DROP CONSTRAINT "price_template_shops_template_id_price_templates_id_fk";--> statement-breakpoint
ALTER TABLE "price_template_shops" DROP CONSTRAINT "price_template_shops_shop_id_shops_id_fk";--> statement-breakpoint
ALTER TABLE "product_shop_prices" DROP CONSTRAINT "product_shop_prices_shop_id_shops_id_fk";--> statement-breakpoint
ALTER TABLE "product_shop_prices" DROP CONSTRAINT "product_shop_prices_product_id_products_id_fk";--> statement-breakpoint
ALTER TABLE "service_card_prices" DROP CONSTRAINT "service_card_prices_service_id_services_id_fk";--> statement-breakpoint
ALTER TABLE "service_card_prices" DROP CONSTRAINT "service_card_prices_card_type_id_card_types_id_fk";--> statement-breakpoint
ALTER TABLE "service_card_prices" DROP CONSTRAINT "service_card_prices_shop_id_shops_id_fk";--> statement-breakpoint
ALTER TABLE "service_shop_prices" DROP CONSTRAINT "service_shop_prices_shop_id_shops_id_fk";--> statement-breakpoint
ALTER TABLE "service_shop_prices" DROP CONSTRAINT "service_shop_prices_service_id_services_id_fk";--> statement-breakpoint
ALTER TABLE "service_specials" DROP CONSTRAINT "service_specials_service_id_services_id_fk";--> statement-breakpoint
ALTER TABLE "service_specials" DROP CONSTRAINT "service_specials_shop_id_shops_id_fk";--> statement-breakpoint
ALTER TABLE "service_specials" DROP CONSTRAINT "service_specials_level_id_position_levels_id_fk";--> statement-breakpoint
ALTER TABLE "product_order_lines" DROP CONSTRAINT "product_order_lines_order_id_product_orders_id_fk";--> statement-breakpoint
ALTER TABLE "product_order_lines" DROP CONSTRAINT "product_order_lines_product_id_products_id_fk";--> statement-breakpoint
ALTER TABLE "product_orders" DROP CONSTRAINT "product_orders_shop_id_shops_id_fk";--> statement-breakpoint
ALTER TABLE "stock_bill_lines" DROP CONSTRAINT "stock_bill_lines_bill_id_stock_bills_id_fk";--> statement-breakpoint
ALTER TABLE "stock_bill_lines" DROP CONSTRAINT "stock_bill_lines_product_id_products_id_fk";--> statement-breakpoint
ALTER TABLE "stock_bills" DROP CONSTRAINT "stock_bills_shop_id_shops_id_fk";--> statement-breakpoint
ALTER TABLE "stock_bills" DROP CONSTRAINT "stock_bills_reason_id_stock_reasons_id_fk";--> statement-breakpoint
ALTER TABLE "stock_bills" DROP CONSTRAINT "stock_bills_counterpart_shop_id_shops_id_fk";--> statement-breakpoint
DROP INDEX "events_tenant_id";--> statement-breakpoint
ALTER TABLE "service_employees" DROP CONSTRAINT "service_employees_service_id_employee_id_pk";--> statement-breakpoint
ALTER TABLE "service_group_items" DROP CONSTRAINT "service_group_items_group_id_service_id_pk";--> statement-breakpoint
ALTER TABLE "service_package_shops" DROP CONSTRAINT "service_package_shops_package_id_shop_id_pk";--> statement-breakpoint
ALTER TABLE "service_positions" DROP CONSTRAINT "service_positions_service_id_position_id_pk";--> statement-breakpoint
ALTER TABLE "role_menus" DROP CONSTRAINT "role_menus_role_id_menu_id_pk";--> statement-breakpoint
ALTER TABLE "user_app_passwords" DROP CONSTRAINT "user_app_passwords_user_id_app_id_pk";--> statement-breakpoint
ALTER TABLE "user_roles" DROP CONSTRAINT "user_roles_user_id_role_id_pk";--> statement-breakpoint
ALTER TABLE "user_shops" DROP CONSTRAINT "user_shops_user_id_kind_shop_id_pk";--> statement-breakpoint
ALTER TABLE "price_template_items" DROP CONSTRAINT "price_template_items_template_id_item_id_pk";--> statement-breakpoint
ALTER TABLE "price_template_shops" DROP CONSTRAINT "price_template_shops_template_id_shop_id_pk";--> statement-breakpoint
ALTER TABLE "product_brands" DROP CONSTRAINT "product_brands_pkey";--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_pkey";--> statement-breakpoint
ALTER TABLE "service_groups" DROP CONSTRAINT "service_groups_pkey";--> statement-breakpoint
ALTER TABLE "service_package_items" DROP CONSTRAINT "service_package_items_pkey";--> statement-breakpoint
ALTER TABLE "service_packages" DROP CONSTRAINT "service_packages_pkey";--> statement-breakpoint
ALTER TABLE "services" DROP CONSTRAINT "services_pkey";--> statement-breakpoint
ALTER TABLE "stock_products" DROP CONSTRAINT "stock_products_pkey";--> statement-breakpoint
ALTER TABLE "applications" DROP CONSTRAINT "applications_pkey";--> statement-breakpoint
ALTER TABLE "cashier_authorities" DROP CONSTRAINT "cashier_authorities_pkey";--> statement-breakpoint
ALTER TABLE "devices" DROP CONSTRAINT "devices_pkey";--> statement-breakpoint
ALTER TABLE "menus" DROP CONSTRAINT "menus_pkey";--> statement-breakpoint
ALTER TABLE "position_authorities" DROP CONSTRAINT "position_authorities_pkey";--> statement-breakpoint
ALTER TABLE "revoked_tokens" DROP CONSTRAINT "revoked_tokens_pkey";--> statement-breakpoint
ALTER TABLE "role_types" DROP CONSTRAINT "role_types_pkey";--> statement-breakpoint
ALTER TABLE "roles" DROP CONSTRAINT "roles_pkey";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_pkey";--> statement-breakpoint
ALTER TABLE "card_types" DROP CONSTRAINT "card_types_pkey";--> statement-breakpoint
ALTER TABLE "branches" DROP CONSTRAINT "branches_pkey";--> statement-breakpoint
ALTER TABLE "brands" DROP CONSTRAINT "brands_pkey";--> statement-breakpoint
ALTER TABLE "channels" DROP CONSTRAINT "channels_pkey";--> statement-breakpoint
ALTER TABLE "dist_channels" DROP CONSTRAINT "dist_channels_pkey";--> statement-breakpoint
ALTER TABLE "employee_stream" DROP CONSTRAINT "employee_stream_pkey";--> statement-breakpoint
ALTER TABLE "employees" DROP CONSTRAINT "employees_pkey";--> statement-breakpoint
ALTER TABLE "member_grades" DROP CONSTRAINT "member_grades_pkey";--> statement-breakpoint
ALTER TABLE "member_statuses" DROP CONSTRAINT "member_statuses_pkey";--> statement-breakpoint
ALTER TABLE "package_types" DROP CONSTRAINT "package_types_pkey";--> statement-breakpoint
ALTER TABLE "position_levels" DROP CONSTRAINT "position_levels_pkey";--> statement-breakpoint
ALTER TABLE "positions" DROP CONSTRAINT "positions_pkey";--> statement-breakpoint
ALTER TABLE "product_categories" DROP CONSTRAINT "product_categories_pkey";--> statement-breakpoint
ALTER TABLE "regions" DROP CONSTRAINT "regions_pkey";--> statement-breakpoint
ALTER TABLE "service_types" DROP CONSTRAINT "service_types_pkey";--> statement-breakpoint
ALTER TABLE "shop_images" DROP CONSTRAINT "shop_images_pkey";--> statement-breakpoint
ALTER TABLE "shops" DROP CONSTRAINT "shops_pkey";--> statement-breakpoint
ALTER TABLE "skill_levels" DROP CONSTRAINT "skill_levels_pkey";--> statement-breakpoint
ALTER TABLE "price_controls" DROP CONSTRAINT "price_controls_pkey";--> statement-breakpoint
ALTER TABLE "price_templates" DROP CONSTRAINT "price_templates_pkey";--> statement-breakpoint
ALTER TABLE "product_shop_prices" DROP CONSTRAINT "product_shop_prices_pkey";--> statement-breakpoint
ALTER TABLE "service_card_prices" DROP CONSTRAINT "service_card_prices_pkey";--> statement-breakpoint
ALTER TABLE "service_shop_prices" DROP CONSTRAINT "service_shop_prices_pkey";--> statement-breakpoint
ALTER TABLE "service_special_logs" DROP CONSTRAINT "service_special_logs_pkey";--> statement-breakpoint
ALTER TABLE "service_specials" DROP CONSTRAINT "service_specials_pkey";--> statement-breakpoint
ALTER TABLE "product_order_lines" DROP CONSTRAINT "product_order_lines_pkey";--> statement-breakpoint
ALTER TABLE "product_orders" DROP CONSTRAINT "product_orders_pkey";--> statement-breakpoint
ALTER TABLE "stock_balances" DROP CONSTRAINT "stock_balances_pkey";--> statement-breakpoint
ALTER TABLE "stock_bill_lines" DROP CONSTRAINT "stock_bill_lines_pkey";--> statement-breakpoint
ALTER TABLE "stock_bills" DROP CONSTRAINT "stock_bills_pkey";--> statement-breakpoint
ALTER TABLE "stock_ledger" DROP CONSTRAINT "stock_ledger_pkey";--> statement-breakpoint
ALTER TABLE "stock_reasons" DROP CONSTRAINT "stock_reasons_pkey";--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_pkey";--> statement-breakpoint
ALTER TABLE "bill_logs" DROP CONSTRAINT "bill_logs_pkey";--> statement-breakpoint
ALTER TABLE "events" DROP CONSTRAINT "events_pkey";--> statement-breakpoint
ALTER TABLE "files" DROP CONSTRAINT "files_pkey";--> statement-breakpoint
ALTER TABLE "jobs" DROP CONSTRAINT "jobs_pkey";--> statement-breakpoint
ALTER TABLE "product_brands" ADD CONSTRAINT "product_brands_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "service_employees" ADD CONSTRAINT "service_employees_tenant_id_service_id_employee_id_pk" PRIMARY KEY("tenant_id","service_id","employee_id");--> statement-breakpoint
ALTER TABLE "service_group_items" ADD CONSTRAINT "service_group_items_tenant_id_group_id_service_id_pk" PRIMARY KEY("tenant_id","group_id","service_id");--> statement-breakpoint
ALTER TABLE "service_groups" ADD CONSTRAINT "service_groups_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "service_package_items" ADD CONSTRAINT "service_package_items_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "service_package_shops" ADD CONSTRAINT "service_package_shops_tenant_id_package_id_shop_id_pk" PRIMARY KEY("tenant_id","package_id","shop_id");--> statement-breakpoint
ALTER TABLE "service_packages" ADD CONSTRAINT "service_packages_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "service_positions" ADD CONSTRAINT "service_positions_tenant_id_service_id_position_id_pk" PRIMARY KEY("tenant_id","service_id","position_id");--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "stock_products" ADD CONSTRAINT "stock_products_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "cashier_authorities" ADD CONSTRAINT "cashier_authorities_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "menus" ADD CONSTRAINT "menus_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "position_authorities" ADD CONSTRAINT "position_authorities_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "revoked_tokens" ADD CONSTRAINT "revoked_tokens_tenant_id_jti_pk" PRIMARY KEY("tenant_id","jti");--> statement-breakpoint
ALTER TABLE "role_menus" ADD CONSTRAINT "role_menus_tenant_id_role_id_menu_id_pk" PRIMARY KEY("tenant_id","role_id","menu_id");--> statement-breakpoint
ALTER TABLE "role_types" ADD CONSTRAINT "role_types_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "user_app_passwords" ADD CONSTRAINT "user_app_passwords_tenant_id_user_id_app_id_pk" PRIMARY KEY("tenant_id","user_id","app_id");--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_tenant_id_user_id_role_id_pk" PRIMARY KEY("tenant_id","user_id","role_id");--> statement-breakpoint
ALTER TABLE "user_shops" ADD CONSTRAINT "user_shops_tenant_id_user_id_kind_shop_id_pk" PRIMARY KEY("tenant_id","user_id","kind","shop_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "card_types" ADD CONSTRAINT "card_types_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "dist_channels" ADD CONSTRAINT "dist_channels_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "employee_stream" ADD CONSTRAINT "employee_stream_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "member_grades" ADD CONSTRAINT "member_grades_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "member_statuses" ADD CONSTRAINT "member_statuses_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "package_types" ADD CONSTRAINT "package_types_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "position_levels" ADD CONSTRAINT "position_levels_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "regions" ADD CONSTRAINT "regions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "service_types" ADD CONSTRAINT "service_types_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "shop_images" ADD CONSTRAINT "shop_images_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "skill_levels" ADD CONSTRAINT "skill_levels_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "price_controls" ADD CONSTRAINT "price_controls_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "price_template_items" ADD CONSTRAINT "price_template_items_tenant_id_template_id_item_id_pk" PRIMARY KEY("tenant_id","template_id","item_id");--> statement-breakpoint
ALTER TABLE "price_template_shops" ADD CONSTRAINT "price_template_shops_tenant_id_template_id_shop_id_pk" PRIMARY KEY("tenant_id","template_id","shop_id");--> statement-breakpoint
ALTER TABLE "price_templates" ADD CONSTRAINT "price_templates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "product_shop_prices" ADD CONSTRAINT "product_shop_prices_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "service_card_prices" ADD CONSTRAINT "service_card_prices_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "service_shop_prices" ADD CONSTRAINT "service_shop_prices_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "service_special_logs" ADD CONSTRAINT "service_special_logs_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "service_specials" ADD CONSTRAINT "service_specials_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "product_order_lines" ADD CONSTRAINT "product_order_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "product_orders" ADD CONSTRAINT "product_orders_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "stock_bill_lines" ADD CONSTRAINT "stock_bill_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "stock_bills" ADD CONSTRAINT "stock_bills_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "stock_reasons" ADD CONSTRAINT "stock_reasons_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "bill_logs" ADD CONSTRAINT "bill_logs_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_fk" FOREIGN KEY ("tenant_id","brand_id") REFERENCES "public"."product_brands"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_fk" FOREIGN KEY ("tenant_id","category_id") REFERENCES "public"."product_categories"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_employees" ADD CONSTRAINT "service_employees_service_id_fk" FOREIGN KEY ("tenant_id","service_id") REFERENCES "public"."services"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_employees" ADD CONSTRAINT "service_employees_employee_id_fk" FOREIGN KEY ("tenant_id","employee_id") REFERENCES "public"."employees"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_group_items" ADD CONSTRAINT "service_group_items_group_id_fk" FOREIGN KEY ("tenant_id","group_id") REFERENCES "public"."service_groups"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_group_items" ADD CONSTRAINT "service_group_items_service_id_fk" FOREIGN KEY ("tenant_id","service_id") REFERENCES "public"."services"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_package_items" ADD CONSTRAINT "service_package_items_package_id_fk" FOREIGN KEY ("tenant_id","package_id") REFERENCES "public"."service_packages"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_package_items" ADD CONSTRAINT "service_package_items_service_id_fk" FOREIGN KEY ("tenant_id","service_id") REFERENCES "public"."services"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_package_items" ADD CONSTRAINT "service_package_items_product_id_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."products"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_package_shops" ADD CONSTRAINT "service_package_shops_package_id_fk" FOREIGN KEY ("tenant_id","package_id") REFERENCES "public"."service_packages"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_package_shops" ADD CONSTRAINT "service_package_shops_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_packages" ADD CONSTRAINT "service_packages_package_type_id_fk" FOREIGN KEY ("tenant_id","package_type_id") REFERENCES "public"."package_types"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_positions" ADD CONSTRAINT "service_positions_service_id_fk" FOREIGN KEY ("tenant_id","service_id") REFERENCES "public"."services"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_positions" ADD CONSTRAINT "service_positions_position_id_fk" FOREIGN KEY ("tenant_id","position_id") REFERENCES "public"."positions"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_service_type_id_fk" FOREIGN KEY ("tenant_id","service_type_id") REFERENCES "public"."service_types"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_branch_id_fk" FOREIGN KEY ("tenant_id","branch_id") REFERENCES "public"."branches"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_products" ADD CONSTRAINT "stock_products_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_products" ADD CONSTRAINT "stock_products_product_id_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."products"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_authorities" ADD CONSTRAINT "position_authorities_position_id_fk" FOREIGN KEY ("tenant_id","position_id") REFERENCES "public"."positions"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_authorities" ADD CONSTRAINT "position_authorities_authority_id_fk" FOREIGN KEY ("tenant_id","authority_id") REFERENCES "public"."cashier_authorities"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_menus" ADD CONSTRAINT "role_menus_role_id_fk" FOREIGN KEY ("tenant_id","role_id") REFERENCES "public"."roles"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_menus" ADD CONSTRAINT "role_menus_menu_id_fk" FOREIGN KEY ("tenant_id","menu_id") REFERENCES "public"."menus"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_role_type_id_fk" FOREIGN KEY ("tenant_id","role_type_id") REFERENCES "public"."role_types"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_app_passwords" ADD CONSTRAINT "user_app_passwords_user_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_id_fk" FOREIGN KEY ("tenant_id","role_id") REFERENCES "public"."roles"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_shops" ADD CONSTRAINT "user_shops_user_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_employee_id_fk" FOREIGN KEY ("tenant_id","employee_id") REFERENCES "public"."employees"("tenant_id","id") ON DELETE set null (employee_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_stream" ADD CONSTRAINT "employee_stream_employee_id_fk" FOREIGN KEY ("tenant_id","employee_id") REFERENCES "public"."employees"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_branch_id_fk" FOREIGN KEY ("tenant_id","branch_id") REFERENCES "public"."branches"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_position_id_fk" FOREIGN KEY ("tenant_id","position_id") REFERENCES "public"."positions"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_level_id_fk" FOREIGN KEY ("tenant_id","level_id") REFERENCES "public"."position_levels"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_skill_level_id_fk" FOREIGN KEY ("tenant_id","skill_level_id") REFERENCES "public"."skill_levels"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_levels" ADD CONSTRAINT "position_levels_position_id_fk" FOREIGN KEY ("tenant_id","position_id") REFERENCES "public"."positions"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_parent_id_fk" FOREIGN KEY ("tenant_id","parent_id") REFERENCES "public"."product_categories"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regions" ADD CONSTRAINT "regions_parent_id_fk" FOREIGN KEY ("tenant_id","parent_id") REFERENCES "public"."regions"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_images" ADD CONSTRAINT "shop_images_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_brand_id_fk" FOREIGN KEY ("tenant_id","brand_id") REFERENCES "public"."brands"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_region_id_fk" FOREIGN KEY ("tenant_id","region_id") REFERENCES "public"."regions"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_template_items" ADD CONSTRAINT "price_template_items_template_id_fk" FOREIGN KEY ("tenant_id","template_id") REFERENCES "public"."price_templates"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_template_shops" ADD CONSTRAINT "price_template_shops_template_id_fk" FOREIGN KEY ("tenant_id","template_id") REFERENCES "public"."price_templates"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_template_shops" ADD CONSTRAINT "price_template_shops_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_shop_prices" ADD CONSTRAINT "product_shop_prices_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_shop_prices" ADD CONSTRAINT "product_shop_prices_product_id_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."products"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_card_prices" ADD CONSTRAINT "service_card_prices_service_id_fk" FOREIGN KEY ("tenant_id","service_id") REFERENCES "public"."services"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_card_prices" ADD CONSTRAINT "service_card_prices_card_type_id_fk" FOREIGN KEY ("tenant_id","card_type_id") REFERENCES "public"."card_types"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_card_prices" ADD CONSTRAINT "service_card_prices_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_shop_prices" ADD CONSTRAINT "service_shop_prices_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_shop_prices" ADD CONSTRAINT "service_shop_prices_service_id_fk" FOREIGN KEY ("tenant_id","service_id") REFERENCES "public"."services"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_specials" ADD CONSTRAINT "service_specials_service_id_fk" FOREIGN KEY ("tenant_id","service_id") REFERENCES "public"."services"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_specials" ADD CONSTRAINT "service_specials_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_specials" ADD CONSTRAINT "service_specials_level_id_fk" FOREIGN KEY ("tenant_id","level_id") REFERENCES "public"."position_levels"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_order_lines" ADD CONSTRAINT "product_order_lines_order_id_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."product_orders"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_order_lines" ADD CONSTRAINT "product_order_lines_product_id_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."products"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_orders" ADD CONSTRAINT "product_orders_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_bill_lines" ADD CONSTRAINT "stock_bill_lines_bill_id_fk" FOREIGN KEY ("tenant_id","bill_id") REFERENCES "public"."stock_bills"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_bill_lines" ADD CONSTRAINT "stock_bill_lines_product_id_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."products"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_bills" ADD CONSTRAINT "stock_bills_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_bills" ADD CONSTRAINT "stock_bills_reason_id_fk" FOREIGN KEY ("tenant_id","reason_id") REFERENCES "public"."stock_reasons"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_bills" ADD CONSTRAINT "stock_bills_counterpart_shop_id_fk" FOREIGN KEY ("tenant_id","counterpart_shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE no action ON UPDATE no action;
