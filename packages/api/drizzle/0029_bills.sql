CREATE SEQUENCE "public"."bill_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "bill_reliefs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bill_reliefs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"bill_id" bigint NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"applied" bigint DEFAULT 0 NOT NULL,
	"reason" text NOT NULL,
	"attachments" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"decided_at" timestamp with time zone,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bills" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"bill_no" text NOT NULL,
	"order_id" bigint NOT NULL,
	"driver_id" bigint NOT NULL,
	"city_id" bigint,
	"period" text NOT NULL,
	"due_date" date NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"late_fee" bigint DEFAULT 0 NOT NULL,
	"received" bigint DEFAULT 0 NOT NULL,
	"relieved" bigint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"shutdown_reason" text,
	"remark" text,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offline_payments" ADD COLUMN "bill_id" bigint;--> statement-breakpoint
ALTER TABLE "order_receivables" ADD COLUMN "bill_id" bigint;--> statement-breakpoint
ALTER TABLE "order_receivables" ADD COLUMN "collectible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "order_receivables" ADD COLUMN "note" text;--> statement-breakpoint
CREATE INDEX "bill_reliefs_tenant_bill_idx" ON "bill_reliefs" USING btree ("tenant_id","bill_id","created_at");--> statement-breakpoint
CREATE INDEX "bill_reliefs_tenant_created_idx" ON "bill_reliefs" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_tenant_no_key" ON "bills" USING btree ("tenant_id","bill_no");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_order_period_key" ON "bills" USING btree ("order_id","period");--> statement-breakpoint
CREATE INDEX "bills_tenant_due_idx" ON "bills" USING btree ("tenant_id","due_date","id");--> statement-breakpoint
CREATE INDEX "bills_tenant_status_due_idx" ON "bills" USING btree ("tenant_id","status","due_date","id");--> statement-breakpoint
CREATE INDEX "bills_tenant_driver_idx" ON "bills" USING btree ("tenant_id","driver_id","due_date");--> statement-breakpoint
CREATE INDEX "bills_tenant_city_idx" ON "bills" USING btree ("tenant_id","city_id","status","due_date");--> statement-breakpoint
CREATE INDEX "bills_tenant_period_idx" ON "bills" USING btree ("tenant_id","period");--> statement-breakpoint
CREATE INDEX "order_receivables_bill_idx" ON "order_receivables" USING btree ("bill_id");