CREATE SEQUENCE "public"."exchange_order_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "exchange_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exchange_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"exchange_no" text NOT NULL,
	"order_id" bigint NOT NULL,
	"order_no" text NOT NULL,
	"driver_id" bigint NOT NULL,
	"old_vehicle_id" bigint NOT NULL,
	"new_vehicle_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"rent_difference" bigint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"return_id" bigint,
	"handed_over_at" timestamp with time zone,
	"remark" text,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_orders_tenant_no_key" ON "exchange_orders" USING btree ("tenant_id","exchange_no");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_orders_order_open_key" ON "exchange_orders" USING btree ("order_id") WHERE "exchange_orders"."status" in (1, 3);--> statement-breakpoint
CREATE INDEX "exchange_orders_tenant_created_idx" ON "exchange_orders" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "exchange_orders_tenant_status_created_idx" ON "exchange_orders" USING btree ("tenant_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "exchange_orders_tenant_driver_idx" ON "exchange_orders" USING btree ("tenant_id","driver_id","created_at");--> statement-breakpoint
CREATE INDEX "exchange_orders_exchange_no_trgm_idx" ON "exchange_orders" USING gin ("exchange_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "exchange_orders_order_no_trgm_idx" ON "exchange_orders" USING gin ("order_no" gin_trgm_ops);