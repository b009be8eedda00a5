CREATE TABLE "common_tags" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "common_tags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
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
CREATE UNIQUE INDEX "common_tags_tenant_name_key" ON "common_tags" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "common_tags_tenant_display_order_idx" ON "common_tags" USING btree ("tenant_id","display_order","id");--> statement-breakpoint
CREATE INDEX "common_tags_tenant_created_at_idx" ON "common_tags" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "common_tags_tenant_status_filter_idx" ON "common_tags" USING btree ("tenant_id","status","display_order","id");--> statement-breakpoint
CREATE INDEX "common_tags_name_trgm_idx" ON "common_tags" USING gin ("name" gin_trgm_ops);