CREATE TABLE "bad_debt_levels" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bad_debt_levels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"min_days" integer NOT NULL,
	"max_days" integer,
	"bad_debt" boolean NOT NULL,
	"late_fee_rate" integer NOT NULL,
	"collector_role_id" bigint NOT NULL,
	"remark" text,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "financial_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "financial_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"category" smallint NOT NULL,
	"direction" smallint NOT NULL,
	"enabled" boolean NOT NULL,
	"remark" text,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transaction_names" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transaction_names_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"direction" smallint NOT NULL,
	"receivable_kind" smallint NOT NULL,
	"debit_code_id" bigint NOT NULL,
	"credit_code_id" bigint NOT NULL,
	"enabled" boolean NOT NULL,
	"remark" text,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bad_debt_levels_tenant_name_key" ON "bad_debt_levels" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "bad_debt_levels_tenant_min_idx" ON "bad_debt_levels" USING btree ("tenant_id","min_days","id");--> statement-breakpoint
CREATE INDEX "bad_debt_levels_name_trgm_idx" ON "bad_debt_levels" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "financial_codes_tenant_code_key" ON "financial_codes" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "financial_codes_tenant_created_idx" ON "financial_codes" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "financial_codes_code_trgm_idx" ON "financial_codes" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "financial_codes_name_trgm_idx" ON "financial_codes" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "transaction_names_tenant_name_key" ON "transaction_names" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "transaction_names_tenant_kind_key" ON "transaction_names" USING btree ("tenant_id","direction","receivable_kind");--> statement-breakpoint
CREATE INDEX "transaction_names_tenant_updated_idx" ON "transaction_names" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "transaction_names_tenant_debit_idx" ON "transaction_names" USING btree ("tenant_id","debit_code_id");--> statement-breakpoint
CREATE INDEX "transaction_names_tenant_credit_idx" ON "transaction_names" USING btree ("tenant_id","credit_code_id");--> statement-breakpoint
CREATE INDEX "transaction_names_name_trgm_idx" ON "transaction_names" USING gin ("name" gin_trgm_ops);