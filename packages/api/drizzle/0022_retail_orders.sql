CREATE SEQUENCE "public"."retail_order_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."retail_work_order_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "retail_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "retail_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"buyer_type" smallint NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_mobile" text NOT NULL,
	"buyer_id_no" text NOT NULL,
	"city_id" bigint NOT NULL,
	"model_id" bigint NOT NULL,
	"vehicle_id" bigint,
	"price" bigint DEFAULT 0 NOT NULL,
	"payment_method" smallint NOT NULL,
	"down_payment" bigint DEFAULT 0 NOT NULL,
	"financing_partner" smallint,
	"loan_terms" integer,
	"loan_amount" bigint DEFAULT 0 NOT NULL,
	"planned_delivery_date" date,
	"salesperson_id" bigint,
	"contract_files" text[] DEFAULT '{}'::text[] NOT NULL,
	"remark" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"work_order_id" bigint,
	"work_order_no" text,
	"discount" bigint DEFAULT 0 NOT NULL,
	"delivered_at" timestamp with time zone,
	"transferred_on" date,
	"new_plate_no" text,
	"cancel_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retail_work_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "retail_work_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"work_order_no" text NOT NULL,
	"retail_order_id" bigint NOT NULL,
	"order_no" text NOT NULL,
	"buyer_name" text NOT NULL,
	"model_id" bigint NOT NULL,
	"price" bigint DEFAULT 0 NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"final_price" bigint DEFAULT 0 NOT NULL,
	"payment_method" smallint NOT NULL,
	"down_payment" bigint DEFAULT 0 NOT NULL,
	"financing_partner" smallint,
	"loan_terms" integer,
	"explanation" text NOT NULL,
	"attachments" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "retail_orders_tenant_no_key" ON "retail_orders" USING btree ("tenant_id","order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "retail_orders_vehicle_key" ON "retail_orders" USING btree ("vehicle_id") WHERE "retail_orders"."status" in (5, 6);--> statement-breakpoint
CREATE INDEX "retail_orders_tenant_created_idx" ON "retail_orders" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "retail_orders_tenant_status_created_idx" ON "retail_orders" USING btree ("tenant_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "retail_orders_order_no_trgm_idx" ON "retail_orders" USING gin ("order_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "retail_orders_buyer_name_trgm_idx" ON "retail_orders" USING gin ("buyer_name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "retail_work_orders_tenant_no_key" ON "retail_work_orders" USING btree ("tenant_id","work_order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "retail_work_orders_order_open_key" ON "retail_work_orders" USING btree ("retail_order_id") WHERE "retail_work_orders"."status" = 1;--> statement-breakpoint
CREATE INDEX "retail_work_orders_order_idx" ON "retail_work_orders" USING btree ("retail_order_id","created_at");