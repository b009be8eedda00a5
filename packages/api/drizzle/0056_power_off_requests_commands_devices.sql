CREATE SEQUENCE "public"."power_off_request_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "power_command_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "power_command_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"request_id" bigint NOT NULL,
	"command_id" bigint NOT NULL,
	"command_no" text NOT NULL,
	"kind" smallint NOT NULL,
	"event" smallint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"imei" text,
	"online" boolean,
	"acc" boolean,
	"speed" integer,
	"position" text,
	"result" text,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "power_commands" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "power_commands_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"request_id" bigint NOT NULL,
	"vehicle_id" bigint NOT NULL,
	"kind" smallint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"imei" text,
	"sent_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"fail_reason" text,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "power_off_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "power_off_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"request_no" text NOT NULL,
	"order_kind" smallint DEFAULT 1 NOT NULL,
	"order_id" bigint NOT NULL,
	"order_no" text NOT NULL,
	"vehicle_id" bigint NOT NULL,
	"device_imei" text,
	"driver_id" bigint,
	"city_id" bigint,
	"reason" smallint NOT NULL,
	"arrears" bigint DEFAULT 0 NOT NULL,
	"remark" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"decided_at" timestamp with time zone,
	"cut_at" timestamp with time zone,
	"restored_at" timestamp with time zone,
	"restore_reason" text,
	"fail_reason" text,
	"collection_record_id" bigint,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulated_terminals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "simulated_terminals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"imei" text NOT NULL,
	"online" boolean DEFAULT true NOT NULL,
	"acc" boolean DEFAULT false NOT NULL,
	"speed" integer DEFAULT 0 NOT NULL,
	"lng" double precision NOT NULL,
	"lat" double precision NOT NULL,
	"relay_cut" boolean DEFAULT false NOT NULL,
	"answers" boolean DEFAULT true NOT NULL,
	"reported_at" timestamp with time zone,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_devices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicle_devices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"vehicle_id" bigint NOT NULL,
	"imei" text NOT NULL,
	"bound_at" timestamp with time zone NOT NULL,
	"unbound_at" timestamp with time zone,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "power_command_logs_request_idx" ON "power_command_logs" USING btree ("tenant_id","request_id","at","id");--> statement-breakpoint
CREATE INDEX "power_command_logs_tenant_at_idx" ON "power_command_logs" USING btree ("tenant_id","at","id");--> statement-breakpoint
CREATE INDEX "power_commands_request_idx" ON "power_commands" USING btree ("request_id","id");--> statement-breakpoint
CREATE INDEX "power_commands_open_idx" ON "power_commands" USING btree ("tenant_id","vehicle_id") WHERE status in (1, 2, 3);--> statement-breakpoint
CREATE UNIQUE INDEX "power_off_requests_tenant_no_key" ON "power_off_requests" USING btree ("tenant_id","request_no");--> statement-breakpoint
CREATE UNIQUE INDEX "power_off_requests_holding_vehicle_key" ON "power_off_requests" USING btree ("vehicle_id") WHERE status in (1, 2, 3, 4, 5, 7);--> statement-breakpoint
CREATE UNIQUE INDEX "power_off_requests_collection_key" ON "power_off_requests" USING btree ("collection_record_id");--> statement-breakpoint
CREATE INDEX "power_off_requests_tenant_created_idx" ON "power_off_requests" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "power_off_requests_tenant_status_created_idx" ON "power_off_requests" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "power_off_requests_order_idx" ON "power_off_requests" USING btree ("order_kind","order_id") WHERE status in (1, 2, 3, 4, 5, 7);--> statement-breakpoint
CREATE INDEX "power_off_requests_tenant_cut_at_idx" ON "power_off_requests" USING btree ("tenant_id","cut_at","id");--> statement-breakpoint
CREATE INDEX "power_off_requests_request_no_trgm_idx" ON "power_off_requests" USING gin ("request_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "power_off_requests_order_no_trgm_idx" ON "power_off_requests" USING gin ("order_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "power_off_requests_tenant_vehicle_id_filter_idx" ON "power_off_requests" USING btree ("tenant_id","vehicle_id","created_at","id");--> statement-breakpoint
CREATE INDEX "power_off_requests_device_imei_trgm_idx" ON "power_off_requests" USING gin ("device_imei" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "power_off_requests_tenant_driver_id_filter_idx" ON "power_off_requests" USING btree ("tenant_id","driver_id","created_at","id");--> statement-breakpoint
CREATE INDEX "power_off_requests_tenant_city_id_filter_idx" ON "power_off_requests" USING btree ("tenant_id","city_id","created_at","id");--> statement-breakpoint
CREATE INDEX "power_off_requests_tenant_reason_filter_idx" ON "power_off_requests" USING btree ("tenant_id","reason","created_at","id");--> statement-breakpoint
CREATE INDEX "power_off_requests_tenant_created_by_filter_idx" ON "power_off_requests" USING btree ("tenant_id","created_by","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "simulated_terminals_tenant_imei_key" ON "simulated_terminals" USING btree ("tenant_id","imei");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_devices_bound_vehicle_key" ON "vehicle_devices" USING btree ("vehicle_id") WHERE unbound_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_devices_bound_imei_key" ON "vehicle_devices" USING btree ("tenant_id","imei") WHERE unbound_at is null;--> statement-breakpoint
CREATE INDEX "vehicle_devices_vehicle_idx" ON "vehicle_devices" USING btree ("tenant_id","vehicle_id","bound_at");