CREATE SEQUENCE "public"."payment_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "overdue_day_runs" (
	"tenant_id" bigint NOT NULL,
	"day" date NOT NULL,
	"receivables" integer NOT NULL,
	"late_fees" bigint DEFAULT 0 NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "overdue_day_runs_tenant_id_day_pk" PRIMARY KEY("tenant_id","day")
);
--> statement-breakpoint
CREATE TABLE "payment_allocations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_allocations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"payment_id" bigint NOT NULL,
	"receivable_id" bigint NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"reversed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"payment_no" text NOT NULL,
	"driver_id" bigint NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"paid_on" date NOT NULL,
	"channel" smallint NOT NULL,
	"reference" text,
	"allocated" bigint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"vouchers" text[] DEFAULT '{}'::text[] NOT NULL,
	"remark" text,
	"reversal_reason" text,
	"reversed_at" timestamp with time zone,
	"offline_payment_id" bigint,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_receivables" ADD COLUMN "late_fee" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_receivables" ADD COLUMN "overdue_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_receivables" ADD COLUMN "level_id" bigint;--> statement-breakpoint
ALTER TABLE "order_receivables" ADD COLUMN "city_id" bigint;--> statement-breakpoint
UPDATE "order_receivables" r SET "city_id" = o."city_id" FROM "lease_orders" o WHERE o."id" = r."order_id";--> statement-breakpoint
CREATE INDEX "payment_allocations_payment_idx" ON "payment_allocations" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_allocations_receivable_idx" ON "payment_allocations" USING btree ("receivable_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_tenant_no_key" ON "payments" USING btree ("tenant_id","payment_no");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_offline_payment_key" ON "payments" USING btree ("offline_payment_id");--> statement-breakpoint
CREATE INDEX "payments_tenant_created_idx" ON "payments" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_tenant_paid_idx" ON "payments" USING btree ("tenant_id","paid_on","id");--> statement-breakpoint
CREATE INDEX "payments_tenant_driver_idx" ON "payments" USING btree ("tenant_id","driver_id","paid_on");--> statement-breakpoint
CREATE INDEX "payments_tenant_channel_paid_idx" ON "payments" USING btree ("tenant_id","channel","paid_on");--> statement-breakpoint
CREATE INDEX "payments_tenant_reference_idx" ON "payments" USING btree ("tenant_id","reference");--> statement-breakpoint
CREATE INDEX "order_receivables_tenant_city_status_due_idx" ON "order_receivables" USING btree ("tenant_id","city_id","status","due_date");--> statement-breakpoint
CREATE INDEX "order_receivables_tenant_kind_due_idx" ON "order_receivables" USING btree ("tenant_id","kind","due_date");--> statement-breakpoint
CREATE INDEX "order_receivables_tenant_level_idx" ON "order_receivables" USING btree ("tenant_id","level_id","due_date");--> statement-breakpoint
CREATE INDEX "order_receivables_tenant_due_id_idx" ON "order_receivables" USING btree ("tenant_id","due_date","id");