CREATE SEQUENCE "public"."coupon_money_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."coupon_order_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "app_feedback" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "app_feedback_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driver_id" bigint NOT NULL,
	"kind" smallint NOT NULL,
	"menu" text NOT NULL,
	"problem" text NOT NULL,
	"level" smallint,
	"fault_type" smallint,
	"page_url" text,
	"pics" text[] DEFAULT '{}'::text[] NOT NULL,
	"source" smallint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"assignee_id" bigint,
	"close_reason" text,
	"assigned_at" timestamp with time zone,
	"handled_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_feedback_replies" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "app_feedback_replies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"feedback_id" bigint NOT NULL,
	"content" text NOT NULL,
	"author_name" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_feedback_tags" (
	"feedback_id" bigint NOT NULL,
	"tag_id" bigint NOT NULL,
	"tenant_id" bigint NOT NULL,
	CONSTRAINT "app_feedback_tags_feedback_id_tag_id_pk" PRIMARY KEY("feedback_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "app_feedback_uploads" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "app_feedback_uploads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"file_location" text NOT NULL,
	"driver_id" bigint NOT NULL,
	"app_key_id" bigint NOT NULL,
	"size" bigint NOT NULL,
	"feedback_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "app_feedback_uploads_file_location_unique" UNIQUE("file_location")
);
--> statement-breakpoint
CREATE TABLE "feedback_tags" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "feedback_tags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"color" text,
	"display_order" integer NOT NULL,
	"status" smallint NOT NULL,
	"remark" text,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "car_stations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "car_stations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"kind" smallint NOT NULL,
	"city_id" bigint NOT NULL,
	"district" text NOT NULL,
	"address" text NOT NULL,
	"coordinate_system" smallint NOT NULL,
	"longitude" text NOT NULL,
	"latitude" text NOT NULL,
	"source_point" text,
	"all_day" boolean NOT NULL,
	"opening_hours" text,
	"phone" text,
	"contact_name" text,
	"amenities" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"display_order" integer NOT NULL,
	"shown_in_app" boolean NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_money" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupon_money_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"entry_no" text NOT NULL,
	"coupon_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"driver_id" bigint NOT NULL,
	"kind" smallint NOT NULL,
	"month" text,
	"amount" bigint NOT NULL,
	"reference" text,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupon_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"coupon_id" bigint NOT NULL,
	"driver_id" bigint NOT NULL,
	"driver_mobile" text,
	"kind" smallint NOT NULL,
	"price" bigint DEFAULT 0 NOT NULL,
	"status" smallint NOT NULL,
	"source" smallint NOT NULL,
	"coupon_name" text NOT NULL,
	"stages" jsonb NOT NULL,
	"stage_summary" text NOT NULL,
	"face_value" bigint NOT NULL,
	"threshold" bigint,
	"validity_type" smallint NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"valid_days" integer,
	"pay_deadline" timestamp with time zone,
	"payment_ref" text,
	"paid_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"use_channel" text,
	"use_remark" text,
	"closed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_tags" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupon_tags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"color" text,
	"display_order" integer NOT NULL,
	"status" smallint NOT NULL,
	"remark" text,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_template_tags" (
	"coupon_id" bigint NOT NULL,
	"tag_id" bigint NOT NULL,
	"tenant_id" bigint NOT NULL,
	CONSTRAINT "coupon_template_tags_coupon_id_tag_id_pk" PRIMARY KEY("coupon_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "coupon_templates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupon_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"kind" smallint NOT NULL,
	"price" bigint,
	"stages" jsonb NOT NULL,
	"stage_summary" text NOT NULL,
	"face_value" bigint NOT NULL,
	"threshold" bigint,
	"total_stock" integer NOT NULL,
	"issued" integer DEFAULT 0 NOT NULL,
	"per_driver_limit" integer NOT NULL,
	"claim_start" timestamp with time zone NOT NULL,
	"claim_end" timestamp with time zone NOT NULL,
	"validity_type" smallint NOT NULL,
	"valid_from" date,
	"valid_to" date,
	"valid_days" integer,
	"pay_minutes" integer,
	"description" text,
	"listing" smallint DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_order_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marketplace_order_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"product_id" bigint NOT NULL,
	"product_name" text NOT NULL,
	"image" text,
	"unit_price" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "marketplace_order_lines_quantity_check" CHECK ("marketplace_order_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "marketplace_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marketplace_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"driver_id" bigint NOT NULL,
	"summary" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"channel" smallint NOT NULL,
	"pay_method" smallint,
	"paid_at" timestamp with time zone,
	"pay_deadline" timestamp with time zone,
	"consignee" text,
	"phone" text,
	"address" text,
	"carrier" smallint,
	"tracking_no" text,
	"shipped_at" timestamp with time zone,
	"auto_receive_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"receive_way" smallint,
	"closed_at" timestamp with time zone,
	"cancel_reason" text,
	"remark" text,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "marketplace_orders_amount_check" CHECK ("marketplace_orders"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "marketplace_payments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marketplace_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"method" smallint NOT NULL,
	"amount" bigint NOT NULL,
	"reference" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"created_by" bigint,
	CONSTRAINT "marketplace_payments_amount_check" CHECK ("marketplace_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "marketplace_product_tags" (
	"product_id" bigint NOT NULL,
	"tag_id" bigint NOT NULL,
	"tenant_id" bigint NOT NULL,
	CONSTRAINT "marketplace_product_tags_product_id_tag_id_pk" PRIMARY KEY("product_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "marketplace_products" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marketplace_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"category" smallint NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"price" bigint NOT NULL,
	"list_price" bigint,
	"stock" integer NOT NULL,
	"limit_per_driver" integer DEFAULT 0 NOT NULL,
	"delivery_kind" smallint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"detail" text,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "marketplace_products_stock_check" CHECK ("marketplace_products"."stock" >= 0),
	CONSTRAINT "marketplace_products_price_check" CHECK ("marketplace_products"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "marketplace_tags" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marketplace_tags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"color" text,
	"display_order" integer NOT NULL,
	"status" smallint NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alliance_partners" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alliance_partners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"kind" smallint NOT NULL,
	"contact_name" text NOT NULL,
	"contact_phone" text NOT NULL,
	"staff" text[] DEFAULT '{}'::text[] NOT NULL,
	"protection_days" integer NOT NULL,
	"commission_note" text,
	"active" boolean NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retention_follow_ups" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "retention_follow_ups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lead_id" bigint NOT NULL,
	"followed_at" timestamp with time zone NOT NULL,
	"way" smallint NOT NULL,
	"result" smallint NOT NULL,
	"content" text NOT NULL,
	"next_follow_up_date" date,
	"follower_name" text NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retention_leads" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "retention_leads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"channel" smallint NOT NULL,
	"contact_name" text NOT NULL,
	"mobile" text NOT NULL,
	"city_id" bigint,
	"model_id" bigint,
	"rental_mode" smallint,
	"source" smallint NOT NULL,
	"source_page" smallint,
	"consent" boolean DEFAULT false NOT NULL,
	"app_key_id" bigint,
	"first_touch_at" timestamp with time zone NOT NULL,
	"submit_count" integer DEFAULT 1 NOT NULL,
	"last_submitted_at" timestamp with time zone NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"linked" text,
	"linked_lead_id" bigint,
	"linked_driver_id" bigint,
	"follow_up_count" integer DEFAULT 0 NOT NULL,
	"last_followed_at" timestamp with time zone,
	"last_result" smallint,
	"next_follow_up_date" date,
	"converted_to" smallint,
	"converted_at" timestamp with time zone,
	"invalid_reason" text,
	"remark" text,
	"partner_id" bigint,
	"partner_staff" text,
	"protected_until" date,
	"partner_credited" boolean,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "retention_leads_channel_fields_check" CHECK ("retention_leads"."channel" <> 2 or "retention_leads"."partner_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "safety_content_cities" (
	"content_id" bigint NOT NULL,
	"city_id" bigint NOT NULL,
	"tenant_id" bigint NOT NULL,
	CONSTRAINT "safety_content_cities_content_id_city_id_pk" PRIMARY KEY("content_id","city_id")
);
--> statement-breakpoint
CREATE TABLE "safety_content_drivers" (
	"content_id" bigint NOT NULL,
	"driver_id" bigint NOT NULL,
	"tenant_id" bigint NOT NULL,
	CONSTRAINT "safety_content_drivers_content_id_driver_id_pk" PRIMARY KEY("content_id","driver_id")
);
--> statement-breakpoint
CREATE TABLE "safety_content_progress" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "safety_content_progress_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"content_id" bigint NOT NULL,
	"driver_id" bigint NOT NULL,
	"reached_at" timestamp with time zone NOT NULL,
	"viewed_at" timestamp with time zone,
	"watched_seconds" integer DEFAULT 0 NOT NULL,
	"last_position" integer DEFAULT 0 NOT NULL,
	"last_seen_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"reports" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safety_contents" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "safety_contents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"kind" smallint NOT NULL,
	"cover" text[] DEFAULT '{}'::text[] NOT NULL,
	"media" text[] DEFAULT '{}'::text[] NOT NULL,
	"duration_seconds" integer,
	"required_ratio" integer NOT NULL,
	"audience" smallint NOT NULL,
	"mandatory" boolean DEFAULT false NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"summary" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "app_feedback_driver_idx" ON "app_feedback" USING btree ("tenant_id","driver_id","created_at");--> statement-breakpoint
CREATE INDEX "app_feedback_tenant_created_at_idx" ON "app_feedback" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "app_feedback_tenant_kind_filter_idx" ON "app_feedback" USING btree ("tenant_id","kind","created_at","id");--> statement-breakpoint
CREATE INDEX "app_feedback_tenant_level_filter_idx" ON "app_feedback" USING btree ("tenant_id","level","created_at","id");--> statement-breakpoint
CREATE INDEX "app_feedback_tenant_source_filter_idx" ON "app_feedback" USING btree ("tenant_id","source","created_at","id");--> statement-breakpoint
CREATE INDEX "app_feedback_tenant_status_filter_idx" ON "app_feedback" USING btree ("tenant_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "app_feedback_tenant_assignee_id_filter_idx" ON "app_feedback" USING btree ("tenant_id","assignee_id","created_at","id");--> statement-breakpoint
CREATE INDEX "app_feedback_replies_feedback_idx" ON "app_feedback_replies" USING btree ("tenant_id","feedback_id","created_at");--> statement-breakpoint
CREATE INDEX "app_feedback_replies_tenant_created_at_idx" ON "app_feedback_replies" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "app_feedback_tags_tag_idx" ON "app_feedback_tags" USING btree ("tenant_id","tag_id");--> statement-breakpoint
CREATE INDEX "app_feedback_uploads_driver_idx" ON "app_feedback_uploads" USING btree ("tenant_id","driver_id");--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_tags_tenant_name_key" ON "feedback_tags" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "feedback_tags_tenant_display_order_idx" ON "feedback_tags" USING btree ("tenant_id","display_order","id");--> statement-breakpoint
CREATE INDEX "feedback_tags_tenant_created_at_idx" ON "feedback_tags" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "feedback_tags_name_trgm_idx" ON "feedback_tags" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "feedback_tags_tenant_status_filter_idx" ON "feedback_tags" USING btree ("tenant_id","status","display_order","id");--> statement-breakpoint
CREATE UNIQUE INDEX "car_stations_tenant_city_name_key" ON "car_stations" USING btree ("tenant_id","city_id","name");--> statement-breakpoint
CREATE INDEX "car_stations_amenities_idx" ON "car_stations" USING gin ("amenities");--> statement-breakpoint
CREATE INDEX "car_stations_tenant_point_idx" ON "car_stations" USING btree ("tenant_id",("latitude"::float8),("longitude"::float8));--> statement-breakpoint
CREATE INDEX "car_stations_tenant_display_order_idx" ON "car_stations" USING btree ("tenant_id","display_order","id");--> statement-breakpoint
CREATE INDEX "car_stations_tenant_created_at_idx" ON "car_stations" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "car_stations_name_trgm_idx" ON "car_stations" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "car_stations_tenant_kind_filter_idx" ON "car_stations" USING btree ("tenant_id","kind","display_order","id");--> statement-breakpoint
CREATE INDEX "car_stations_tenant_shown_in_app_filter_idx" ON "car_stations" USING btree ("tenant_id","shown_in_app","display_order","id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_money_tenant_no_key" ON "coupon_money" USING btree ("tenant_id","entry_no");--> statement-breakpoint
CREATE INDEX "coupon_money_coupon_idx" ON "coupon_money" USING btree ("tenant_id","coupon_id","kind");--> statement-breakpoint
CREATE INDEX "coupon_money_order_idx" ON "coupon_money" USING btree ("tenant_id","order_id","created_at");--> statement-breakpoint
CREATE INDEX "coupon_money_tenant_created_at_idx" ON "coupon_money" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_orders_tenant_no_key" ON "coupon_orders" USING btree ("tenant_id","order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_orders_payment_ref_key" ON "coupon_orders" USING btree ("tenant_id","payment_ref") WHERE payment_ref is not null;--> statement-breakpoint
CREATE INDEX "coupon_orders_coupon_status_idx" ON "coupon_orders" USING btree ("tenant_id","coupon_id","status");--> statement-breakpoint
CREATE INDEX "coupon_orders_driver_coupon_idx" ON "coupon_orders" USING btree ("tenant_id","driver_id","coupon_id");--> statement-breakpoint
CREATE INDEX "coupon_orders_pay_deadline_idx" ON "coupon_orders" USING btree ("pay_deadline") WHERE status = 0;--> statement-breakpoint
CREATE INDEX "coupon_orders_valid_to_idx" ON "coupon_orders" USING btree ("valid_to") WHERE status = 2;--> statement-breakpoint
CREATE INDEX "coupon_orders_tenant_created_at_idx" ON "coupon_orders" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "coupon_orders_tenant_valid_to_idx" ON "coupon_orders" USING btree ("tenant_id","valid_to","id");--> statement-breakpoint
CREATE INDEX "coupon_orders_tenant_used_at_idx" ON "coupon_orders" USING btree ("tenant_id","used_at","id");--> statement-breakpoint
CREATE INDEX "coupon_orders_order_no_trgm_idx" ON "coupon_orders" USING gin ("order_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "coupon_orders_tenant_kind_filter_idx" ON "coupon_orders" USING btree ("tenant_id","kind","created_at","id");--> statement-breakpoint
CREATE INDEX "coupon_orders_tenant_status_filter_idx" ON "coupon_orders" USING btree ("tenant_id","status","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_tags_tenant_name_key" ON "coupon_tags" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "coupon_tags_tenant_display_order_idx" ON "coupon_tags" USING btree ("tenant_id","display_order","id");--> statement-breakpoint
CREATE INDEX "coupon_tags_tenant_created_at_idx" ON "coupon_tags" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "coupon_tags_name_trgm_idx" ON "coupon_tags" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "coupon_tags_tenant_status_filter_idx" ON "coupon_tags" USING btree ("tenant_id","status","display_order","id");--> statement-breakpoint
CREATE INDEX "coupon_template_tags_tag_idx" ON "coupon_template_tags" USING btree ("tenant_id","tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_templates_tenant_name_key" ON "coupon_templates" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "coupon_templates_tenant_created_at_idx" ON "coupon_templates" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "coupon_templates_tenant_face_value_idx" ON "coupon_templates" USING btree ("tenant_id","face_value","id");--> statement-breakpoint
CREATE INDEX "coupon_templates_tenant_claim_start_idx" ON "coupon_templates" USING btree ("tenant_id","claim_start","id");--> statement-breakpoint
CREATE INDEX "coupon_templates_tenant_claim_end_idx" ON "coupon_templates" USING btree ("tenant_id","claim_end","id");--> statement-breakpoint
CREATE INDEX "coupon_templates_name_trgm_idx" ON "coupon_templates" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "coupon_templates_tenant_kind_filter_idx" ON "coupon_templates" USING btree ("tenant_id","kind","created_at","id");--> statement-breakpoint
CREATE INDEX "coupon_templates_tenant_listing_filter_idx" ON "coupon_templates" USING btree ("tenant_id","listing","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_order_lines_order_position_key" ON "marketplace_order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "marketplace_order_lines_product_idx" ON "marketplace_order_lines" USING btree ("tenant_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_orders_tenant_order_no_key" ON "marketplace_orders" USING btree ("tenant_id","order_no");--> statement-breakpoint
CREATE INDEX "marketplace_orders_unpaid_idx" ON "marketplace_orders" USING btree ("pay_deadline") WHERE "marketplace_orders"."status" = 0;--> statement-breakpoint
CREATE INDEX "marketplace_orders_shipped_idx" ON "marketplace_orders" USING btree ("auto_receive_at") WHERE "marketplace_orders"."status" = 20;--> statement-breakpoint
CREATE INDEX "marketplace_orders_tenant_created_at_idx" ON "marketplace_orders" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "marketplace_orders_tenant_amount_idx" ON "marketplace_orders" USING btree ("tenant_id","amount","id");--> statement-breakpoint
CREATE INDEX "marketplace_orders_order_no_trgm_idx" ON "marketplace_orders" USING gin ("order_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "marketplace_orders_tenant_driver_id_filter_idx" ON "marketplace_orders" USING btree ("tenant_id","driver_id","created_at","id");--> statement-breakpoint
CREATE INDEX "marketplace_orders_tenant_status_filter_idx" ON "marketplace_orders" USING btree ("tenant_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "marketplace_orders_tenant_channel_filter_idx" ON "marketplace_orders" USING btree ("tenant_id","channel","created_at","id");--> statement-breakpoint
CREATE INDEX "marketplace_orders_tenant_paid_at_filter_idx" ON "marketplace_orders" USING btree ("tenant_id","paid_at","created_at","id");--> statement-breakpoint
CREATE INDEX "marketplace_orders_phone_trgm_idx" ON "marketplace_orders" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "marketplace_orders_tracking_no_trgm_idx" ON "marketplace_orders" USING gin ("tracking_no" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_payments_tenant_reference_key" ON "marketplace_payments" USING btree ("tenant_id","kind","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_payments_order_kind_key" ON "marketplace_payments" USING btree ("order_id","kind");--> statement-breakpoint
CREATE INDEX "marketplace_product_tags_tag_idx" ON "marketplace_product_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_products_tenant_name_key" ON "marketplace_products" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "marketplace_products_tenant_sort_idx" ON "marketplace_products" USING btree ("tenant_id","sort","id");--> statement-breakpoint
CREATE INDEX "marketplace_products_tenant_price_idx" ON "marketplace_products" USING btree ("tenant_id","price","id");--> statement-breakpoint
CREATE INDEX "marketplace_products_tenant_stock_idx" ON "marketplace_products" USING btree ("tenant_id","stock","id");--> statement-breakpoint
CREATE INDEX "marketplace_products_tenant_created_at_idx" ON "marketplace_products" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "marketplace_products_name_trgm_idx" ON "marketplace_products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "marketplace_products_tenant_category_filter_idx" ON "marketplace_products" USING btree ("tenant_id","category","sort","id");--> statement-breakpoint
CREATE INDEX "marketplace_products_tenant_delivery_kind_filter_idx" ON "marketplace_products" USING btree ("tenant_id","delivery_kind","sort","id");--> statement-breakpoint
CREATE INDEX "marketplace_products_tenant_status_filter_idx" ON "marketplace_products" USING btree ("tenant_id","status","sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_tags_tenant_name_key" ON "marketplace_tags" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "marketplace_tags_tenant_display_order_idx" ON "marketplace_tags" USING btree ("tenant_id","display_order","id");--> statement-breakpoint
CREATE INDEX "marketplace_tags_tenant_created_at_idx" ON "marketplace_tags" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "marketplace_tags_name_trgm_idx" ON "marketplace_tags" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "marketplace_tags_tenant_status_filter_idx" ON "marketplace_tags" USING btree ("tenant_id","status","display_order","id");--> statement-breakpoint
CREATE UNIQUE INDEX "alliance_partners_tenant_name_key" ON "alliance_partners" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "alliance_partners_tenant_created_at_idx" ON "alliance_partners" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "alliance_partners_name_trgm_idx" ON "alliance_partners" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "alliance_partners_tenant_kind_filter_idx" ON "alliance_partners" USING btree ("tenant_id","kind","created_at","id");--> statement-breakpoint
CREATE INDEX "alliance_partners_tenant_active_filter_idx" ON "alliance_partners" USING btree ("tenant_id","active","created_at","id");--> statement-breakpoint
CREATE INDEX "retention_follow_ups_lead_idx" ON "retention_follow_ups" USING btree ("tenant_id","lead_id","followed_at");--> statement-breakpoint
CREATE INDEX "retention_follow_ups_tenant_followed_at_idx" ON "retention_follow_ups" USING btree ("tenant_id","followed_at","id");--> statement-breakpoint
CREATE INDEX "retention_leads_tenant_mobile_idx" ON "retention_leads" USING btree ("tenant_id","mobile","channel","first_touch_at");--> statement-breakpoint
CREATE INDEX "retention_leads_tenant_reversed_mobile_idx" ON "retention_leads" USING btree ("tenant_id",(reverse("mobile") collate "C"));--> statement-breakpoint
CREATE INDEX "retention_leads_tenant_channel_first_idx" ON "retention_leads" USING btree ("tenant_id","channel","first_touch_at","id");--> statement-breakpoint
CREATE INDEX "retention_leads_contact_trgm_idx" ON "retention_leads" USING gin ("contact_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "retention_leads_tenant_first_touch_at_idx" ON "retention_leads" USING btree ("tenant_id","first_touch_at","id");--> statement-breakpoint
CREATE INDEX "retention_leads_tenant_last_followed_at_idx" ON "retention_leads" USING btree ("tenant_id","last_followed_at","id");--> statement-breakpoint
CREATE INDEX "retention_leads_tenant_next_follow_up_date_idx" ON "retention_leads" USING btree ("tenant_id","next_follow_up_date","id");--> statement-breakpoint
CREATE INDEX "retention_leads_tenant_city_id_filter_idx" ON "retention_leads" USING btree ("tenant_id","city_id","first_touch_at","id");--> statement-breakpoint
CREATE INDEX "retention_leads_tenant_rental_mode_filter_idx" ON "retention_leads" USING btree ("tenant_id","rental_mode","first_touch_at","id");--> statement-breakpoint
CREATE INDEX "retention_leads_tenant_source_filter_idx" ON "retention_leads" USING btree ("tenant_id","source","first_touch_at","id");--> statement-breakpoint
CREATE INDEX "retention_leads_tenant_source_page_filter_idx" ON "retention_leads" USING btree ("tenant_id","source_page","first_touch_at","id");--> statement-breakpoint
CREATE INDEX "retention_leads_tenant_status_filter_idx" ON "retention_leads" USING btree ("tenant_id","status","first_touch_at","id");--> statement-breakpoint
CREATE INDEX "retention_leads_tenant_last_result_filter_idx" ON "retention_leads" USING btree ("tenant_id","last_result","first_touch_at","id");--> statement-breakpoint
CREATE INDEX "retention_leads_tenant_partner_id_filter_idx" ON "retention_leads" USING btree ("tenant_id","partner_id","first_touch_at","id");--> statement-breakpoint
CREATE INDEX "retention_leads_partner_staff_trgm_idx" ON "retention_leads" USING gin ("partner_staff" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "retention_leads_tenant_protected_until_filter_idx" ON "retention_leads" USING btree ("tenant_id","protected_until","first_touch_at","id");--> statement-breakpoint
CREATE INDEX "retention_leads_tenant_partner_credited_filter_idx" ON "retention_leads" USING btree ("tenant_id","partner_credited","first_touch_at","id");--> statement-breakpoint
CREATE INDEX "safety_content_drivers_driver_idx" ON "safety_content_drivers" USING btree ("tenant_id","driver_id");--> statement-breakpoint
CREATE UNIQUE INDEX "safety_content_progress_driver_key" ON "safety_content_progress" USING btree ("tenant_id","content_id","driver_id");--> statement-breakpoint
CREATE INDEX "safety_content_progress_tenant_reached_at_idx" ON "safety_content_progress" USING btree ("tenant_id","reached_at","id");--> statement-breakpoint
CREATE INDEX "safety_content_progress_tenant_watched_seconds_idx" ON "safety_content_progress" USING btree ("tenant_id","watched_seconds","id");--> statement-breakpoint
CREATE INDEX "safety_content_progress_tenant_completed_at_idx" ON "safety_content_progress" USING btree ("tenant_id","completed_at","id");--> statement-breakpoint
CREATE INDEX "safety_content_progress_tenant_driver_id_filter_idx" ON "safety_content_progress" USING btree ("tenant_id","driver_id","reached_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "safety_contents_tenant_title_key" ON "safety_contents" USING btree ("tenant_id","title");--> statement-breakpoint
CREATE INDEX "safety_contents_tenant_start_date_idx" ON "safety_contents" USING btree ("tenant_id","start_date","id");--> statement-breakpoint
CREATE INDEX "safety_contents_tenant_created_at_idx" ON "safety_contents" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "safety_contents_title_trgm_idx" ON "safety_contents" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "safety_contents_tenant_kind_filter_idx" ON "safety_contents" USING btree ("tenant_id","kind","start_date","id");--> statement-breakpoint
CREATE INDEX "safety_contents_tenant_audience_filter_idx" ON "safety_contents" USING btree ("tenant_id","audience","start_date","id");--> statement-breakpoint
CREATE INDEX "safety_contents_tenant_mandatory_filter_idx" ON "safety_contents" USING btree ("tenant_id","mandatory","start_date","id");--> statement-breakpoint
CREATE INDEX "safety_contents_tenant_status_filter_idx" ON "safety_contents" USING btree ("tenant_id","status","start_date","id");