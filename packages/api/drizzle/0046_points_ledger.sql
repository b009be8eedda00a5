CREATE TABLE "points_accounts" (
	"id" bigint PRIMARY KEY NOT NULL,
	"driver_id" bigint NOT NULL,
	"earned" integer DEFAULT 0 NOT NULL,
	"spent" integer DEFAULT 0 NOT NULL,
	"expired" integer DEFAULT 0 NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_accounts_driver_check" CHECK ("points_accounts"."id" = "points_accounts"."driver_id"),
	CONSTRAINT "points_accounts_balance_check" CHECK ("points_accounts"."balance" >= 0),
	CONSTRAINT "points_accounts_sums_check" CHECK ("points_accounts"."balance" = "points_accounts"."earned" - "points_accounts"."spent" - "points_accounts"."expired")
);
--> statement-breakpoint
CREATE TABLE "points_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "points_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driver_id" bigint NOT NULL,
	"kind" smallint NOT NULL,
	"source" smallint NOT NULL,
	"title" text NOT NULL,
	"points" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"available_from" date,
	"expires_on" date,
	"biz_type" text NOT NULL,
	"biz_id" text NOT NULL,
	"reason" text,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_entries_balance_check" CHECK ("points_entries"."balance_after" >= 0),
	CONSTRAINT "points_entries_points_check" CHECK ("points_entries"."points" <> 0)
);
--> statement-breakpoint
CREATE TABLE "points_tasks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "points_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" smallint NOT NULL,
	"name" text NOT NULL,
	"points" integer NOT NULL,
	"daily_cap" integer NOT NULL,
	"total_cap" integer NOT NULL,
	"starts_on" date,
	"ends_on" date,
	"validity_months" integer NOT NULL,
	"freeze_days" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"description" text,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "points_accounts_tenant_driver_key" ON "points_accounts" USING btree ("tenant_id","driver_id");--> statement-breakpoint
CREATE INDEX "points_accounts_tenant_balance_idx" ON "points_accounts" USING btree ("tenant_id","balance","id");--> statement-breakpoint
CREATE INDEX "points_accounts_tenant_earned_idx" ON "points_accounts" USING btree ("tenant_id","earned","id");--> statement-breakpoint
CREATE INDEX "points_accounts_tenant_updated_at_idx" ON "points_accounts" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "points_entries_tenant_biz_key" ON "points_entries" USING btree ("tenant_id","biz_type","biz_id");--> statement-breakpoint
CREATE INDEX "points_entries_tenant_driver_idx" ON "points_entries" USING btree ("tenant_id","driver_id","created_at","id");--> statement-breakpoint
CREATE INDEX "points_entries_tenant_driver_source_idx" ON "points_entries" USING btree ("tenant_id","driver_id","source","kind","created_at");--> statement-breakpoint
CREATE INDEX "points_entries_tenant_expires_idx" ON "points_entries" USING btree ("tenant_id","expires_on");--> statement-breakpoint
CREATE INDEX "points_entries_tenant_source_idx" ON "points_entries" USING btree ("tenant_id","source","kind");--> statement-breakpoint
CREATE INDEX "points_entries_tenant_created_at_idx" ON "points_entries" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "points_entries_tenant_kind_filter_idx" ON "points_entries" USING btree ("tenant_id","kind","created_at","id");--> statement-breakpoint
CREATE INDEX "points_entries_tenant_biz_id_filter_idx" ON "points_entries" USING btree ("tenant_id","biz_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "points_tasks_tenant_code_key" ON "points_tasks" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "points_tasks_tenant_code_idx" ON "points_tasks" USING btree ("tenant_id","code","id");--> statement-breakpoint
CREATE INDEX "points_tasks_tenant_updated_at_idx" ON "points_tasks" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "points_tasks_name_trgm_idx" ON "points_tasks" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "points_tasks_tenant_status_filter_idx" ON "points_tasks" USING btree ("tenant_id","status","code","id");