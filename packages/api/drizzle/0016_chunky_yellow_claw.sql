CREATE TABLE "drivers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "drivers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" smallint NOT NULL,
	"name" text NOT NULL,
	"mobile" text NOT NULL,
	"national_id" text NOT NULL,
	"gender" smallint NOT NULL,
	"birth_date" date NOT NULL,
	"city_id" bigint NOT NULL,
	"address" text,
	"license_no" text,
	"license_class" smallint NOT NULL,
	"license_first_issue" date,
	"license_expiry" date,
	"permit_no" text,
	"permit_authority" text,
	"permit_expiry" date,
	"papers_expiry" date,
	"taxi_company" text,
	"emergency_name" text,
	"emergency_relation" smallint,
	"emergency_mobile" text,
	"bank_name" text,
	"bank_card_no" text,
	"bank_card_holder" text,
	"source" text,
	"salesperson_id" bigint,
	"status" smallint DEFAULT 0 NOT NULL,
	"status_reason" text,
	"id_card_photos" text[] DEFAULT '{}'::text[] NOT NULL,
	"license_photos" text[] DEFAULT '{}'::text[] NOT NULL,
	"permit_photos" text[] DEFAULT '{}'::text[] NOT NULL,
	"remark" text,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vehicle_returns" ADD COLUMN "driver_id" bigint;--> statement-breakpoint
ALTER TABLE "vehicle_deliveries" ADD COLUMN "driver_id" bigint;--> statement-breakpoint
ALTER TABLE "vehicle_violations" ADD COLUMN "driver_id" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "drivers_tenant_mobile_key" ON "drivers" USING btree ("tenant_id","mobile");--> statement-breakpoint
CREATE UNIQUE INDEX "drivers_tenant_national_id_key" ON "drivers" USING btree ("tenant_id","national_id");--> statement-breakpoint
CREATE INDEX "drivers_tenant_kind_updated_idx" ON "drivers" USING btree ("tenant_id","kind","updated_at","id");--> statement-breakpoint
CREATE INDEX "drivers_tenant_kind_status_idx" ON "drivers" USING btree ("tenant_id","kind","status","updated_at");--> statement-breakpoint
CREATE INDEX "drivers_tenant_kind_city_idx" ON "drivers" USING btree ("tenant_id","kind","city_id");--> statement-breakpoint
CREATE INDEX "drivers_tenant_kind_salesperson_idx" ON "drivers" USING btree ("tenant_id","kind","salesperson_id");--> statement-breakpoint
CREATE INDEX "drivers_tenant_kind_papers_idx" ON "drivers" USING btree ("tenant_id","kind","papers_expiry");--> statement-breakpoint
CREATE INDEX "drivers_tenant_kind_name_sort_idx" ON "drivers" USING btree ("tenant_id","kind","name","id");--> statement-breakpoint
CREATE INDEX "drivers_tenant_license_expiry_idx" ON "drivers" USING btree ("tenant_id","license_expiry","id");--> statement-breakpoint
CREATE INDEX "drivers_tenant_permit_expiry_idx" ON "drivers" USING btree ("tenant_id","permit_expiry","id");--> statement-breakpoint
CREATE INDEX "drivers_tenant_created_idx" ON "drivers" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "drivers_tenant_mobile_reversed_idx" ON "drivers" USING btree ("tenant_id",(reverse("mobile") collate "C"));--> statement-breakpoint
CREATE INDEX "drivers_name_trgm_idx" ON "drivers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "drivers_name_grams_idx" ON "drivers" USING gin (short_grams("name"));--> statement-breakpoint
CREATE INDEX "drivers_source_trgm_idx" ON "drivers" USING gin ("source" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "drivers_taxi_company_trgm_idx" ON "drivers" USING gin ("taxi_company" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vehicle_returns_tenant_driver_idx" ON "vehicle_returns" USING btree ("tenant_id","driver_id","requested_at");--> statement-breakpoint
CREATE INDEX "vehicle_deliveries_tenant_driver_idx" ON "vehicle_deliveries" USING btree ("tenant_id","driver_id","delivered_at");--> statement-breakpoint
CREATE INDEX "vehicle_violations_tenant_driver_idx" ON "vehicle_violations" USING btree ("tenant_id","driver_id","occurred_at");