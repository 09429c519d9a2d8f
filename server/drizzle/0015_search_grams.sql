CREATE TABLE "product_grams" (
	"tenant_id" bigint NOT NULL,
	"gram" text NOT NULL,
	"record_id" bigint NOT NULL,
	CONSTRAINT "product_grams_tenant_id_gram_record_id_pk" PRIMARY KEY("tenant_id","gram","record_id")
);
--> statement-breakpoint
CREATE TABLE "employee_grams" (
	"tenant_id" bigint NOT NULL,
	"gram" text NOT NULL,
	"record_id" bigint NOT NULL,
	CONSTRAINT "employee_grams_tenant_id_gram_record_id_pk" PRIMARY KEY("tenant_id","gram","record_id")
);
--> statement-breakpoint
ALTER TABLE "product_grams" ADD CONSTRAINT "product_grams_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_grams" ADD CONSTRAINT "product_grams_record_id_fk" FOREIGN KEY ("tenant_id","record_id") REFERENCES "public"."products"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_grams" ADD CONSTRAINT "employee_grams_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_grams" ADD CONSTRAINT "employee_grams_record_id_fk" FOREIGN KEY ("tenant_id","record_id") REFERENCES "public"."employees"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_grams_tenant_record" ON "product_grams" USING btree ("tenant_id","record_id");--> statement-breakpoint
CREATE INDEX "employee_grams_tenant_record" ON "employee_grams" USING btree ("tenant_id","record_id");--> statement-breakpoint
-- The 2-character pieces of a text, lower case, none with whitespace: what a gram table keeps of a
-- record, so that a keyword of two characters or more is an equality on (tenant_id, gram) under the
-- tenant policy (platform/search.ts). Kept by triggers, so that every way of writing a product or an
-- employee (forms, imports, SQL) keeps its pieces.
CREATE FUNCTION app_grams(source text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT substr(lower(source), i, 2) FROM generate_series(1, char_length(source) - 1) AS i
  WHERE substr(source, i, 2) !~ '\s'
$$;
--> statement-breakpoint
CREATE FUNCTION product_grams_keep() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.search_text IS NOT DISTINCT FROM OLD.search_text THEN RETURN NULL; END IF;
    DELETE FROM product_grams WHERE tenant_id = OLD.tenant_id AND record_id = OLD.id;
  END IF;
  INSERT INTO product_grams (tenant_id, gram, record_id) SELECT NEW.tenant_id, g, NEW.id FROM app_grams(NEW.search_text) AS g;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_grams AFTER INSERT OR UPDATE OF pcode, name, barcode ON products
FOR EACH ROW EXECUTE FUNCTION product_grams_keep();
--> statement-breakpoint
CREATE FUNCTION employee_grams_keep() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF (NEW.eecode, NEW.name, NEW.mobile) IS NOT DISTINCT FROM (OLD.eecode, OLD.name, OLD.mobile) THEN RETURN NULL; END IF;
    DELETE FROM employee_grams WHERE tenant_id = OLD.tenant_id AND record_id = OLD.id;
  END IF;
  INSERT INTO employee_grams (tenant_id, gram, record_id)
  SELECT NEW.tenant_id, g, NEW.id FROM app_grams(concat_ws(' ', NEW.eecode, NEW.name, NEW.mobile)) AS g;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER employees_grams AFTER INSERT OR UPDATE OF eecode, name, mobile ON employees
FOR EACH ROW EXECUTE FUNCTION employee_grams_keep();
--> statement-breakpoint
INSERT INTO product_grams (tenant_id, gram, record_id) SELECT p.tenant_id, g, p.id FROM products p, app_grams(p.search_text) AS g;
--> statement-breakpoint
INSERT INTO employee_grams (tenant_id, gram, record_id)
SELECT e.tenant_id, g, e.id FROM employees e, app_grams(concat_ws(' ', e.eecode, e.name, e.mobile)) AS g;
