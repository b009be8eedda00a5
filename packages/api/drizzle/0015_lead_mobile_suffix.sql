DROP INDEX "leads_mobile_trgm_idx";--> statement-breakpoint
CREATE INDEX "leads_tenant_mobile_reversed_idx" ON "leads" USING btree ("tenant_id",(reverse("mobile") collate "C"));