CREATE SEQUENCE "public"."fleet_order_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "fleet_billing_runs" (
	"tenant_id" bigint NOT NULL,
	"day" date NOT NULL,
	"car_days" integer DEFAULT 0 NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fleet_billing_runs_tenant_id_day_pk" PRIMARY KEY("tenant_id","day")
);
--> statement-breakpoint
CREATE TABLE "fleet_car_days" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fleet_car_days_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"car_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"customer_id" bigint NOT NULL,
	"day" date NOT NULL,
	"term" text NOT NULL,
	"charged" boolean NOT NULL,
	"repair" boolean DEFAULT false NOT NULL,
	"rent" bigint NOT NULL,
	"service_fee" bigint NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fleet_order_cars" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fleet_order_cars_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"car_no" text NOT NULL,
	"order_id" bigint NOT NULL,
	"order_no" text NOT NULL,
	"customer_id" bigint NOT NULL,
	"city_id" bigint NOT NULL,
	"model_id" bigint NOT NULL,
	"vehicle_id" bigint,
	"lease_type" smallint NOT NULL,
	"monthly_rent" bigint DEFAULT 0 NOT NULL,
	"rent_ratio" integer NOT NULL,
	"deposit_due" bigint DEFAULT 0 NOT NULL,
	"deposit_paid" bigint DEFAULT 0 NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"renewal" smallint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"process_type" smallint,
	"delivered_on" date,
	"returned_on" date,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fleet_handovers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fleet_handovers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"car_id" bigint NOT NULL,
	"process_type" smallint NOT NULL,
	"handed_at" timestamp with time zone NOT NULL,
	"vehicle_id" bigint NOT NULL,
	"mileage" integer NOT NULL,
	"energy_level" smallint NOT NULL,
	"keys_count" smallint NOT NULL,
	"accessories" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"documents" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"front_photos" text[] DEFAULT '{}'::text[] NOT NULL,
	"rear_photos" text[] DEFAULT '{}'::text[] NOT NULL,
	"left_photos" text[] DEFAULT '{}'::text[] NOT NULL,
	"right_photos" text[] DEFAULT '{}'::text[] NOT NULL,
	"dashboard_photos" text[] DEFAULT '{}'::text[] NOT NULL,
	"receiver_name" text NOT NULL,
	"receiver_id_no" text NOT NULL,
	"signature" text[] DEFAULT '{}'::text[] NOT NULL,
	"remark" text,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fleet_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fleet_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"customer_id" bigint NOT NULL,
	"city_id" bigint NOT NULL,
	"contract_no" text NOT NULL,
	"signed_on" date NOT NULL,
	"settlement_mode" smallint NOT NULL,
	"billing_day" smallint NOT NULL,
	"payment_days" smallint NOT NULL,
	"lines" jsonb NOT NULL,
	"car_count" integer NOT NULL,
	"delivered_cars" integer DEFAULT 0 NOT NULL,
	"monthly_rent" bigint DEFAULT 0 NOT NULL,
	"deposit_due" bigint DEFAULT 0 NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"business_terms" text,
	"attachments" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"cancel_reason" text,
	"remark" text,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "fleet_car_days_car_day_key" ON "fleet_car_days" USING btree ("car_id","day");--> statement-breakpoint
