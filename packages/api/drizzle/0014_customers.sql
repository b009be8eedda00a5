CREATE TABLE "allocation_rule_members" (
	"rule_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"tenant_id" bigint NOT NULL,
	CONSTRAINT "allocation_rule_members_rule_id_user_id_pk" PRIMARY KEY("rule_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "allocation_rules" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "allocation_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"priority" integer NOT NULL,
	"channel_id" bigint,
	"city_id" bigint,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text,
	"last_user_id" bigint,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channels" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "channels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"type" smallint NOT NULL,
	"owner_id" bigint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"cost" bigint,
	"remark" text,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" smallint NOT NULL,
	"name" text NOT NULL,
	"mobile" text NOT NULL,
	"city_id" bigint NOT NULL,
	"address" text,
	"credit_code" text,
	"legal_representative" text,
	"contact_name" text,
	"business_licence" text[] DEFAULT '{}'::text[] NOT NULL,
	"commission_rate" integer,
	"region" text,
	"id_number" text,
	"id_documents" text[] DEFAULT '{}'::text[] NOT NULL,
	"source_lead_id" bigint,
	"remark" text,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_kind_fields_check" CHECK (("customers"."kind" = 3 and "customers"."id_number" is not null) or ("customers"."kind" in (1, 2) and "customers"."credit_code" is not null and "customers"."legal_representative" is not null and "customers"."contact_name" is not null and ("customers"."kind" = 1 or ("customers"."commission_rate" is not null and "customers"."region" is not null))))
);
--> statement-breakpoint
CREATE TABLE "drivers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "drivers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" smallint NOT NULL,
	"name" text NOT NULL,
	"mobile" text NOT NULL,
	"national_id" text NOT NULL,
	"gender" smallint NOT NULL,
	"birth_date" date NOT NULL,
	"city_id" bigint NOT NULL,
	"address" text,
	"license_no" text,
	"license_class" smallint NOT NULL,
	"license_first_issue" date,
	"license_expiry" date,
	"permit_no" text,
	"permit_authority" text,
	"permit_expiry" date,
	"papers_expiry" date,
	"taxi_company" text,
	"emergency_name" text,
	"emergency_relation" smallint,
	"emergency_mobile" text,
	"bank_name" text,
	"bank_card_no" text,
	"bank_card_holder" text,
	"source" text,
	"salesperson_id" bigint,
	"status" smallint DEFAULT 0 NOT NULL,
	"status_reason" text,
	"id_card_photos" text[] DEFAULT '{}'::text[] NOT NULL,
	"license_photos" text[] DEFAULT '{}'::text[] NOT NULL,
	"permit_photos" text[] DEFAULT '{}'::text[] NOT NULL,
	"remark" text,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invalid_lead_rule_cities" (
	"rule_id" bigint NOT NULL,
	"city_id" bigint NOT NULL,
	"tenant_id" bigint NOT NULL,
	CONSTRAINT "invalid_lead_rule_cities_rule_id_city_id_pk" PRIMARY KEY("rule_id","city_id")
);
--> statement-breakpoint
CREATE TABLE "invalid_lead_rules" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invalid_lead_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"kind" smallint NOT NULL,
	"enabled" boolean NOT NULL,
	"days" integer,
	"times" integer,
	"mobiles" text[] DEFAULT '{}'::text[] NOT NULL,
	"remark" text,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lead_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lead_id" bigint NOT NULL,
	"kind" smallint NOT NULL,
	"summary" text NOT NULL,
	"actor_name" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_follow_ups" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lead_follow_ups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lead_id" bigint NOT NULL,
	"followed_at" timestamp with time zone NOT NULL,
	"way" smallint NOT NULL,
	"answered" boolean NOT NULL,
	"content" text NOT NULL,
	"intention_level" smallint NOT NULL,
	"next_follow_up_date" date,
	"follower_name" text NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "leads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"contact_name" text NOT NULL,
	"mobile" text NOT NULL,
	"city_id" bigint,
	"channel_id" bigint,
	"business" smallint NOT NULL,
	"customer_kind" smallint,
	"salesperson_id" bigint,
	"source" smallint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"intention_level" smallint,
	"next_follow_up_date" date,
	"last_followed_at" timestamp with time zone,
	"follow_up_count" integer DEFAULT 0 NOT NULL,
	"unanswered_count" integer DEFAULT 0 NOT NULL,
	"invalid_reason" text,
	"activated_kind" smallint,
	"activated_customer_id" bigint,
	"activated_customer" text,
	"batch_id" bigint,
	"remark" text,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prize_draw_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "prize_draw_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"draw_id" bigint NOT NULL,
	"participant_id" bigint NOT NULL,
	"participant_name" text NOT NULL,
	"mobile" text NOT NULL,
	"attempt" integer NOT NULL,
	"drawn_at" timestamp with time zone NOT NULL,
	"digest" text NOT NULL,
	"draw" integer NOT NULL,
	"won" boolean NOT NULL,
	"prize_id" bigint,
	"prize_name" text,
	"prize_level" smallint,
	"channel" smallint NOT NULL,
	"operator" text NOT NULL,
	"note" text,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prize_draw_participants" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "prize_draw_participants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"draw_id" bigint NOT NULL,
	"name" text NOT NULL,
	"mobile" text NOT NULL,
	"external_ref" text,
	"chances" integer DEFAULT 1 NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prize_draws" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "prize_draws_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"rules" text,
	"status" smallint DEFAULT 0 NOT NULL,
	"seed" text NOT NULL,
	"seed_hash" text NOT NULL,
	"ended_at" timestamp with time zone,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prize_draw_prizes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "prize_draw_prizes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"draw_id" bigint NOT NULL,
	"name" text NOT NULL,
	"level" smallint NOT NULL,
	"probability" integer NOT NULL,
	"stock" integer NOT NULL,
	"given" integer DEFAULT 0 NOT NULL,
	"value" bigint,
	"image" text[] DEFAULT '{}'::text[] NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qr_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "qr_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"code" text NOT NULL,
	"channel_id" bigint NOT NULL,
	"salesperson_id" bigint NOT NULL,
	"template_id" bigint NOT NULL,
	"sign_up_url" text NOT NULL,
	"scan_count" integer DEFAULT 0 NOT NULL,
	"sign_up_count" integer DEFAULT 0 NOT NULL,
	"last_scanned_at" timestamp with time zone,
	"remark" text,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qr_templates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "qr_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"background" text[] DEFAULT '{}'::text[] NOT NULL,
	"background_width" integer,
	"background_height" integer,
	"qr_x" integer NOT NULL,
	"qr_y" integer NOT NULL,
	"qr_size" integer NOT NULL,
	"caption" text,
	"caption_x" integer,
	"caption_y" integer,
	"caption_size" integer DEFAULT 32 NOT NULL,
	"caption_color" text DEFAULT '#333333' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"submitted_by" bigint,
	"review_note" text,
	"remark" text,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incentive_allocations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "incentive_allocations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"total_amount" bigint NOT NULL,
	"rule" smallint NOT NULL,
	"participant_count" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"remark" text,
	"cancel_reason" text,
	"cancelled_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incentive_allocation_parts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "incentive_allocation_parts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"allocation_id" bigint NOT NULL,
	"position" smallint NOT NULL,
	"person_kind" smallint NOT NULL,
	"person_id" bigint NOT NULL,
	"person_name" text NOT NULL,
	"weight" integer,
	"referral_count" integer,
	"amount" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_awards" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_awards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"referral_id" bigint NOT NULL,
	"inviter_id" bigint NOT NULL,
	"amount" bigint DEFAULT 75000 NOT NULL,
	"reason" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"applicant_id" bigint NOT NULL,
	"reject_reason" text,
	"reviewed_at" timestamp with time zone,
	"payment_reference" text,
	"paid_on" date,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referrals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"inviter_id" bigint NOT NULL,
	"invitee_name" text NOT NULL,
	"invitee_mobile" text NOT NULL,
	"invitee_driver_id" bigint,
	"channel_id" bigint,
	"invited_at" timestamp with time zone NOT NULL,
	"stage" smallint DEFAULT 1 NOT NULL,
	"registered_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"invalidated_at" timestamp with time zone,
	"invalid_reason" text,
	"remark" text,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_batch_rows" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_batch_rows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"batch_id" bigint NOT NULL,
	"row_number" integer NOT NULL,
	"outcome" smallint NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"record_id" bigint,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_batches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"resource_key" text NOT NULL,
	"file_name" text NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"finished_at" timestamp with time zone,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vehicle_returns" ADD COLUMN "driver_id" bigint;--> statement-breakpoint
