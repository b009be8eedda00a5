CREATE TABLE "content_audience" (
	"content_id" bigint NOT NULL,
	"driver_id" bigint NOT NULL,
	"tenant_id" bigint NOT NULL,
	"viewed" boolean DEFAULT false NOT NULL,
	"liked" boolean DEFAULT false NOT NULL,
	"favorited" boolean DEFAULT false NOT NULL,
	"signed_up" boolean DEFAULT false NOT NULL,
	"lead_left" boolean DEFAULT false NOT NULL,
	CONSTRAINT "content_audience_content_id_driver_id_pk" PRIMARY KEY("content_id","driver_id")
);
--> statement-breakpoint
CREATE TABLE "content_cities" (
	"content_id" bigint NOT NULL,
	"city_id" bigint NOT NULL,
	"tenant_id" bigint NOT NULL,
	CONSTRAINT "content_cities_content_id_city_id_pk" PRIMARY KEY("content_id","city_id")
);
--> statement-breakpoint
CREATE TABLE "content_daily_stats" (
	"content_id" bigint NOT NULL,
	"day" date NOT NULL,
	"tenant_id" bigint NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"unlikes" integer DEFAULT 0 NOT NULL,
	"shares" integer DEFAULT 0 NOT NULL,
	"favorites" integer DEFAULT 0 NOT NULL,
	"sign_ups" integer DEFAULT 0 NOT NULL,
	"leads" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "content_daily_stats_content_id_day_pk" PRIMARY KEY("content_id","day")
);
--> statement-breakpoint
CREATE TABLE "content_interactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_interactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driver_id" bigint NOT NULL,
	"content_id" bigint NOT NULL,
	"action" smallint NOT NULL,
	"channel" smallint NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"watch_seconds" integer,
	"lead_id" bigint,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_interactions_watch_check" CHECK ("content_interactions"."watch_seconds" is null or "content_interactions"."watch_seconds" >= 0)
);
--> statement-breakpoint
CREATE TABLE "content_tags" (
	"content_id" bigint NOT NULL,
	"tag_id" bigint NOT NULL,
	"tenant_id" bigint NOT NULL,
	CONSTRAINT "content_tags_content_id_tag_id_pk" PRIMARY KEY("content_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "contents" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"type" smallint NOT NULL,
	"cover" text[] DEFAULT '{}'::text[] NOT NULL,
	"summary" text,
	"body" text NOT NULL,
	"video" text[] DEFAULT '{}'::text[] NOT NULL,
	"driver_statuses" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"call_to_action" smallint NOT NULL,
	"push_starts_at" timestamp with time zone NOT NULL,
	"push_ends_at" timestamp with time zone NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"viewer_count" integer DEFAULT 0 NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"share_count" integer DEFAULT 0 NOT NULL,
	"favorite_count" integer DEFAULT 0 NOT NULL,
	"sign_up_count" integer DEFAULT 0 NOT NULL,
	"lead_count" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contents_push_window_check" CHECK ("contents"."push_ends_at" > "contents"."push_starts_at"),
	CONSTRAINT "contents_likes_check" CHECK ("contents"."like_count" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "content_interactions_daily_view_key" ON "content_interactions" USING btree ("tenant_id","driver_id","content_id","day") WHERE "content_interactions"."action" = 1;--> statement-breakpoint
CREATE INDEX "content_interactions_tenant_content_idx" ON "content_interactions" USING btree ("tenant_id","content_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "content_interactions_tenant_content_action_idx" ON "content_interactions" USING btree ("tenant_id","content_id","action","occurred_at","id");--> statement-breakpoint
CREATE INDEX "content_interactions_tenant_occurred_at_idx" ON "content_interactions" USING btree ("tenant_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "content_interactions_tenant_driver_id_filter_idx" ON "content_interactions" USING btree ("tenant_id","driver_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "content_interactions_tenant_action_filter_idx" ON "content_interactions" USING btree ("tenant_id","action","occurred_at","id");--> statement-breakpoint
CREATE INDEX "content_interactions_tenant_channel_filter_idx" ON "content_interactions" USING btree ("tenant_id","channel","occurred_at","id");--> statement-breakpoint
CREATE INDEX "contents_tenant_created_at_idx" ON "contents" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contents_tenant_push_starts_at_idx" ON "contents" USING btree ("tenant_id","push_starts_at","id");--> statement-breakpoint
CREATE INDEX "contents_title_trgm_idx" ON "contents" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contents_tenant_type_filter_idx" ON "contents" USING btree ("tenant_id","type","created_at","id");--> statement-breakpoint
CREATE INDEX "contents_tenant_call_to_action_filter_idx" ON "contents" USING btree ("tenant_id","call_to_action","created_at","id");--> statement-breakpoint
CREATE INDEX "contents_tenant_status_filter_idx" ON "contents" USING btree ("tenant_id","status","created_at","id");