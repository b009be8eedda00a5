CREATE TABLE "lease_contracts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lease_contracts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"contract_no" text NOT NULL,
	"version_no" integer NOT NULL,
	"reason" smallint NOT NULL,
	"summary" text NOT NULL,
	"instance_id" bigint,
	"description" jsonb NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"file" text[] DEFAULT '{}'::text[] NOT NULL,
	"failure" text,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "settlement_mode" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "billing_day" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "payment_days" smallint DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "credit_limit" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "invoice_title" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "tax_number" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "invoice_address_phone" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "invoice_bank_account" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "reconciliation_contact" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "reconciliation_mobile" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "cooperation_status" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "lease_contracts_order_version_key" ON "lease_contracts" USING btree ("tenant_id","order_id","version_no");--> statement-breakpoint
CREATE INDEX "lease_contracts_tenant_version_no_idx" ON "lease_contracts" USING btree ("tenant_id","version_no","id");--> statement-breakpoint
CREATE INDEX "customers_tenant_city_id_filter_idx" ON "customers" USING btree ("tenant_id","city_id","created_at","id");--> statement-breakpoint
CREATE INDEX "customers_tenant_settlement_mode_filter_idx" ON "customers" USING btree ("tenant_id","settlement_mode","created_at","id");--> statement-breakpoint
CREATE INDEX "customers_tenant_cooperation_status_filter_idx" ON "customers" USING btree ("tenant_id","cooperation_status","created_at","id");