ALTER TABLE "leads" ADD COLUMN "channel_id" bigint;--> statement-breakpoint
CREATE INDEX "leads_tenant_channel_created_idx" ON "leads" USING btree ("tenant_id","channel_id","created_at");