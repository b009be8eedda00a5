CREATE TABLE "policies" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "policies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"type" smallint NOT NULL,
	"city_id" bigint,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"benefit" bigint NOT NULL,
	"budget" bigint,
	"description" text NOT NULL,
	"attachments" text[] DEFAULT '{}'::text[] NOT NULL,
	"validity" smallint DEFAULT 1 NOT NULL,
	"cancel_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "policies_tenant_name_key" ON "policies" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "policies_tenant_start_date_idx" ON "policies" USING btree ("tenant_id","start_date","id");--> statement-breakpoint
CREATE INDEX "policies_tenant_end_date_idx" ON "policies" USING btree ("tenant_id","end_date","id");--> statement-breakpoint
CREATE INDEX "policies_tenant_budget_idx" ON "policies" USING btree ("tenant_id","budget","id");--> statement-breakpoint
CREATE INDEX "policies_tenant_created_at_idx" ON "policies" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "policies_name_trgm_idx" ON "policies" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "policies_tenant_type_filter_idx" ON "policies" USING btree ("tenant_id","type","start_date","id");--> statement-breakpoint
CREATE INDEX "policies_tenant_city_id_filter_idx" ON "policies" USING btree ("tenant_id","city_id","start_date","id");--> statement-breakpoint
CREATE INDEX "policies_tenant_validity_filter_idx" ON "policies" USING btree ("tenant_id","validity","start_date","id");