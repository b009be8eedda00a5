ALTER TABLE "accounts" ADD COLUMN "status" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "built_in" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "accounts" SET "status" = CASE WHEN "enabled" THEN 1 ELSE 0 END;