CREATE TABLE "cities" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"province" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cities_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "companies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"credit_code" text,
	"city_id" bigint,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "labels" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "labels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"color" text DEFAULT 'orange' NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_catalog" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicle_catalog_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"parent_id" bigint,
	"level" smallint NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_returns" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicle_returns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"vehicle_id" bigint NOT NULL,
	"delivery_id" bigint,
	"status" smallint DEFAULT 0 NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"returned_at" timestamp with time zone,
	"mileage" integer,
	"energy_level" smallint,
	"damage" text,
	"photos" text[] DEFAULT '{}'::text[] NOT NULL,
	"handler" text NOT NULL,
	"remark" text,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicle_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"vehicle_id" bigint NOT NULL,
	"kind" smallint NOT NULL,
	"delivered_at" timestamp with time zone NOT NULL,
	"driver_name" text NOT NULL,
	"driver_phone" text NOT NULL,
	"mileage" integer NOT NULL,
	"energy_level" smallint NOT NULL,
	"checklist" jsonb NOT NULL,
	"photos" text[] DEFAULT '{}'::text[] NOT NULL,
	"handler" text NOT NULL,
	"remark" text,
	"ended_at" timestamp with time zone,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_maintenance" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicle_maintenance_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"vehicle_id" bigint NOT NULL,
	"plate_no" text,
	"type" smallint NOT NULL,
	"service_date" date NOT NULL,
	"mileage" integer NOT NULL,
	"vendor" text NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"attachments" text[] DEFAULT '{}'::text[] NOT NULL,
	"remark" text,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_outbound_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicle_outbound_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"vehicle_id" bigint NOT NULL,
	"outbound_at" timestamp with time zone NOT NULL,
	"location" text NOT NULL,
	"handler" text NOT NULL,
	"mileage" integer NOT NULL,
	"purpose" text,
	"remark" text,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_shunting_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicle_shunting_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"vehicle_id" bigint NOT NULL,
	"from_city_id" bigint NOT NULL,
	"from_location" text NOT NULL,
	"to_city_id" bigint NOT NULL,
	"to_location" text NOT NULL,
	"shunted_at" timestamp with time zone NOT NULL,
	"driver" text NOT NULL,
	"reason" text,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_risks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicle_risks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"vehicle_id" bigint NOT NULL,
	"rule" smallint NOT NULL,
	"detail" text NOT NULL,
	"due_date" date,
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"handled_by" text,
	"handled_at" timestamp with time zone,
	"note" text,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_violations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicle_violations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"vehicle_id" bigint NOT NULL,
	"plate_no" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"place" text NOT NULL,
	"item" text NOT NULL,
	"points" smallint DEFAULT 0 NOT NULL,
	"fine" bigint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"driver_name" text,
	"handled_at" timestamp with time zone,
	"remark" text,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_inspections" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicle_inspections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"vehicle_id" bigint NOT NULL,
	"inspected_at" timestamp with time zone NOT NULL,
	"inspector" text NOT NULL,
	"mileage" integer NOT NULL,
	"result" smallint NOT NULL,
	"checklist" jsonb NOT NULL,
	"photos" text[] DEFAULT '{}'::text[] NOT NULL,
	"remark" text,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_preparations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicle_preparations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"vehicle_id" bigint NOT NULL,
	"item" smallint NOT NULL,
	"done" boolean DEFAULT false NOT NULL,
	"done_at" timestamp with time zone,
	"done_by" text,
	"note" text,
	"attachments" text[] DEFAULT '{}'::text[] NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"plate_no" text,
	"vin" text NOT NULL,
	"engine_no" text,
	"model_id" bigint NOT NULL,
	"series_id" bigint NOT NULL,
	"brand_id" bigint NOT NULL,
	"colour" text,
	"energy_type" smallint NOT NULL,
	"seats" smallint,
	"city_id" bigint NOT NULL,
	"company_id" bigint NOT NULL,
	"registration_date" date,
	"purchase_price" bigint,
	"mileage" integer DEFAULT 0 NOT NULL,
	"gps_device_no" text,
	"gps_last_seen_at" timestamp with time zone,
	"driving_license_issue_date" date,
	"operation_certificate_no" text,
	"operation_certificate_expiry" date,
	"compulsory_insurer" text,
	"compulsory_policy_no" text,
	"compulsory_start" date,
	"compulsory_end" date,
	"commercial_insurer" text,
	"commercial_policy_no" text,
	"commercial_start" date,
	"commercial_end" date,
	"next_inspection_date" date,
	"rent_status" smallint DEFAULT 2 NOT NULL,
	"stage" smallint DEFAULT 0 NOT NULL,
	"labels" text[] DEFAULT '{}'::text[] NOT NULL,
	"attachments" text[] DEFAULT '{}'::text[] NOT NULL,
	"remark" text,
	"deleted" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "companies_tenant_name_key" ON "companies" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "labels_tenant_name_key" ON "labels" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "vehicle_catalog_parent_idx" ON "vehicle_catalog" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "vehicle_returns_tenant_at_idx" ON "vehicle_returns" USING btree ("tenant_id","requested_at");--> statement-breakpoint
