CREATE TABLE "app_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "app_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driver_id" bigint NOT NULL,
	"kind" smallint NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"feedback_id" bigint NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "marketplace_product_coupon_tags" (
	"product_id" bigint NOT NULL,
	"tag_id" bigint NOT NULL,
	"tenant_id" bigint NOT NULL,
	CONSTRAINT "marketplace_product_coupon_tags_product_id_tag_id_pk" PRIMARY KEY("product_id","tag_id")
);
--> statement-breakpoint
ALTER TABLE "coupon_orders" ADD COLUMN "tag_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon_orders" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "coupon_orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coupon_orders" ADD COLUMN "refunded_by" bigint;--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD COLUMN "discount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD COLUMN "coupon_order_id" bigint;--> statement-breakpoint
CREATE INDEX "app_messages_driver_idx" ON "app_messages" USING btree ("tenant_id","driver_id","id");--> statement-breakpoint
CREATE INDEX "app_messages_unread_idx" ON "app_messages" USING btree ("tenant_id","driver_id","id") WHERE read_at is null;--> statement-breakpoint
CREATE INDEX "marketplace_product_coupon_tags_tag_idx" ON "marketplace_product_coupon_tags" USING btree ("tenant_id","tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_orders_coupon_order_key" ON "marketplace_orders" USING btree ("tenant_id","coupon_order_id") WHERE "marketplace_orders"."coupon_order_id" is not null;--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD CONSTRAINT "marketplace_orders_discount_check" CHECK ("marketplace_orders"."discount" >= 0 and "marketplace_orders"."discount" <= "marketplace_orders"."amount");