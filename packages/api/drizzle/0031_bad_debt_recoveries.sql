CREATE TABLE "bad_debt_recoveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bad_debt_recoveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"case_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"driver_id" bigint NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"arrived_on" date NOT NULL,
	"channel" smallint NOT NULL,
	"payer_name" text NOT NULL,
	"reference" text,
	"vouchers" text[] DEFAULT '{}'::text[] NOT NULL,
	"remark" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"payment_id" bigint,
	"confirmed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bad_debt_recoveries_tenant_created_idx" ON "bad_debt_recoveries" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bad_debt_recoveries_tenant_status_idx" ON "bad_debt_recoveries" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "bad_debt_recoveries_tenant_arrived_idx" ON "bad_debt_recoveries" USING btree ("tenant_id","arrived_on");--> statement-breakpoint
CREATE INDEX "bad_debt_recoveries_tenant_case_idx" ON "bad_debt_recoveries" USING btree ("tenant_id","case_id");--> statement-breakpoint
CREATE INDEX "bad_debt_recoveries_tenant_driver_idx" ON "bad_debt_recoveries" USING btree ("tenant_id","driver_id");