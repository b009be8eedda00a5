CREATE TABLE "approval_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "approval_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"instance_id" bigint NOT NULL,
	"task_id" bigint,
	"kind" smallint NOT NULL,
	"user_id" bigint,
	"node_name" text,
	"to_user_id" bigint,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_instances" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "approval_instances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"business_type" smallint NOT NULL,
	"business_id" bigint NOT NULL,
	"title" text NOT NULL,
	"line" smallint,
	"initiator_id" bigint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"nodes" jsonb NOT NULL,
	"node_index" integer DEFAULT 0 NOT NULL,
	"node_name" text NOT NULL,
	"waiting" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"ended_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_processes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "approval_processes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"business_type" smallint NOT NULL,
	"name" text NOT NULL,
	"nodes" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_tasks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "approval_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"instance_id" bigint NOT NULL,
	"business_type" smallint NOT NULL,
	"business_id" bigint NOT NULL,
	"title" text NOT NULL,
	"line" smallint,
	"initiator_id" bigint NOT NULL,
	"node_index" integer NOT NULL,
	"node_name" text NOT NULL,
	"method" smallint NOT NULL,
	"approver_id" bigint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"comment" text,
	"handled_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offline_payments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offline_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"payer_name" text NOT NULL,
	"driver_id" bigint,
	"amount" bigint NOT NULL,
	"method" smallint NOT NULL,
	"received_on" date NOT NULL,
	"reference" text,
	"purpose" text NOT NULL,
	"vouchers" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"decided_at" timestamp with time zone,
	"remark" text,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "approval_events_instance_idx" ON "approval_events" USING btree ("instance_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_instances_running_key" ON "approval_instances" USING btree ("tenant_id","business_type","business_id") WHERE "approval_instances"."status" = 1;--> statement-breakpoint
CREATE INDEX "approval_instances_tenant_initiator_idx" ON "approval_instances" USING btree ("tenant_id","initiator_id","created_at","id");--> statement-breakpoint
CREATE INDEX "approval_instances_tenant_business_idx" ON "approval_instances" USING btree ("tenant_id","business_type","business_id");--> statement-breakpoint
CREATE INDEX "approval_instances_tenant_created_idx" ON "approval_instances" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_processes_tenant_type_key" ON "approval_processes" USING btree ("tenant_id","business_type");--> statement-breakpoint
CREATE INDEX "approval_tasks_tenant_approver_status_idx" ON "approval_tasks" USING btree ("tenant_id","approver_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "approval_tasks_tenant_approver_handled_idx" ON "approval_tasks" USING btree ("tenant_id","approver_id","handled_at","id");--> statement-breakpoint
CREATE INDEX "approval_tasks_tenant_approver_type_idx" ON "approval_tasks" USING btree ("tenant_id","approver_id","business_type","status","created_at");--> statement-breakpoint
CREATE INDEX "approval_tasks_tenant_approver_line_idx" ON "approval_tasks" USING btree ("tenant_id","approver_id","line","status","created_at") WHERE "approval_tasks"."line" is not null;--> statement-breakpoint
CREATE INDEX "approval_tasks_instance_idx" ON "approval_tasks" USING btree ("instance_id","node_index");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_tasks_open_key" ON "approval_tasks" USING btree ("instance_id","node_index","approver_id") WHERE "approval_tasks"."status" = 0;--> statement-breakpoint
CREATE INDEX "offline_payments_tenant_created_idx" ON "offline_payments" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "offline_payments_tenant_status_idx" ON "offline_payments" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "offline_payments_tenant_received_idx" ON "offline_payments" USING btree ("tenant_id","received_on");--> statement-breakpoint
CREATE INDEX "offline_payments_tenant_driver_idx" ON "offline_payments" USING btree ("tenant_id","driver_id");--> statement-breakpoint
CREATE INDEX "offline_payments_tenant_creator_idx" ON "offline_payments" USING btree ("tenant_id","created_by","created_at");