DROP INDEX "coupon_orders_coupon_status_idx";--> statement-breakpoint
CREATE INDEX "coupon_orders_coupon_created_idx" ON "coupon_orders" USING btree ("tenant_id","coupon_id","created_at","id");--> statement-breakpoint
CREATE INDEX "coupon_orders_coupon_status_idx" ON "coupon_orders" USING btree ("tenant_id","coupon_id","status","created_at","id");