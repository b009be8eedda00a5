CREATE TABLE "branch_companies" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "branch_companies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"short_name" text NOT NULL,
	"full_name" text NOT NULL,
	"credit_code" text,
	"legal_representative" text,
	"registered_address" text,
	"business_lines" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"permit_no" text,
	"permit_expiry" date,
	"signing_entity" text,
	"bank_account_name" text,
	"bank_name" text,
	"bank_account_no" text,
	"invoice_title" text,
	"invoice_tax_no" text,
	"invoice_address_phone" text,
	"invoice_bank_account" text,
	"bill_lead_days" integer DEFAULT 5 NOT NULL,
	"grace_days" integer DEFAULT 3 NOT NULL,
	"late_fee_rate" integer DEFAULT 5 NOT NULL,
	"power_off_speed_kmh" integer DEFAULT 5 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "branch_company_cities" (
	"company_id" bigint NOT NULL,
	"city_id" bigint NOT NULL,
	"tenant_id" bigint NOT NULL,
	CONSTRAINT "branch_company_cities_company_id_city_id_pk" PRIMARY KEY("company_id","city_id")
);
--> statement-breakpoint
ALTER TABLE "app_keys" ADD COLUMN "status" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "app_keys" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app_keys" ADD COLUMN "updated_by" bigint;--> statement-breakpoint
ALTER TABLE "app_keys" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "branch_companies_tenant_key" ON "branch_companies" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "branch_companies_business_lines_idx" ON "branch_companies" USING gin ("business_lines");--> statement-breakpoint
CREATE INDEX "branch_companies_tenant_created_at_idx" ON "branch_companies" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "branch_companies_tenant_permit_expiry_idx" ON "branch_companies" USING btree ("tenant_id","permit_expiry","id");--> statement-breakpoint
CREATE INDEX "branch_companies_short_name_trgm_idx" ON "branch_companies" USING gin ("short_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "branch_companies_tenant_business_lines_filter_idx" ON "branch_companies" USING btree ("tenant_id","business_lines","created_at","id");--> statement-breakpoint
CREATE INDEX "branch_companies_tenant_status_filter_idx" ON "branch_companies" USING btree ("tenant_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "branch_company_cities_city_idx" ON "branch_company_cities" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "app_keys_tenant_created_at_idx" ON "app_keys" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "app_keys_tenant_status_filter_idx" ON "app_keys" USING btree ("tenant_id","status","created_at","id");--> statement-breakpoint
-- Data kept across the change (keep these when regenerating): a stopped key stays stopped, and each branch
-- company's 出账提前天数 moves from finance_settings onto its new 公司运营配置 row.
UPDATE "app_keys" SET "status" = CASE WHEN "enabled" THEN 1 ELSE 0 END;--> statement-breakpoint
INSERT INTO "branch_companies" ("tenant_id", "short_name", "full_name", "bill_lead_days")
SELECT t."id", t."name", t."name", coalesce(f."bill_lead_days", 5)
FROM "tenants" t LEFT JOIN "finance_settings" f ON f."tenant_id" = t."id";
