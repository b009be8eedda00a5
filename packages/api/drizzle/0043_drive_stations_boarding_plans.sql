CREATE TABLE "boarding_plans" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "boarding_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"customer_name" text NOT NULL,
	"mobile" text NOT NULL,
	"driver_id" bigint,
	"planned_date" date NOT NULL,
	"city_id" bigint NOT NULL,
	"station_id" bigint,
	"model_id" bigint NOT NULL,
	"rental_mode" smallint NOT NULL,
	"vehicle_id" bigint,
	"deposit" bigint,
	"salesperson_id" bigint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"reason" text,
	"lease_order_id" bigint,
	"boarded_at" timestamp with time zone,
	"remark" text,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drive_stations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "drive_stations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"type" smallint NOT NULL,
	"city_id" bigint NOT NULL,
	"district" text NOT NULL,
	"address" text NOT NULL,
	"coordinate_system" smallint NOT NULL,
	"longitude" text NOT NULL,
	"latitude" text NOT NULL,
	"source_point" text,
	"all_day" boolean NOT NULL,
	"opening_hours" text,
	"phone" text,
	"contact_name" text,
	"amenities" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"charger_count" integer,
	"charger_power_kw" integer,
	"electricity_price" bigint,
	"service_fee" bigint,
	"cover" text[] DEFAULT '{}'::text[] NOT NULL,
	"introduction" text,
	"display_order" integer NOT NULL,
	"shown_in_app" boolean NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "boarding_plans_lease_order_key" ON "boarding_plans" USING btree ("lease_order_id") WHERE "boarding_plans"."lease_order_id" is not null;--> statement-breakpoint
CREATE INDEX "boarding_plans_open_date_idx" ON "boarding_plans" USING btree ("planned_date") WHERE "boarding_plans"."status" in (1, 3);--> statement-breakpoint
CREATE INDEX "boarding_plans_tenant_station_idx" ON "boarding_plans" USING btree ("tenant_id","station_id");--> statement-breakpoint
CREATE INDEX "boarding_plans_tenant_planned_date_idx" ON "boarding_plans" USING btree ("tenant_id","planned_date","id");--> statement-breakpoint
CREATE INDEX "boarding_plans_tenant_boarded_at_idx" ON "boarding_plans" USING btree ("tenant_id","boarded_at","id");--> statement-breakpoint
CREATE INDEX "boarding_plans_tenant_created_at_idx" ON "boarding_plans" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "boarding_plans_customer_name_trgm_idx" ON "boarding_plans" USING gin ("customer_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "boarding_plans_mobile_trgm_idx" ON "boarding_plans" USING gin ("mobile" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "boarding_plans_tenant_city_id_filter_idx" ON "boarding_plans" USING btree ("tenant_id","city_id","planned_date","id");--> statement-breakpoint
CREATE INDEX "boarding_plans_tenant_rental_mode_filter_idx" ON "boarding_plans" USING btree ("tenant_id","rental_mode","planned_date","id");--> statement-breakpoint
CREATE INDEX "boarding_plans_tenant_salesperson_id_filter_idx" ON "boarding_plans" USING btree ("tenant_id","salesperson_id","planned_date","id");--> statement-breakpoint
CREATE INDEX "boarding_plans_tenant_status_filter_idx" ON "boarding_plans" USING btree ("tenant_id","status","planned_date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "drive_stations_tenant_city_name_key" ON "drive_stations" USING btree ("tenant_id","city_id","name");--> statement-breakpoint
CREATE INDEX "drive_stations_amenities_idx" ON "drive_stations" USING gin ("amenities");--> statement-breakpoint
CREATE INDEX "drive_stations_tenant_display_order_idx" ON "drive_stations" USING btree ("tenant_id","display_order","id");--> statement-breakpoint
CREATE INDEX "drive_stations_tenant_created_at_idx" ON "drive_stations" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "drive_stations_name_trgm_idx" ON "drive_stations" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "drive_stations_tenant_type_filter_idx" ON "drive_stations" USING btree ("tenant_id","type","display_order","id");--> statement-breakpoint
CREATE INDEX "drive_stations_tenant_status_filter_idx" ON "drive_stations" USING btree ("tenant_id","status","display_order","id");