CREATE INDEX "vehicle_returns_vehicle_idx" ON "vehicle_returns" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "vehicle_deliveries_tenant_at_idx" ON "vehicle_deliveries" USING btree ("tenant_id","delivered_at");--> statement-breakpoint
CREATE INDEX "vehicle_deliveries_vehicle_idx" ON "vehicle_deliveries" USING btree ("vehicle_id","delivered_at");--> statement-breakpoint
CREATE INDEX "vehicle_maintenance_tenant_date_idx" ON "vehicle_maintenance" USING btree ("tenant_id","service_date","id");--> statement-breakpoint
CREATE INDEX "vehicle_maintenance_tenant_status_idx" ON "vehicle_maintenance" USING btree ("tenant_id","status","service_date");--> statement-breakpoint
CREATE INDEX "vehicle_maintenance_vehicle_idx" ON "vehicle_maintenance" USING btree ("vehicle_id","service_date");--> statement-breakpoint
CREATE INDEX "vehicle_outbound_tenant_at_idx" ON "vehicle_outbound_records" USING btree ("tenant_id","outbound_at");--> statement-breakpoint
CREATE INDEX "vehicle_outbound_vehicle_idx" ON "vehicle_outbound_records" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "vehicle_shunting_tenant_at_idx" ON "vehicle_shunting_records" USING btree ("tenant_id","shunted_at");--> statement-breakpoint
CREATE INDEX "vehicle_risks_tenant_status_idx" ON "vehicle_risks" USING btree ("tenant_id","status","detected_at");--> statement-breakpoint
CREATE INDEX "vehicle_risks_vehicle_rule_idx" ON "vehicle_risks" USING btree ("vehicle_id","rule","status");--> statement-breakpoint
CREATE INDEX "vehicle_violations_tenant_at_idx" ON "vehicle_violations" USING btree ("tenant_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "vehicle_violations_tenant_status_idx" ON "vehicle_violations" USING btree ("tenant_id","status","occurred_at");--> statement-breakpoint
CREATE INDEX "vehicle_violations_vehicle_idx" ON "vehicle_violations" USING btree ("vehicle_id","occurred_at");--> statement-breakpoint
CREATE INDEX "vehicle_violations_tenant_plate_idx" ON "vehicle_violations" USING btree ("tenant_id","plate_no");--> statement-breakpoint
CREATE INDEX "vehicle_inspections_tenant_at_idx" ON "vehicle_inspections" USING btree ("tenant_id","inspected_at");--> statement-breakpoint
CREATE INDEX "vehicle_inspections_vehicle_idx" ON "vehicle_inspections" USING btree ("vehicle_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_preparations_vehicle_item_key" ON "vehicle_preparations" USING btree ("vehicle_id","item");--> statement-breakpoint
CREATE INDEX "vehicle_preparations_tenant_item_idx" ON "vehicle_preparations" USING btree ("tenant_id","item","done");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_tenant_vin_key" ON "vehicles" USING btree ("tenant_id","vin") WHERE not "vehicles"."deleted";--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_tenant_plate_key" ON "vehicles" USING btree ("tenant_id","plate_no") WHERE not "vehicles"."deleted";--> statement-breakpoint
CREATE INDEX "vehicles_tenant_updated_idx" ON "vehicles" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "vehicles_tenant_stage_idx" ON "vehicles" USING btree ("tenant_id","stage","updated_at");--> statement-breakpoint
CREATE INDEX "vehicles_tenant_city_idx" ON "vehicles" USING btree ("tenant_id","city_id","updated_at");--> statement-breakpoint
CREATE INDEX "vehicles_tenant_plate_idx" ON "vehicles" USING btree ("tenant_id","plate_no");