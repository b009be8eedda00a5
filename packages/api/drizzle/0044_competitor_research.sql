CREATE TABLE "competitor_businesses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "competitor_businesses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"company_id" bigint NOT NULL,
	"city_id" bigint,
	"business_mode" smallint NOT NULL,
	"term_months" integer NOT NULL,
	"deposit" bigint,
	"down_payment" bigint,
	"tax_basis" smallint NOT NULL,
	"mileage_limit" integer,
	"rent_free_days" integer,
	"cash_back" bigint,
	"incentives" text,
	"survey_date" date NOT NULL,
	"source" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "competitor_cars" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "competitor_cars_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"model" text NOT NULL,
	"company_id" bigint NOT NULL,
	"city_id" bigint,
	"energy_type" smallint NOT NULL,
	"business_mode" smallint NOT NULL,
	"rent_amount" bigint NOT NULL,
	"rent_period" smallint NOT NULL,
	"monthly_rent" bigint,
	"tax_basis" smallint NOT NULL,
	"deposit" bigint,
	"term_months" integer,
	"survey_date" date NOT NULL,
	"source" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "competitor_companies" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "competitor_companies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"city_id" bigint NOT NULL,
	"fleet_size" integer,
	"platforms" text,
	"address" text,
	"survey_date" date NOT NULL,
	"source" text NOT NULL,
	"remark" text,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "competitor_platforms" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "competitor_platforms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"mode" smallint NOT NULL,
	"cities" text NOT NULL,
	"commission_cap" integer NOT NULL,
	"observed_rate" integer,
	"compliance_rate" integer,
	"partner_count" integer,
	"partner_cap" integer,
	"incentives" text,
	"entry_rules" text,
	"survey_date" date NOT NULL,
	"source" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "competitor_warnings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "competitor_warnings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"city_id" bigint NOT NULL,
	"warning_type" smallint NOT NULL,
	"issuer" text NOT NULL,
	"issued_on" date NOT NULL,
	"effective_on" date,
	"summary" text NOT NULL,
	"source_url" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fuel_prices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fuel_prices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"model" text NOT NULL,
	"shop_id" bigint NOT NULL,
	"service_item" smallint NOT NULL,
	"price" bigint NOT NULL,
	"tax_basis" smallint NOT NULL,
	"interval_km" integer,
	"interval_months" integer,
	"survey_date" date NOT NULL,
	"source" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fuel_shops" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fuel_shops_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"shop_type" smallint NOT NULL,
	"city_id" bigint NOT NULL,
	"address" text NOT NULL,
	"brands" text,
	"labour_rate" bigint,
	"warranty" text,
	"partnership" smallint NOT NULL,
	"survey_date" date NOT NULL,
	"source" text NOT NULL,
	"remark" text,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "new_energy_prices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "new_energy_prices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"model" text NOT NULL,
	"shop_id" bigint NOT NULL,
	"service_item" smallint NOT NULL,
	"price" bigint NOT NULL,
	"tax_basis" smallint NOT NULL,
	"interval_km" integer,
	"interval_months" integer,
	"survey_date" date NOT NULL,
	"source" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "new_energy_shops" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "new_energy_shops_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"shop_type" smallint NOT NULL,
	"city_id" bigint NOT NULL,
	"address" text NOT NULL,
	"brands" text,
	"labour_rate" bigint,
	"warranty" text,
	"partnership" smallint NOT NULL,
	"survey_date" date NOT NULL,
	"source" text NOT NULL,
	"remark" text,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "competitor_businesses_tenant_survey_date_idx" ON "competitor_businesses" USING btree ("tenant_id","survey_date","id");--> statement-breakpoint
