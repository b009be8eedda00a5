CREATE TABLE "express_exchanges" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "express_exchanges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"exchange_no" text NOT NULL,
	"goods_id" bigint NOT NULL,
	"goods_name" text NOT NULL,
	"goods_cover" text[] DEFAULT '{}'::text[] NOT NULL,
	"driver_id" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"unit_points" integer NOT NULL,
	"points" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"channel" smallint NOT NULL,
	"consignee" text,
	"phone" text,
	"address" text,
	"carrier" smallint,
	"tracking_no" text,
	"shipped_at" timestamp with time zone,
	"remark" text,
	"cancel_reason" text,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "express_exchanges_quantity_check" CHECK ("express_exchanges"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "express_goods" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "express_goods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"category" smallint NOT NULL,
	"cover" text[] DEFAULT '{}'::text[] NOT NULL,
	"gallery" text[] DEFAULT '{}'::text[] NOT NULL,
	"points_price" integer NOT NULL,
	"cash_price" bigint,
	"stock" integer NOT NULL,
	"limit_per_driver" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"brief" text,
	"detail" text,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "express_goods_stock_check" CHECK ("express_goods"."stock" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "express_exchanges_tenant_exchange_no_key" ON "express_exchanges" USING btree ("tenant_id","exchange_no");--> statement-breakpoint
CREATE INDEX "express_exchanges_tenant_goods_idx" ON "express_exchanges" USING btree ("tenant_id","goods_id","created_at");--> statement-breakpoint
CREATE INDEX "express_exchanges_tenant_driver_goods_idx" ON "express_exchanges" USING btree ("tenant_id","driver_id","goods_id");--> statement-breakpoint
CREATE INDEX "express_exchanges_tenant_created_at_idx" ON "express_exchanges" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "express_exchanges_exchange_no_trgm_idx" ON "express_exchanges" USING gin ("exchange_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "express_exchanges_goods_name_trgm_idx" ON "express_exchanges" USING gin ("goods_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "express_exchanges_tenant_status_filter_idx" ON "express_exchanges" USING btree ("tenant_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "express_exchanges_tenant_channel_filter_idx" ON "express_exchanges" USING btree ("tenant_id","channel","created_at","id");--> statement-breakpoint
CREATE INDEX "express_exchanges_tracking_no_trgm_idx" ON "express_exchanges" USING gin ("tracking_no" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "express_goods_tenant_name_key" ON "express_goods" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "express_goods_tenant_sort_idx" ON "express_goods" USING btree ("tenant_id","sort","id");--> statement-breakpoint
CREATE INDEX "express_goods_tenant_points_price_idx" ON "express_goods" USING btree ("tenant_id","points_price","id");--> statement-breakpoint
CREATE INDEX "express_goods_tenant_stock_idx" ON "express_goods" USING btree ("tenant_id","stock","id");--> statement-breakpoint
CREATE INDEX "express_goods_tenant_created_at_idx" ON "express_goods" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "express_goods_name_trgm_idx" ON "express_goods" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "express_goods_tenant_category_filter_idx" ON "express_goods" USING btree ("tenant_id","category","sort","id");--> statement-breakpoint
CREATE INDEX "express_goods_tenant_status_filter_idx" ON "express_goods" USING btree ("tenant_id","status","sort","id");