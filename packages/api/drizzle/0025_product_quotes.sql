CREATE SEQUENCE "public"."product_quote_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "product_quotes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_quotes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"quote_no" text NOT NULL,
	"customer_id" bigint NOT NULL,
	"city_id" bigint NOT NULL,
	"model_id" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"term_months" integer NOT NULL,
	"rent" bigint NOT NULL,
	"deposit" bigint DEFAULT 0 NOT NULL,
	"maintenance_plan" smallint NOT NULL,
	"valid_until" date NOT NULL,
	"total_rent" bigint NOT NULL,
	"explanation" text NOT NULL,
	"attachments" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"decided_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "product_quotes_tenant_no_idx" ON "product_quotes" USING btree ("tenant_id","quote_no");--> statement-breakpoint
CREATE INDEX "product_quotes_tenant_created_idx" ON "product_quotes" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "product_quotes_tenant_customer_idx" ON "product_quotes" USING btree ("tenant_id","customer_id");