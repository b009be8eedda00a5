CREATE TABLE "referral_awards" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_awards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"referral_id" bigint NOT NULL,
	"inviter_id" bigint NOT NULL,
	"amount" bigint DEFAULT 75000 NOT NULL,
	"reason" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"applicant_id" bigint NOT NULL,
	"reject_reason" text,
	"reviewed_at" timestamp with time zone,
	"payment_reference" text,
	"paid_on" date,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "referral_awards_tenant_referral_key" ON "referral_awards" USING btree ("tenant_id","referral_id") WHERE "referral_awards"."status" <> 3;--> statement-breakpoint
CREATE INDEX "referral_awards_tenant_created_idx" ON "referral_awards" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "referral_awards_tenant_status_idx" ON "referral_awards" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "referral_awards_tenant_referral_idx" ON "referral_awards" USING btree ("tenant_id","referral_id");--> statement-breakpoint
CREATE INDEX "referral_awards_tenant_inviter_idx" ON "referral_awards" USING btree ("tenant_id","inviter_id","created_at");--> statement-breakpoint
CREATE INDEX "referral_awards_tenant_applicant_idx" ON "referral_awards" USING btree ("tenant_id","applicant_id","created_at");--> statement-breakpoint
CREATE INDEX "referral_awards_tenant_amount_idx" ON "referral_awards" USING btree ("tenant_id","amount");--> statement-breakpoint
CREATE INDEX "referral_awards_tenant_paid_idx" ON "referral_awards" USING btree ("tenant_id","paid_on");--> statement-breakpoint
CREATE INDEX "referral_awards_tenant_payment_idx" ON "referral_awards" USING btree ("tenant_id","payment_reference");--> statement-breakpoint
CREATE INDEX "referrals_tenant_delivered_idx" ON "referrals" USING btree ("tenant_id","delivered_at");--> statement-breakpoint
CREATE INDEX "referrals_tenant_created_idx" ON "referrals" USING btree ("tenant_id","created_at");