CREATE INDEX "fleet_car_days_tenant_order_idx" ON "fleet_car_days" USING btree ("tenant_id","order_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "fleet_order_cars_tenant_no_key" ON "fleet_order_cars" USING btree ("tenant_id","car_no");--> statement-breakpoint
CREATE INDEX "fleet_order_cars_tenant_created_idx" ON "fleet_order_cars" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "fleet_order_cars_order_idx" ON "fleet_order_cars" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "fleet_order_cars_tenant_status_created_idx" ON "fleet_order_cars" USING btree ("tenant_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "fleet_order_cars_order_no_trgm_idx" ON "fleet_order_cars" USING gin ("order_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "fleet_order_cars_car_no_trgm_idx" ON "fleet_order_cars" USING gin ("car_no" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "fleet_order_cars_vehicle_leased_key" ON "fleet_order_cars" USING btree ("vehicle_id") WHERE "fleet_order_cars"."status" = 1;--> statement-breakpoint
CREATE INDEX "fleet_order_cars_tenant_start_date_idx" ON "fleet_order_cars" USING btree ("tenant_id","start_date","id");--> statement-breakpoint
CREATE INDEX "fleet_order_cars_tenant_end_date_idx" ON "fleet_order_cars" USING btree ("tenant_id","end_date","id");--> statement-breakpoint
CREATE INDEX "fleet_order_cars_tenant_customer_id_filter_idx" ON "fleet_order_cars" USING btree ("tenant_id","customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "fleet_order_cars_tenant_city_id_filter_idx" ON "fleet_order_cars" USING btree ("tenant_id","city_id","created_at","id");--> statement-breakpoint
CREATE INDEX "fleet_order_cars_tenant_model_id_filter_idx" ON "fleet_order_cars" USING btree ("tenant_id","model_id","created_at","id");--> statement-breakpoint
CREATE INDEX "fleet_order_cars_tenant_vehicle_id_filter_idx" ON "fleet_order_cars" USING btree ("tenant_id","vehicle_id","created_at","id");--> statement-breakpoint
CREATE INDEX "fleet_order_cars_tenant_lease_type_filter_idx" ON "fleet_order_cars" USING btree ("tenant_id","lease_type","created_at","id");--> statement-breakpoint
CREATE INDEX "fleet_order_cars_tenant_process_type_filter_idx" ON "fleet_order_cars" USING btree ("tenant_id","process_type","created_at","id");--> statement-breakpoint
CREATE INDEX "fleet_order_cars_tenant_delivered_on_filter_idx" ON "fleet_order_cars" USING btree ("tenant_id","delivered_on","created_at","id");--> statement-breakpoint
CREATE INDEX "fleet_handovers_car_idx" ON "fleet_handovers" USING btree ("car_id","handed_at");--> statement-breakpoint
CREATE INDEX "fleet_handovers_tenant_at_idx" ON "fleet_handovers" USING btree ("tenant_id","handed_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "fleet_orders_tenant_no_key" ON "fleet_orders" USING btree ("tenant_id","order_no");--> statement-breakpoint
CREATE INDEX "fleet_orders_tenant_created_idx" ON "fleet_orders" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "fleet_orders_tenant_status_created_idx" ON "fleet_orders" USING btree ("tenant_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "fleet_orders_tenant_customer_idx" ON "fleet_orders" USING btree ("tenant_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "fleet_orders_order_no_trgm_idx" ON "fleet_orders" USING gin ("order_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "fleet_orders_contract_no_trgm_idx" ON "fleet_orders" USING gin ("contract_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "fleet_orders_tenant_signed_on_idx" ON "fleet_orders" USING btree ("tenant_id","signed_on","id");--> statement-breakpoint
CREATE INDEX "fleet_orders_tenant_monthly_rent_idx" ON "fleet_orders" USING btree ("tenant_id","monthly_rent","id");--> statement-breakpoint
CREATE INDEX "fleet_orders_tenant_start_date_idx" ON "fleet_orders" USING btree ("tenant_id","start_date","id");--> statement-breakpoint
CREATE INDEX "fleet_orders_tenant_end_date_idx" ON "fleet_orders" USING btree ("tenant_id","end_date","id");--> statement-breakpoint
CREATE INDEX "fleet_orders_tenant_city_id_filter_idx" ON "fleet_orders" USING btree ("tenant_id","city_id","created_at","id");--> statement-breakpoint
CREATE INDEX "fleet_orders_tenant_settlement_mode_filter_idx" ON "fleet_orders" USING btree ("tenant_id","settlement_mode","created_at","id");