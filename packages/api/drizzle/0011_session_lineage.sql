ALTER TABLE "sessions" ADD COLUMN "parent_id" bigint;--> statement-breakpoint
CREATE INDEX "sessions_parent_idx" ON "sessions" USING btree ("parent_id") WHERE "sessions"."parent_id" is not null;