CREATE INDEX "competitor_businesses_tenant_term_months_idx" ON "competitor_businesses" USING btree ("tenant_id","term_months","id");--> statement-breakpoint
CREATE INDEX "competitor_businesses_tenant_deposit_idx" ON "competitor_businesses" USING btree ("tenant_id","deposit","id");--> statement-breakpoint
CREATE INDEX "competitor_businesses_tenant_created_at_idx" ON "competitor_businesses" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "competitor_businesses_name_trgm_idx" ON "competitor_businesses" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "competitor_businesses_tenant_company_id_filter_idx" ON "competitor_businesses" USING btree ("tenant_id","company_id","survey_date","id");--> statement-breakpoint
CREATE INDEX "competitor_businesses_tenant_city_id_filter_idx" ON "competitor_businesses" USING btree ("tenant_id","city_id","survey_date","id");--> statement-breakpoint
CREATE INDEX "competitor_businesses_tenant_business_mode_filter_idx" ON "competitor_businesses" USING btree ("tenant_id","business_mode","survey_date","id");--> statement-breakpoint
CREATE INDEX "competitor_cars_tenant_monthly_rent_idx" ON "competitor_cars" USING btree ("tenant_id","monthly_rent","id");--> statement-breakpoint
CREATE INDEX "competitor_cars_tenant_survey_date_idx" ON "competitor_cars" USING btree ("tenant_id","survey_date","id");--> statement-breakpoint
CREATE INDEX "competitor_cars_tenant_created_at_idx" ON "competitor_cars" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "competitor_cars_model_trgm_idx" ON "competitor_cars" USING gin ("model" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "competitor_cars_tenant_company_id_filter_idx" ON "competitor_cars" USING btree ("tenant_id","company_id","monthly_rent","id");--> statement-breakpoint
CREATE INDEX "competitor_cars_tenant_city_id_filter_idx" ON "competitor_cars" USING btree ("tenant_id","city_id","monthly_rent","id");--> statement-breakpoint
CREATE INDEX "competitor_cars_tenant_energy_type_filter_idx" ON "competitor_cars" USING btree ("tenant_id","energy_type","monthly_rent","id");--> statement-breakpoint
CREATE INDEX "competitor_cars_tenant_business_mode_filter_idx" ON "competitor_cars" USING btree ("tenant_id","business_mode","monthly_rent","id");--> statement-breakpoint
CREATE INDEX "competitor_cars_tenant_tax_basis_filter_idx" ON "competitor_cars" USING btree ("tenant_id","tax_basis","monthly_rent","id");--> statement-breakpoint
CREATE INDEX "competitor_companies_tenant_survey_date_idx" ON "competitor_companies" USING btree ("tenant_id","survey_date","id");--> statement-breakpoint
CREATE INDEX "competitor_companies_tenant_fleet_size_idx" ON "competitor_companies" USING btree ("tenant_id","fleet_size","id");--> statement-breakpoint
CREATE INDEX "competitor_companies_tenant_created_at_idx" ON "competitor_companies" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "competitor_companies_name_trgm_idx" ON "competitor_companies" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "competitor_companies_tenant_city_id_filter_idx" ON "competitor_companies" USING btree ("tenant_id","city_id","survey_date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "competitor_platforms_tenant_name_key" ON "competitor_platforms" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "competitor_platforms_tenant_survey_date_idx" ON "competitor_platforms" USING btree ("tenant_id","survey_date","id");--> statement-breakpoint
CREATE INDEX "competitor_platforms_tenant_commission_cap_idx" ON "competitor_platforms" USING btree ("tenant_id","commission_cap","id");--> statement-breakpoint
CREATE INDEX "competitor_platforms_tenant_observed_rate_idx" ON "competitor_platforms" USING btree ("tenant_id","observed_rate","id");--> statement-breakpoint
CREATE INDEX "competitor_platforms_tenant_compliance_rate_idx" ON "competitor_platforms" USING btree ("tenant_id","compliance_rate","id");--> statement-breakpoint
CREATE INDEX "competitor_platforms_tenant_created_at_idx" ON "competitor_platforms" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "competitor_platforms_name_trgm_idx" ON "competitor_platforms" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "competitor_platforms_tenant_mode_filter_idx" ON "competitor_platforms" USING btree ("tenant_id","mode","survey_date","id");--> statement-breakpoint
CREATE INDEX "competitor_platforms_cities_trgm_idx" ON "competitor_platforms" USING gin ("cities" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "competitor_warnings_tenant_issued_on_idx" ON "competitor_warnings" USING btree ("tenant_id","issued_on","id");--> statement-breakpoint
CREATE INDEX "competitor_warnings_tenant_effective_on_idx" ON "competitor_warnings" USING btree ("tenant_id","effective_on","id");--> statement-breakpoint
CREATE INDEX "competitor_warnings_tenant_created_at_idx" ON "competitor_warnings" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "competitor_warnings_title_trgm_idx" ON "competitor_warnings" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "competitor_warnings_tenant_city_id_filter_idx" ON "competitor_warnings" USING btree ("tenant_id","city_id","issued_on","id");--> statement-breakpoint
CREATE INDEX "competitor_warnings_tenant_warning_type_filter_idx" ON "competitor_warnings" USING btree ("tenant_id","warning_type","issued_on","id");--> statement-breakpoint
CREATE INDEX "fuel_prices_tenant_survey_date_idx" ON "fuel_prices" USING btree ("tenant_id","survey_date","id");--> statement-breakpoint
CREATE INDEX "fuel_prices_tenant_price_idx" ON "fuel_prices" USING btree ("tenant_id","price","id");--> statement-breakpoint
CREATE INDEX "fuel_prices_tenant_created_at_idx" ON "fuel_prices" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "fuel_prices_model_trgm_idx" ON "fuel_prices" USING gin ("model" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "fuel_prices_tenant_shop_id_filter_idx" ON "fuel_prices" USING btree ("tenant_id","shop_id","survey_date","id");--> statement-breakpoint
CREATE INDEX "fuel_prices_tenant_service_item_filter_idx" ON "fuel_prices" USING btree ("tenant_id","service_item","survey_date","id");--> statement-breakpoint
CREATE INDEX "fuel_prices_tenant_tax_basis_filter_idx" ON "fuel_prices" USING btree ("tenant_id","tax_basis","survey_date","id");--> statement-breakpoint
CREATE INDEX "fuel_shops_tenant_survey_date_idx" ON "fuel_shops" USING btree ("tenant_id","survey_date","id");--> statement-breakpoint
CREATE INDEX "fuel_shops_tenant_labour_rate_idx" ON "fuel_shops" USING btree ("tenant_id","labour_rate","id");--> statement-breakpoint
CREATE INDEX "fuel_shops_tenant_created_at_idx" ON "fuel_shops" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "fuel_shops_name_trgm_idx" ON "fuel_shops" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "fuel_shops_tenant_shop_type_filter_idx" ON "fuel_shops" USING btree ("tenant_id","shop_type","survey_date","id");--> statement-breakpoint
CREATE INDEX "fuel_shops_tenant_city_id_filter_idx" ON "fuel_shops" USING btree ("tenant_id","city_id","survey_date","id");--> statement-breakpoint
CREATE INDEX "fuel_shops_tenant_partnership_filter_idx" ON "fuel_shops" USING btree ("tenant_id","partnership","survey_date","id");--> statement-breakpoint
CREATE INDEX "new_energy_prices_tenant_survey_date_idx" ON "new_energy_prices" USING btree ("tenant_id","survey_date","id");--> statement-breakpoint
CREATE INDEX "new_energy_prices_tenant_price_idx" ON "new_energy_prices" USING btree ("tenant_id","price","id");--> statement-breakpoint
CREATE INDEX "new_energy_prices_tenant_created_at_idx" ON "new_energy_prices" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "new_energy_prices_model_trgm_idx" ON "new_energy_prices" USING gin ("model" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "new_energy_prices_tenant_shop_id_filter_idx" ON "new_energy_prices" USING btree ("tenant_id","shop_id","survey_date","id");--> statement-breakpoint
CREATE INDEX "new_energy_prices_tenant_service_item_filter_idx" ON "new_energy_prices" USING btree ("tenant_id","service_item","survey_date","id");--> statement-breakpoint
CREATE INDEX "new_energy_prices_tenant_tax_basis_filter_idx" ON "new_energy_prices" USING btree ("tenant_id","tax_basis","survey_date","id");--> statement-breakpoint
CREATE INDEX "new_energy_shops_tenant_survey_date_idx" ON "new_energy_shops" USING btree ("tenant_id","survey_date","id");--> statement-breakpoint
CREATE INDEX "new_energy_shops_tenant_labour_rate_idx" ON "new_energy_shops" USING btree ("tenant_id","labour_rate","id");--> statement-breakpoint
CREATE INDEX "new_energy_shops_tenant_created_at_idx" ON "new_energy_shops" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "new_energy_shops_name_trgm_idx" ON "new_energy_shops" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "new_energy_shops_tenant_shop_type_filter_idx" ON "new_energy_shops" USING btree ("tenant_id","shop_type","survey_date","id");--> statement-breakpoint
CREATE INDEX "new_energy_shops_tenant_city_id_filter_idx" ON "new_energy_shops" USING btree ("tenant_id","city_id","survey_date","id");--> statement-breakpoint
CREATE INDEX "new_energy_shops_tenant_partnership_filter_idx" ON "new_energy_shops" USING btree ("tenant_id","partnership","survey_date","id");