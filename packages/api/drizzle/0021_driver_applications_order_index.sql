CREATE TABLE "driver_applications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "driver_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"application_no" text NOT NULL,
	"driver_id" bigint NOT NULL,
	"city_id" bigint NOT NULL,
	"model_id" bigint NOT NULL,
	"rental_mode" smallint NOT NULL,
	"wanted_date" date,
	"term_months" integer,
	"documents" text[] DEFAULT '{}'::text[] NOT NULL,
	"message" text,
	"status" smallint DEFAULT 0 NOT NULL,
	"order_id" bigint,
	"order_no" text,
	"refuse_reason" text,
	"reviewed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "driver_applications_tenant_no_key" ON "driver_applications" USING btree ("tenant_id","application_no");--> statement-breakpoint
CREATE INDEX "driver_applications_tenant_created_idx" ON "driver_applications" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "driver_applications_tenant_status_created_idx" ON "driver_applications" USING btree ("tenant_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "driver_applications_tenant_driver_idx" ON "driver_applications" USING btree ("tenant_id","driver_id","created_at");--> statement-breakpoint
CREATE INDEX "lease_orders_tenant_status_city_created_idx" ON "lease_orders" USING btree ("tenant_id","status","city_id","created_at","id","start_date");