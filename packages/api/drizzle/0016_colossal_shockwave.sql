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
CREATE INDEX "channels_name_trgm_idx" ON "channels" USING gin ("name" gin_trgm_ops);