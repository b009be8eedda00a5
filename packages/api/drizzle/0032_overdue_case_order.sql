DROP INDEX "overdue_cases_tenant_level_idx";--> statement-breakpoint
DROP INDEX "overdue_cases_tenant_collector_idx";--> statement-breakpoint
CREATE INDEX "overdue_cases_tenant_level_idx" ON "overdue_cases" USING btree ("tenant_id","level_id","status","overdue_days");--> statement-breakpoint
CREATE INDEX "overdue_cases_tenant_collector_idx" ON "overdue_cases" USING btree ("tenant_id","collector_id","status","overdue_days");