CREATE TABLE "incentive_allocations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "incentive_allocations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"total_amount" bigint NOT NULL,
	"rule" smallint NOT NULL,
	"participant_count" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"remark" text,
	"cancel_reason" text,
	"cancelled_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incentive_allocation_parts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "incentive_allocation_parts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" bigint NOT NULL,
	"allocation_id" bigint NOT NULL,
	"position" smallint NOT NULL,
	"person_kind" smallint NOT NULL,
	"person_id" bigint NOT NULL,
	"person_name" text NOT NULL,
	"weight" integer,
	"referral_count" integer,
	"amount" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referrals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"inviter_id" bigint NOT NULL,
	"invitee_name" text NOT NULL,
	"invitee_mobile" text NOT NULL,
	"invitee_driver_id" bigint,
	"channel_id" bigint,
	"invited_at" timestamp with time zone NOT NULL,
	"stage" smallint DEFAULT 1 NOT NULL,
	"registered_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"invalidated_at" timestamp with time zone,
	"invalid_reason" text,
	"remark" text,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "incentive_allocations_tenant_created_idx" ON "incentive_allocations" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "incentive_allocations_tenant_status_idx" ON "incentive_allocations" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "incentive_allocations_tenant_rule_idx" ON "incentive_allocations" USING btree ("tenant_id","rule","created_at");--> statement-breakpoint
CREATE INDEX "incentive_allocations_tenant_period_idx" ON "incentive_allocations" USING btree ("tenant_id","period_start");--> statement-breakpoint
CREATE INDEX "incentive_allocations_tenant_period_end_idx" ON "incentive_allocations" USING btree ("tenant_id","period_end");--> statement-breakpoint
CREATE INDEX "incentive_allocations_tenant_total_idx" ON "incentive_allocations" USING btree ("tenant_id","total_amount");--> statement-breakpoint
CREATE INDEX "incentive_allocations_tenant_name_idx" ON "incentive_allocations" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "incentive_allocations_name_trgm_idx" ON "incentive_allocations" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "incentive_parts_allocation_position_key" ON "incentive_allocation_parts" USING btree ("allocation_id","position");--> statement-breakpoint
CREATE INDEX "incentive_parts_tenant_person_idx" ON "incentive_allocation_parts" USING btree ("tenant_id","person_kind","person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_tenant_invitee_mobile_key" ON "referrals" USING btree ("tenant_id","invitee_mobile") WHERE "referrals"."stage" <> 9;--> statement-breakpoint
CREATE INDEX "referrals_tenant_invited_idx" ON "referrals" USING btree ("tenant_id","invited_at");--> statement-breakpoint
CREATE INDEX "referrals_tenant_stage_idx" ON "referrals" USING btree ("tenant_id","stage","invited_at");--> statement-breakpoint
CREATE INDEX "referrals_tenant_inviter_idx" ON "referrals" USING btree ("tenant_id","inviter_id","stage","delivered_at");--> statement-breakpoint
CREATE INDEX "referrals_tenant_channel_idx" ON "referrals" USING btree ("tenant_id","channel_id","invited_at");--> statement-breakpoint
CREATE INDEX "referrals_tenant_driver_idx" ON "referrals" USING btree ("tenant_id","invitee_driver_id");--> statement-breakpoint
CREATE INDEX "referrals_invitee_name_trgm_idx" ON "referrals" USING gin ("invitee_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "referrals_invitee_mobile_trgm_idx" ON "referrals" USING gin ("invitee_mobile" gin_trgm_ops);