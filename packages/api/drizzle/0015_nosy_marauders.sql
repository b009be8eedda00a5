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
CREATE UNIQUE INDEX "customers_tenant_credit_code_key" ON "customers" USING btree ("tenant_id","kind","credit_code") WHERE "customers"."credit_code" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_tenant_id_number_key" ON "customers" USING btree ("tenant_id","kind","id_number") WHERE "customers"."id_number" is not null;--> statement-breakpoint
CREATE INDEX "customers_tenant_kind_created_idx" ON "customers" USING btree ("tenant_id","kind","created_at","id");--> statement-breakpoint
CREATE INDEX "customers_tenant_mobile_idx" ON "customers" USING btree ("tenant_id","mobile");--> statement-breakpoint
CREATE INDEX "customers_tenant_source_lead_idx" ON "customers" USING btree ("tenant_id","source_lead_id");--> statement-breakpoint
CREATE INDEX "customers_name_trgm_idx" ON "customers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_credit_code_trgm_idx" ON "customers" USING gin ("credit_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_mobile_trgm_idx" ON "customers" USING gin ("mobile" gin_trgm_ops);