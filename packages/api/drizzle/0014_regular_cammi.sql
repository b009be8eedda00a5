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
CREATE INDEX "leads_contact_trgm_idx" ON "leads" USING gin ("contact_name" gin_trgm_ops);