ALTER TABLE "vehicle_deliveries" ADD COLUMN "driver_id" bigint;--> statement-breakpoint
ALTER TABLE "vehicle_violations" ADD COLUMN "driver_id" bigint;--> statement-breakpoint
CREATE INDEX "allocation_rule_members_user_idx" ON "allocation_rule_members" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "allocation_rules_tenant_name_key" ON "allocation_rules" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "allocation_rules_tenant_priority_idx" ON "allocation_rules" USING btree ("tenant_id","priority","id");--> statement-breakpoint
CREATE INDEX "allocation_rules_tenant_created_idx" ON "allocation_rules" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "allocation_rules_tenant_channel_idx" ON "allocation_rules" USING btree ("tenant_id","channel_id","priority");--> statement-breakpoint
CREATE INDEX "allocation_rules_tenant_city_idx" ON "allocation_rules" USING btree ("tenant_id","city_id","priority");--> statement-breakpoint
CREATE INDEX "allocation_rules_tenant_enabled_idx" ON "allocation_rules" USING btree ("tenant_id","enabled","priority");--> statement-breakpoint
CREATE INDEX "allocation_rules_name_trgm_idx" ON "allocation_rules" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "channels_tenant_name_key" ON "channels" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "channels_tenant_created_idx" ON "channels" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "channels_tenant_type_idx" ON "channels" USING btree ("tenant_id","type","created_at");--> statement-breakpoint
CREATE INDEX "channels_tenant_owner_idx" ON "channels" USING btree ("tenant_id","owner_id","created_at");--> statement-breakpoint
CREATE INDEX "channels_tenant_status_idx" ON "channels" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "channels_name_trgm_idx" ON "channels" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "customers_tenant_credit_code_key" ON "customers" USING btree ("tenant_id","kind","credit_code") WHERE "customers"."credit_code" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_tenant_id_number_key" ON "customers" USING btree ("tenant_id","kind","id_number") WHERE "customers"."id_number" is not null;--> statement-breakpoint
CREATE INDEX "customers_tenant_kind_created_idx" ON "customers" USING btree ("tenant_id","kind","created_at","id");--> statement-breakpoint
CREATE INDEX "customers_tenant_mobile_idx" ON "customers" USING btree ("tenant_id","mobile");--> statement-breakpoint
CREATE INDEX "customers_tenant_source_lead_idx" ON "customers" USING btree ("tenant_id","source_lead_id");--> statement-breakpoint
CREATE INDEX "customers_name_trgm_idx" ON "customers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_credit_code_trgm_idx" ON "customers" USING gin ("credit_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_mobile_trgm_idx" ON "customers" USING gin ("mobile" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "drivers_tenant_mobile_key" ON "drivers" USING btree ("tenant_id","mobile");--> statement-breakpoint
CREATE UNIQUE INDEX "drivers_tenant_national_id_key" ON "drivers" USING btree ("tenant_id","national_id");--> statement-breakpoint
CREATE INDEX "drivers_tenant_kind_updated_idx" ON "drivers" USING btree ("tenant_id","kind","updated_at","id");--> statement-breakpoint
CREATE INDEX "drivers_tenant_kind_status_idx" ON "drivers" USING btree ("tenant_id","kind","status","updated_at");--> statement-breakpoint
CREATE INDEX "drivers_tenant_kind_city_idx" ON "drivers" USING btree ("tenant_id","kind","city_id");--> statement-breakpoint
CREATE INDEX "drivers_tenant_kind_salesperson_idx" ON "drivers" USING btree ("tenant_id","kind","salesperson_id");--> statement-breakpoint
CREATE INDEX "drivers_tenant_kind_papers_idx" ON "drivers" USING btree ("tenant_id","kind","papers_expiry");--> statement-breakpoint
CREATE INDEX "drivers_tenant_kind_name_sort_idx" ON "drivers" USING btree ("tenant_id","kind","name","id");--> statement-breakpoint
CREATE INDEX "drivers_tenant_license_expiry_idx" ON "drivers" USING btree ("tenant_id","license_expiry","id");--> statement-breakpoint
CREATE INDEX "drivers_tenant_permit_expiry_idx" ON "drivers" USING btree ("tenant_id","permit_expiry","id");--> statement-breakpoint
CREATE INDEX "drivers_tenant_created_idx" ON "drivers" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "drivers_tenant_mobile_reversed_idx" ON "drivers" USING btree ("tenant_id",(reverse("mobile") collate "C"));--> statement-breakpoint
CREATE INDEX "drivers_name_trgm_idx" ON "drivers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "drivers_name_grams_idx" ON "drivers" USING gin (short_grams("name"));--> statement-breakpoint
CREATE INDEX "drivers_source_trgm_idx" ON "drivers" USING gin ("source" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "drivers_taxi_company_trgm_idx" ON "drivers" USING gin ("taxi_company" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "invalid_lead_rules_tenant_kind_key" ON "invalid_lead_rules" USING btree ("tenant_id","kind");--> statement-breakpoint
CREATE INDEX "invalid_lead_rules_tenant_updated_idx" ON "invalid_lead_rules" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "invalid_lead_rules_tenant_enabled_idx" ON "invalid_lead_rules" USING btree ("tenant_id","enabled");--> statement-breakpoint
CREATE INDEX "invalid_lead_rules_name_trgm_idx" ON "invalid_lead_rules" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "lead_events_lead_idx" ON "lead_events" USING btree ("tenant_id","lead_id","at");--> statement-breakpoint
CREATE INDEX "lead_events_tenant_at_idx" ON "lead_events" USING btree ("tenant_id","at","id");--> statement-breakpoint
CREATE INDEX "lead_events_tenant_kind_idx" ON "lead_events" USING btree ("tenant_id","kind","at");--> statement-breakpoint
CREATE INDEX "lead_events_actor_trgm_idx" ON "lead_events" USING gin ("actor_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "lead_follow_ups_lead_idx" ON "lead_follow_ups" USING btree ("tenant_id","lead_id","followed_at");--> statement-breakpoint
CREATE INDEX "lead_follow_ups_tenant_at_idx" ON "lead_follow_ups" USING btree ("tenant_id","followed_at","id");--> statement-breakpoint
CREATE INDEX "lead_follow_ups_tenant_way_idx" ON "lead_follow_ups" USING btree ("tenant_id","way","followed_at");--> statement-breakpoint
CREATE INDEX "lead_follow_ups_tenant_answered_idx" ON "lead_follow_ups" USING btree ("tenant_id","answered","followed_at");--> statement-breakpoint
CREATE INDEX "lead_follow_ups_tenant_intention_idx" ON "lead_follow_ups" USING btree ("tenant_id","intention_level","followed_at");--> statement-breakpoint
CREATE INDEX "lead_follow_ups_follower_trgm_idx" ON "lead_follow_ups" USING gin ("follower_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_tenant_status_sales_created_idx" ON "leads" USING btree ("tenant_id","status","salesperson_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_tenant_sales_created_idx" ON "leads" USING btree ("tenant_id","salesperson_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_tenant_created_idx" ON "leads" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "leads_tenant_updated_idx" ON "leads" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "leads_tenant_created_stats_idx" ON "leads" USING btree ("tenant_id","created_at","channel_id","city_id","salesperson_id","status","follow_up_count");--> statement-breakpoint
CREATE INDEX "leads_tenant_channel_created_idx" ON "leads" USING btree ("tenant_id","channel_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_tenant_city_created_idx" ON "leads" USING btree ("tenant_id","city_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_tenant_business_idx" ON "leads" USING btree ("tenant_id","business","created_at");--> statement-breakpoint
CREATE INDEX "leads_tenant_kind_idx" ON "leads" USING btree ("tenant_id","customer_kind","created_at");--> statement-breakpoint
CREATE INDEX "leads_tenant_source_idx" ON "leads" USING btree ("tenant_id","source","created_at");--> statement-breakpoint
CREATE INDEX "leads_tenant_intention_idx" ON "leads" USING btree ("tenant_id","intention_level","created_at");--> statement-breakpoint
CREATE INDEX "leads_tenant_next_follow_up_idx" ON "leads" USING btree ("tenant_id","next_follow_up_date","id");--> statement-breakpoint
CREATE INDEX "leads_tenant_last_followed_idx" ON "leads" USING btree ("tenant_id","last_followed_at","id");--> statement-breakpoint
CREATE INDEX "leads_tenant_batch_idx" ON "leads" USING btree ("tenant_id","batch_id");--> statement-breakpoint
CREATE INDEX "leads_tenant_mobile_idx" ON "leads" USING btree ("tenant_id","mobile","status");--> statement-breakpoint
CREATE INDEX "leads_mobile_trgm_idx" ON "leads" USING gin ("mobile" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_contact_trgm_idx" ON "leads" USING gin ("contact_name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "prize_draw_records_attempt_key" ON "prize_draw_records" USING btree ("tenant_id","participant_id","attempt");--> statement-breakpoint
CREATE INDEX "prize_draw_records_tenant_draw_idx" ON "prize_draw_records" USING btree ("tenant_id","draw_id","drawn_at");--> statement-breakpoint
CREATE INDEX "prize_draw_records_tenant_won_idx" ON "prize_draw_records" USING btree ("tenant_id","draw_id","won","drawn_at");--> statement-breakpoint
CREATE INDEX "prize_draw_records_tenant_drawn_idx" ON "prize_draw_records" USING btree ("tenant_id","drawn_at");--> statement-breakpoint
CREATE INDEX "prize_draw_records_name_trgm_idx" ON "prize_draw_records" USING gin ("participant_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "prize_draw_records_mobile_trgm_idx" ON "prize_draw_records" USING gin ("mobile" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "prize_draw_participants_mobile_key" ON "prize_draw_participants" USING btree ("tenant_id","mobile","draw_id");--> statement-breakpoint
CREATE INDEX "prize_draw_participants_tenant_draw_idx" ON "prize_draw_participants" USING btree ("tenant_id","draw_id","created_at");--> statement-breakpoint
CREATE INDEX "prize_draw_participants_tenant_created_idx" ON "prize_draw_participants" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "prize_draw_participants_name_trgm_idx" ON "prize_draw_participants" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "prize_draw_participants_mobile_trgm_idx" ON "prize_draw_participants" USING gin ("mobile" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "prize_draws_tenant_name_key" ON "prize_draws" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "prize_draws_tenant_starts_idx" ON "prize_draws" USING btree ("tenant_id","starts_at");--> statement-breakpoint
CREATE INDEX "prize_draws_tenant_status_idx" ON "prize_draws" USING btree ("tenant_id","status","starts_at");--> statement-breakpoint
CREATE INDEX "prize_draws_tenant_updated_idx" ON "prize_draws" USING btree ("tenant_id","updated_at");--> statement-breakpoint
CREATE INDEX "prize_draws_name_trgm_idx" ON "prize_draws" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "prize_draw_prizes_tenant_draw_idx" ON "prize_draw_prizes" USING btree ("tenant_id","draw_id","level");--> statement-breakpoint
CREATE UNIQUE INDEX "qr_codes_code_key" ON "qr_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "qr_codes_tenant_created_idx" ON "qr_codes" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "qr_codes_tenant_channel_idx" ON "qr_codes" USING btree ("tenant_id","channel_id","created_at");--> statement-breakpoint
CREATE INDEX "qr_codes_tenant_salesperson_idx" ON "qr_codes" USING btree ("tenant_id","salesperson_id","created_at");--> statement-breakpoint
CREATE INDEX "qr_codes_tenant_template_idx" ON "qr_codes" USING btree ("tenant_id","template_id","created_at");--> statement-breakpoint
CREATE INDEX "qr_codes_tenant_scans_idx" ON "qr_codes" USING btree ("tenant_id","scan_count","id");--> statement-breakpoint
CREATE INDEX "qr_codes_tenant_sign_ups_idx" ON "qr_codes" USING btree ("tenant_id","sign_up_count","id");--> statement-breakpoint
CREATE INDEX "qr_codes_tenant_scanned_idx" ON "qr_codes" USING btree ("tenant_id","last_scanned_at","id");--> statement-breakpoint
CREATE INDEX "qr_codes_name_trgm_idx" ON "qr_codes" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "qr_templates_tenant_name_key" ON "qr_templates" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "qr_templates_tenant_updated_idx" ON "qr_templates" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "qr_templates_tenant_created_idx" ON "qr_templates" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "qr_templates_tenant_status_idx" ON "qr_templates" USING btree ("tenant_id","status","updated_at");--> statement-breakpoint
CREATE INDEX "qr_templates_tenant_name_sort_idx" ON "qr_templates" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "qr_templates_name_trgm_idx" ON "qr_templates" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "incentive_allocations_tenant_created_idx" ON "incentive_allocations" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "incentive_allocations_tenant_status_idx" ON "incentive_allocations" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "incentive_allocations_tenant_rule_idx" ON "incentive_allocations" USING btree ("tenant_id","rule","created_at");--> statement-breakpoint
CREATE INDEX "incentive_allocations_tenant_period_idx" ON "incentive_allocations" USING btree ("tenant_id","period_start");--> statement-breakpoint
CREATE INDEX "incentive_allocations_tenant_period_end_idx" ON "incentive_allocations" USING btree ("tenant_id","period_end");--> statement-breakpoint
CREATE INDEX "incentive_allocations_tenant_total_idx" ON "incentive_allocations" USING btree ("tenant_id","total_amount");--> statement-breakpoint
CREATE INDEX "incentive_allocations_tenant_name_idx" ON "incentive_allocations" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "incentive_allocations_name_trgm_idx" ON "incentive_allocations" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "incentive_parts_allocation_position_key" ON "incentive_allocation_parts" USING btree ("allocation_id","position");--> statement-breakpoint
CREATE INDEX "incentive_parts_tenant_person_idx" ON "incentive_allocation_parts" USING btree ("tenant_id","person_kind","person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_awards_tenant_referral_key" ON "referral_awards" USING btree ("tenant_id","referral_id") WHERE "referral_awards"."status" <> 3;--> statement-breakpoint
CREATE INDEX "referral_awards_tenant_created_idx" ON "referral_awards" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "referral_awards_tenant_status_idx" ON "referral_awards" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "referral_awards_tenant_referral_idx" ON "referral_awards" USING btree ("tenant_id","referral_id");--> statement-breakpoint
CREATE INDEX "referral_awards_tenant_inviter_idx" ON "referral_awards" USING btree ("tenant_id","inviter_id","created_at");--> statement-breakpoint
CREATE INDEX "referral_awards_tenant_applicant_idx" ON "referral_awards" USING btree ("tenant_id","applicant_id","created_at");--> statement-breakpoint
CREATE INDEX "referral_awards_tenant_amount_idx" ON "referral_awards" USING btree ("tenant_id","amount");--> statement-breakpoint
CREATE INDEX "referral_awards_tenant_paid_idx" ON "referral_awards" USING btree ("tenant_id","paid_on");--> statement-breakpoint
CREATE INDEX "referral_awards_tenant_payment_idx" ON "referral_awards" USING btree ("tenant_id","payment_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_tenant_invitee_mobile_key" ON "referrals" USING btree ("tenant_id","invitee_mobile") WHERE "referrals"."stage" <> 9;--> statement-breakpoint
CREATE INDEX "referrals_tenant_invited_idx" ON "referrals" USING btree ("tenant_id","invited_at");--> statement-breakpoint
CREATE INDEX "referrals_tenant_stage_idx" ON "referrals" USING btree ("tenant_id","stage","invited_at");--> statement-breakpoint
CREATE INDEX "referrals_tenant_inviter_idx" ON "referrals" USING btree ("tenant_id","inviter_id","stage","delivered_at");--> statement-breakpoint
CREATE INDEX "referrals_tenant_channel_idx" ON "referrals" USING btree ("tenant_id","channel_id","invited_at");--> statement-breakpoint
CREATE INDEX "referrals_tenant_driver_idx" ON "referrals" USING btree ("tenant_id","invitee_driver_id");--> statement-breakpoint
CREATE INDEX "referrals_tenant_delivered_idx" ON "referrals" USING btree ("tenant_id","delivered_at");--> statement-breakpoint
CREATE INDEX "referrals_tenant_created_idx" ON "referrals" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "referrals_invitee_name_trgm_idx" ON "referrals" USING gin ("invitee_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "referrals_invitee_mobile_trgm_idx" ON "referrals" USING gin ("invitee_mobile" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "import_batch_rows_tenant_batch_row_idx" ON "import_batch_rows" USING btree ("tenant_id","batch_id","row_number");--> statement-breakpoint
CREATE INDEX "import_batch_rows_tenant_batch_outcome_idx" ON "import_batch_rows" USING btree ("tenant_id","batch_id","outcome","row_number");--> statement-breakpoint
CREATE INDEX "import_batches_tenant_resource_created_idx" ON "import_batches" USING btree ("tenant_id","resource_key","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "import_batches_tenant_resource_status_idx" ON "import_batches" USING btree ("tenant_id","resource_key","status");--> statement-breakpoint
CREATE INDEX "import_batches_tenant_resource_user_idx" ON "import_batches" USING btree ("tenant_id","resource_key","created_by");--> statement-breakpoint
CREATE INDEX "import_batches_file_name_trgm_idx" ON "import_batches" USING gin ("file_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vehicle_returns_tenant_driver_idx" ON "vehicle_returns" USING btree ("tenant_id","driver_id","requested_at");--> statement-breakpoint
CREATE INDEX "vehicle_deliveries_tenant_driver_idx" ON "vehicle_deliveries" USING btree ("tenant_id","driver_id","delivered_at");--> statement-breakpoint
CREATE INDEX "vehicle_violations_tenant_driver_idx" ON "vehicle_violations" USING btree ("tenant_id","driver_id","occurred_at");