CREATE SEQUENCE "public"."deposit_refund_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "deposit_refunds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deposit_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"refund_no" text NOT NULL,
	"settlement_id" bigint NOT NULL,
	"settlement_no" text NOT NULL,
	"order_id" bigint NOT NULL,
	"order_no" text NOT NULL,
	"driver_id" bigint NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"payee_name" text,
	"bank_name" text,
	"bank_account" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"paid_on" date,
	"payment_reference" text,
	"remark" text,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_refunds_tenant_no_key" ON "deposit_refunds" USING btree ("tenant_id","refund_no");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_refunds_settlement_key" ON "deposit_refunds" USING btree ("settlement_id");--> statement-breakpoint
CREATE INDEX "deposit_refunds_tenant_created_idx" ON "deposit_refunds" USING btree ("tenant_id","created_at","id");