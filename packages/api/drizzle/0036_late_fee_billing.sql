CREATE TABLE "bill_relief_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bill_relief_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"relief_id" bigint NOT NULL,
	"receivable_id" bigint NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"relieved_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_day_runs" (
	"tenant_id" bigint NOT NULL,
	"day" date NOT NULL,
	"issued" integer DEFAULT 0 NOT NULL,
	"activated" integer DEFAULT 0 NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_day_runs_tenant_id_day_pk" PRIMARY KEY("tenant_id","day")
);
--> statement-breakpoint
CREATE TABLE "finance_settings" (
	"tenant_id" bigint PRIMARY KEY NOT NULL,
	"bill_lead_days" integer DEFAULT 5 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint
);
--> statement-breakpoint
CREATE INDEX "bill_relief_lines_receivable_idx" ON "bill_relief_lines" USING btree ("receivable_id");--> statement-breakpoint
CREATE INDEX "bill_relief_lines_tenant_day_idx" ON "bill_relief_lines" USING btree ("tenant_id","relieved_on");--> statement-breakpoint
CREATE INDEX "bill_relief_lines_relief_idx" ON "bill_relief_lines" USING btree ("relief_id");--> statement-breakpoint
CREATE INDEX "payments_tenant_reversed_idx" ON "payments" USING btree ("tenant_id","reversed_at") WHERE reversed_at is not null;