ALTER TABLE "leads" ADD COLUMN "channel_id" bigint;--> statement-breakpoint
CREATE INDEX "leads_tenant_created_stats_idx" ON "leads" USING btree ("tenant_id","created_at","channel_id","city_id","salesperson_id","status","follow_up_count");--> statement-breakpoint
CREATE INDEX "leads_tenant_channel_created_idx" ON "leads" USING btree ("tenant_id","channel_id","created_at");