ALTER TABLE "lease_orders" ADD COLUMN "credit_issue" text;--> statement-breakpoint
ALTER TABLE "lease_orders" ADD COLUMN "credit_flags" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lease_orders" ADD COLUMN "credit_override_by" bigint;--> statement-breakpoint
ALTER TABLE "lease_orders" ADD COLUMN "credit_override_at" timestamp with time zone;