CREATE TABLE "collection_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collection_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"case_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"driver_id" bigint NOT NULL,
	"contacted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"collector_id" bigint NOT NULL,
	"way" smallint NOT NULL,
	"reached" boolean NOT NULL,
	"promise_date" date,
	"promise_amount" bigint,
	"result" text NOT NULL,
	"escalation" smallint DEFAULT 0 NOT NULL,
	"overdue_days" integer NOT NULL,
	"overdue_amount" bigint DEFAULT 0 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "overdue_cases" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "overdue_cases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"driver_id" bigint NOT NULL,
	"vehicle_id" bigint,
	"city_id" bigint,
	"overdue_days" integer DEFAULT 0 NOT NULL,
	"overdue_amount" bigint DEFAULT 0 NOT NULL,
	"late_fee" bigint DEFAULT 0 NOT NULL,
	"level_id" bigint,
	"bad_debt" boolean DEFAULT false NOT NULL,
	"collector_role_id" bigint,
	"collector_id" bigint,
	"promise_date" date,
	"promise_amount" bigint,
	"last_contact_at" timestamp with time zone,
	"contacts" integer DEFAULT 0 NOT NULL,
	"first_overdue_date" date,
	"status" smallint DEFAULT 1 NOT NULL,
	"remark" text,
	"closed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "collection_records_tenant_contacted_idx" ON "collection_records" USING btree ("tenant_id","contacted_at","id");--> statement-breakpoint
CREATE INDEX "collection_records_tenant_case_idx" ON "collection_records" USING btree ("tenant_id","case_id","contacted_at");--> statement-breakpoint
CREATE INDEX "collection_records_tenant_driver_idx" ON "collection_records" USING btree ("tenant_id","driver_id","contacted_at");--> statement-breakpoint
CREATE INDEX "collection_records_tenant_collector_idx" ON "collection_records" USING btree ("tenant_id","collector_id","contacted_at");--> statement-breakpoint
CREATE INDEX "collection_records_tenant_escalation_idx" ON "collection_records" USING btree ("tenant_id","escalation","contacted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "overdue_cases_open_order_key" ON "overdue_cases" USING btree ("order_id") WHERE status = 1;--> statement-breakpoint
CREATE INDEX "overdue_cases_tenant_status_days_idx" ON "overdue_cases" USING btree ("tenant_id","status","overdue_days","id");--> statement-breakpoint
CREATE INDEX "overdue_cases_tenant_bad_debt_idx" ON "overdue_cases" USING btree ("tenant_id","bad_debt","status","overdue_days");--> statement-breakpoint
CREATE INDEX "overdue_cases_tenant_city_idx" ON "overdue_cases" USING btree ("tenant_id","city_id","status","overdue_days");--> statement-breakpoint
CREATE INDEX "overdue_cases_tenant_level_idx" ON "overdue_cases" USING btree ("tenant_id","level_id","status");--> statement-breakpoint
CREATE INDEX "overdue_cases_tenant_collector_idx" ON "overdue_cases" USING btree ("tenant_id","collector_id","status");--> statement-breakpoint
CREATE INDEX "overdue_cases_tenant_driver_idx" ON "overdue_cases" USING btree ("tenant_id","driver_id");--> statement-breakpoint
CREATE INDEX "overdue_cases_order_idx" ON "overdue_cases" USING btree ("order_id");