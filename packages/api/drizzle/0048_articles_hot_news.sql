CREATE TABLE "article_tags" (
	"article_id" bigint NOT NULL,
	"tag_id" bigint NOT NULL,
	"tenant_id" bigint NOT NULL,
	CONSTRAINT "article_tags_article_id_tag_id_pk" PRIMARY KEY("article_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "articles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"category" smallint NOT NULL,
	"author" text NOT NULL,
	"cover" text[] DEFAULT '{}'::text[] NOT NULL,
	"summary" text,
	"content" text NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"scheduled_at" timestamp with time zone,
	"status" smallint DEFAULT 0 NOT NULL,
	"publisher_id" bigint,
	"published_at" timestamp with time zone,
	"view_count" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hot_news" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hot_news_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"source" text NOT NULL,
	"original_author" text NOT NULL,
	"original_title" text NOT NULL,
	"original_url" text NOT NULL,
	"cover" text[] DEFAULT '{}'::text[] NOT NULL,
	"summary" text NOT NULL,
	"content" text,
	"pinned" boolean DEFAULT false NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"scheduled_at" timestamp with time zone,
	"status" smallint DEFAULT 0 NOT NULL,
	"publisher_id" bigint,
	"published_at" timestamp with time zone,
	"view_count" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hot_news_tags" (
	"hot_news_id" bigint NOT NULL,
	"tag_id" bigint NOT NULL,
	"tenant_id" bigint NOT NULL,
	CONSTRAINT "hot_news_tags_hot_news_id_tag_id_pk" PRIMARY KEY("hot_news_id","tag_id")
);
--> statement-breakpoint
CREATE INDEX "article_tags_tag_idx" ON "article_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "articles_tenant_created_at_idx" ON "articles" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "articles_tenant_display_order_idx" ON "articles" USING btree ("tenant_id","display_order","id");--> statement-breakpoint
CREATE INDEX "articles_tenant_scheduled_at_idx" ON "articles" USING btree ("tenant_id","scheduled_at","id");--> statement-breakpoint
CREATE INDEX "articles_tenant_published_at_idx" ON "articles" USING btree ("tenant_id","published_at","id");--> statement-breakpoint
CREATE INDEX "articles_tenant_view_count_idx" ON "articles" USING btree ("tenant_id","view_count","id");--> statement-breakpoint
CREATE INDEX "articles_title_trgm_idx" ON "articles" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "articles_tenant_category_filter_idx" ON "articles" USING btree ("tenant_id","category","created_at","id");--> statement-breakpoint
CREATE INDEX "articles_author_trgm_idx" ON "articles" USING gin ("author" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "articles_tenant_status_filter_idx" ON "articles" USING btree ("tenant_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "hot_news_tenant_created_at_idx" ON "hot_news" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "hot_news_tenant_display_order_idx" ON "hot_news" USING btree ("tenant_id","display_order","id");--> statement-breakpoint
CREATE INDEX "hot_news_tenant_scheduled_at_idx" ON "hot_news" USING btree ("tenant_id","scheduled_at","id");--> statement-breakpoint
CREATE INDEX "hot_news_tenant_published_at_idx" ON "hot_news" USING btree ("tenant_id","published_at","id");--> statement-breakpoint
CREATE INDEX "hot_news_tenant_view_count_idx" ON "hot_news" USING btree ("tenant_id","view_count","id");--> statement-breakpoint
CREATE INDEX "hot_news_title_trgm_idx" ON "hot_news" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "hot_news_source_trgm_idx" ON "hot_news" USING gin ("source" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "hot_news_tenant_status_filter_idx" ON "hot_news" USING btree ("tenant_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "hot_news_tags_tag_idx" ON "hot_news_tags" USING btree ("tag_id");