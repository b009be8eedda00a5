CREATE INDEX "vehicles_tenant_mileage_idx" ON "vehicles" USING btree ("tenant_id","mileage","id");--> statement-breakpoint
CREATE INDEX "vehicles_tenant_registration_idx" ON "vehicles" USING btree ("tenant_id","registration_date","id");--> statement-breakpoint
CREATE INDEX "vehicles_tenant_inspection_idx" ON "vehicles" USING btree ("tenant_id","next_inspection_date","id");--> statement-breakpoint
CREATE INDEX "vehicles_tenant_compulsory_idx" ON "vehicles" USING btree ("tenant_id","compulsory_end","id");--> statement-breakpoint
CREATE INDEX "vehicles_tenant_commercial_idx" ON "vehicles" USING btree ("tenant_id","commercial_end","id");--> statement-breakpoint
CREATE INDEX "vehicles_tenant_certificate_idx" ON "vehicles" USING btree ("tenant_id","operation_certificate_expiry","id");--> statement-breakpoint
CREATE INDEX "vehicles_tenant_plate_sort_idx" ON "vehicles" USING btree ("tenant_id","plate_no","id");