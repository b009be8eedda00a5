CREATE SEQUENCE "public"."policy_claim_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "policy_cities" (
	"policy_id" bigint NOT NULL,
	"city_id" bigint NOT NULL,
	"tenant_id" bigint NOT NULL,
	CONSTRAINT "policy_cities_policy_id_city_id_pk" PRIMARY KEY("policy_id","city_id")
);
--> statement-breakpoint
CREATE TABLE "policy_claims" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "policy_claims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"claim_no" text NOT NULL,
	"order_id" bigint NOT NULL,
	"policy_id" bigint NOT NULL,
	"driver_id" bigint NOT NULL,
	"city_id" bigint NOT NULL,
	"policy_name" text NOT NULL,
	"policy_type" smallint NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"policy_start" date NOT NULL,
	"policy_end" date NOT NULL,
	"scope" text NOT NULL,
	"signed_on" date NOT NULL,
	"check_order" smallint DEFAULT 0 NOT NULL,
	"check_note" text,
	"status" smallint DEFAULT 0 NOT NULL,
	"verified_at" timestamp with time zone,
	"payment_id" bigint,
	"payment_no" text,
	"cancel_reason" text,
	"remark" text,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_models" (
	"policy_id" bigint NOT NULL,
	"model_id" bigint NOT NULL,
	"tenant_id" bigint NOT NULL,
	CONSTRAINT "policy_models_policy_id_model_id_pk" PRIMARY KEY("policy_id","model_id")
);
--> statement-breakpoint
DROP INDEX "policies_tenant_city_id_filter_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "policy_claims_tenant_no_key" ON "policy_claims" USING btree ("tenant_id","claim_no");--> statement-breakpoint
CREATE UNIQUE INDEX "policy_claims_order_policy_key" ON "policy_claims" USING btree ("tenant_id","order_id","policy_id");--> statement-breakpoint
CREATE UNIQUE INDEX "policy_claims_order_type_key" ON "policy_claims" USING btree ("tenant_id","order_id","policy_type") WHERE status <> 3;--> statement-breakpoint
CREATE INDEX "policy_claims_policy_status_idx" ON "policy_claims" USING btree ("tenant_id","policy_id","status");--> statement-breakpoint
CREATE INDEX "policy_claims_tenant_created_at_idx" ON "policy_claims" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "policy_claims_tenant_amount_idx" ON "policy_claims" USING btree ("tenant_id","amount","id");--> statement-breakpoint
CREATE INDEX "policy_claims_tenant_verified_at_idx" ON "policy_claims" USING btree ("tenant_id","verified_at","id");--> statement-breakpoint
CREATE INDEX "policy_claims_claim_no_trgm_idx" ON "policy_claims" USING gin ("claim_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "policy_claims_tenant_driver_id_filter_idx" ON "policy_claims" USING btree ("tenant_id","driver_id","created_at","id");--> statement-breakpoint
CREATE INDEX "policy_claims_tenant_city_id_filter_idx" ON "policy_claims" USING btree ("tenant_id","city_id","created_at","id");--> statement-breakpoint
CREATE INDEX "policy_claims_tenant_check_order_filter_idx" ON "policy_claims" USING btree ("tenant_id","check_order","created_at","id");--> statement-breakpoint
CREATE INDEX "policy_claims_tenant_status_filter_idx" ON "policy_claims" USING btree ("tenant_id","status","created_at","id");--> statement-breakpoint
-- A policy's one city becomes its list of cities (none = every city, as a null city was).
INSERT INTO "policy_cities" ("policy_id", "city_id", "tenant_id")
SELECT "id", "city_id", "tenant_id" FROM "policies" WHERE "city_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "policies" DROP COLUMN "city_id";