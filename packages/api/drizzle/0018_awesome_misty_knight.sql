CREATE TABLE "import_batch_rows" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_batch_rows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"batch_id" bigint NOT NULL,
	"row_number" integer NOT NULL,
	"outcome" smallint NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"record_id" bigint,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_batches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"resource_key" text NOT NULL,
	"file_name" text NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"finished_at" timestamp with time zone,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "import_batch_rows_tenant_batch_row_idx" ON "import_batch_rows" USING btree ("tenant_id","batch_id","row_number");--> statement-breakpoint
CREATE INDEX "import_batch_rows_tenant_batch_outcome_idx" ON "import_batch_rows" USING btree ("tenant_id","batch_id","outcome","row_number");--> statement-breakpoint
CREATE INDEX "import_batches_tenant_resource_created_idx" ON "import_batches" USING btree ("tenant_id","resource_key","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "import_batches_tenant_resource_status_idx" ON "import_batches" USING btree ("tenant_id","resource_key","status");--> statement-breakpoint
CREATE INDEX "import_batches_tenant_resource_user_idx" ON "import_batches" USING btree ("tenant_id","resource_key","created_by");--> statement-breakpoint
CREATE INDEX "import_batches_file_name_trgm_idx" ON "import_batches" USING gin ("file_name" gin_trgm_ops);