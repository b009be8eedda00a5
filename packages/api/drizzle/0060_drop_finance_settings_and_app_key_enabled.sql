DROP TABLE "finance_settings" CASCADE;--> statement-breakpoint
ALTER TABLE "app_keys" DROP COLUMN "enabled";