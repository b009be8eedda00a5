CREATE TABLE "lease_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lease_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"driver_id" bigint NOT NULL,
	"city_id" bigint NOT NULL,
	"model_id" bigint NOT NULL,
	"vehicle_id" bigint,
	"rental_mode" smallint NOT NULL,
	"order_type" smallint NOT NULL,
	"rent_receipt" smallint NOT NULL,
	"rent_timing" smallint NOT NULL,
	"maintenance_plan" smallint NOT NULL,
	"rent_settlement" smallint NOT NULL,
	"start_date" date NOT NULL,
	"term_months" integer NOT NULL,
	"end_date" date NOT NULL,
	"rent" bigint DEFAULT 0 NOT NULL,
	"stages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"deposit" bigint DEFAULT 0 NOT NULL,
	"first_payment" bigint DEFAULT 0 NOT NULL,
	"servicing_fee" bigint DEFAULT 0 NOT NULL,
	"final_payment" bigint DEFAULT 0 NOT NULL,
	"rent_free_days" integer DEFAULT 0 NOT NULL,
	"grace_days" integer DEFAULT 0 NOT NULL,
	"late_fee_rate" integer DEFAULT 0 NOT NULL,
	"contract_files" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"delivery_state" smallint DEFAULT 0 NOT NULL,
	"extend_tenancy" smallint DEFAULT 0 NOT NULL,
	"delivered_at" timestamp with time zone,
	"renewed_from_id" bigint,
	"associated_order_no" text,
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
CREATE TABLE "order_receivables" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_receivables_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"driver_id" bigint NOT NULL,
	"kind" smallint DEFAULT 1 NOT NULL,
	"period" integer NOT NULL,
	"stage" integer DEFAULT 1 NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"due_date" date NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"received" bigint DEFAULT 0 NOT NULL,
	"relieved" bigint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "lease_orders_tenant_no_key" ON "lease_orders" USING btree ("tenant_id","order_no");--> statement-breakpoint
CREATE INDEX "lease_orders_tenant_created_idx" ON "lease_orders" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "lease_orders_tenant_status_city_start_idx" ON "lease_orders" USING btree ("tenant_id","status","city_id","start_date","id");--> statement-breakpoint
CREATE INDEX "lease_orders_tenant_status_created_idx" ON "lease_orders" USING btree ("tenant_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "lease_orders_tenant_driver_idx" ON "lease_orders" USING btree ("tenant_id","driver_id","created_at");--> statement-breakpoint
CREATE INDEX "lease_orders_tenant_vehicle_idx" ON "lease_orders" USING btree ("tenant_id","vehicle_id");--> statement-breakpoint
CREATE INDEX "lease_orders_tenant_start_idx" ON "lease_orders" USING btree ("tenant_id","start_date","id");--> statement-breakpoint
CREATE INDEX "lease_orders_tenant_end_idx" ON "lease_orders" USING btree ("tenant_id","end_date","id");--> statement-breakpoint
CREATE INDEX "lease_orders_tenant_order_no_trgm_idx" ON "lease_orders" USING gin ("order_no" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "lease_orders_vehicle_with_driver_key" ON "lease_orders" USING btree ("vehicle_id") WHERE "lease_orders"."delivery_state" in (1, 2) and "lease_orders"."status" = 3;--> statement-breakpoint
CREATE UNIQUE INDEX "order_receivables_order_kind_period_key" ON "order_receivables" USING btree ("order_id","kind","period");--> statement-breakpoint
CREATE INDEX "order_receivables_tenant_order_due_idx" ON "order_receivables" USING btree ("tenant_id","order_id","due_date","id");--> statement-breakpoint
CREATE INDEX "order_receivables_tenant_due_idx" ON "order_receivables" USING btree ("tenant_id","status","due_date","id");--> statement-breakpoint
CREATE INDEX "order_receivables_tenant_driver_idx" ON "order_receivables" USING btree ("tenant_id","driver_id","due_date");