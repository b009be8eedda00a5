DROP INDEX "vehicle_violations_tenant_plate_idx";--> statement-breakpoint
DROP INDEX "vehicles_tenant_plate_idx";--> statement-breakpoint
CREATE INDEX "roles_tenant_id_idx" ON "roles" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "vehicle_violations_plate_trgm_idx" ON "vehicle_violations" USING gin ("plate_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vehicles_plate_trgm_idx" ON "vehicles" USING gin ("plate_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vehicles_vin_trgm_idx" ON "vehicles" USING gin ("vin" gin_trgm_ops);