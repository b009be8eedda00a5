CREATE TABLE "bill_relief_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bill_relief_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"relief_id" bigint NOT NULL,
	"receivable_id" bigint NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"relieved_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_day_runs" (
	"tenant_id" bigint NOT NULL,
	"day" date NOT NULL,
	"issued" integer DEFAULT 0 NOT NULL,
	"activated" integer DEFAULT 0 NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_day_runs_tenant_id_day_pk" PRIMARY KEY("tenant_id","day")
);
--> statement-breakpoint
CREATE TABLE "finance_settings" (
	"tenant_id" bigint PRIMARY KEY NOT NULL,
	"bill_lead_days" integer DEFAULT 5 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint
);
--> statement-breakpoint
CREATE TABLE "deposit_movements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deposit_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"driver_id" bigint NOT NULL,
	"kind" smallint NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"day" date NOT NULL,
	"settlement_id" bigint,
	"refund_id" bigint,
	"other_order_id" bigint,
	"note" text NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_change_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_change_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"order_no" text NOT NULL,
	"kind" smallint NOT NULL,
	"body" jsonb NOT NULL,
	"summary" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"decided_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receivable_closings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "receivable_closings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"receivable_id" bigint NOT NULL,
	"settlement_id" bigint,
	"amount" bigint DEFAULT 0 NOT NULL,
	"carried" boolean NOT NULL,
	"reason" text NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "installation" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"demo" boolean NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "order_receivables_order_kind_period_key";--> statement-breakpoint
ALTER TABLE "exchange_orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "lease_orders" ADD COLUMN "credit_issue" text;--> statement-breakpoint
ALTER TABLE "lease_orders" ADD COLUMN "credit_flags" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lease_orders" ADD COLUMN "credit_override_by" bigint;--> statement-breakpoint
ALTER TABLE "lease_orders" ADD COLUMN "credit_override_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "return_settlements" ADD COLUMN "penalty_fee" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "return_settlements" ADD COLUMN "late_fee_paid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "return_settlements" ADD COLUMN "charges_due" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicle_returns" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
CREATE INDEX "bill_relief_lines_receivable_idx" ON "bill_relief_lines" USING btree ("receivable_id");--> statement-breakpoint
CREATE INDEX "bill_relief_lines_tenant_day_idx" ON "bill_relief_lines" USING btree ("tenant_id","relieved_on");--> statement-breakpoint
CREATE INDEX "bill_relief_lines_relief_idx" ON "bill_relief_lines" USING btree ("relief_id");--> statement-breakpoint
CREATE INDEX "deposit_movements_tenant_order_idx" ON "deposit_movements" USING btree ("tenant_id","order_id","id");--> statement-breakpoint
CREATE INDEX "deposit_movements_tenant_driver_idx" ON "deposit_movements" USING btree ("tenant_id","driver_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_movements_refund_key" ON "deposit_movements" USING btree ("refund_id") WHERE "deposit_movements"."refund_id" is not null;--> statement-breakpoint
CREATE INDEX "order_change_requests_tenant_order_idx" ON "order_change_requests" USING btree ("tenant_id","order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_change_requests_order_open_key" ON "order_change_requests" USING btree ("order_id") WHERE "order_change_requests"."status" = 1;--> statement-breakpoint
CREATE INDEX "receivable_closings_tenant_order_idx" ON "receivable_closings" USING btree ("tenant_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "receivable_closings_receivable_key" ON "receivable_closings" USING btree ("receivable_id");--> statement-breakpoint
CREATE INDEX "payments_tenant_reversed_idx" ON "payments" USING btree ("tenant_id","reversed_at") WHERE reversed_at is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "order_receivables_order_kind_period_key" ON "order_receivables" USING btree ("order_id","kind","period") WHERE status <> 5;