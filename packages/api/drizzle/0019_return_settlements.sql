CREATE SEQUENCE "public"."return_settlement_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "accounting_units" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accounting_units_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"tax_no" text NOT NULL,
	"bank_name" text NOT NULL,
	"bank_account" text NOT NULL,
	"address" text,
	"phone" text,
	"remark" text,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_settlements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "return_settlements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"settlement_no" text NOT NULL,
	"order_id" bigint NOT NULL,
	"order_no" text NOT NULL,
	"driver_id" bigint NOT NULL,
	"vehicle_id" bigint NOT NULL,
	"return_id" bigint NOT NULL,
	"accounting_unit_id" bigint NOT NULL,
	"return_date" date NOT NULL,
	"rent_due" bigint DEFAULT 0 NOT NULL,
	"rent_paid" bigint DEFAULT 0 NOT NULL,
	"late_fee" bigint DEFAULT 0 NOT NULL,
	"violation_fee" bigint DEFAULT 0 NOT NULL,
	"damage_fee" bigint DEFAULT 0 NOT NULL,
	"damage_note" text,
	"other_fee" bigint DEFAULT 0 NOT NULL,
	"other_note" text,
	"deposit" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
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
ALTER TABLE "lease_orders" ADD COLUMN "return_id" bigint;--> statement-breakpoint
ALTER TABLE "lease_orders" ADD COLUMN "settlement_state" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_units_tenant_name_key" ON "accounting_units" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_units_tenant_tax_no_key" ON "accounting_units" USING btree ("tenant_id","tax_no");--> statement-breakpoint
CREATE INDEX "accounting_units_tenant_created_idx" ON "accounting_units" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "return_settlements_tenant_no_key" ON "return_settlements" USING btree ("tenant_id","settlement_no");--> statement-breakpoint
CREATE UNIQUE INDEX "return_settlements_order_key" ON "return_settlements" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "return_settlements_tenant_created_idx" ON "return_settlements" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "return_settlements_tenant_status_created_idx" ON "return_settlements" USING btree ("tenant_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "return_settlements_tenant_driver_idx" ON "return_settlements" USING btree ("tenant_id","driver_id","created_at");--> statement-breakpoint
CREATE INDEX "return_settlements_settlement_no_trgm_idx" ON "return_settlements" USING gin ("settlement_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "return_settlements_order_no_trgm_idx" ON "return_settlements" USING gin ("order_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "lease_orders_tenant_returning_idx" ON "lease_orders" USING btree ("tenant_id","settlement_state","updated_at") WHERE "lease_orders"."delivery_state" in (2, 3);