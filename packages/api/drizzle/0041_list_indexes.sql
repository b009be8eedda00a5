CREATE INDEX "approval_instances_tenant_ended_at_idx" ON "approval_instances" USING btree ("tenant_id","ended_at","id");--> statement-breakpoint
CREATE INDEX "approval_instances_title_trgm_idx" ON "approval_instances" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "approval_instances_tenant_status_filter_idx" ON "approval_instances" USING btree ("tenant_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "approval_instances_tenant_line_filter_idx" ON "approval_instances" USING btree ("tenant_id","line","created_at","id");--> statement-breakpoint
CREATE INDEX "approval_tasks_tenant_created_at_idx" ON "approval_tasks" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "approval_tasks_tenant_handled_at_idx" ON "approval_tasks" USING btree ("tenant_id","handled_at","id");--> statement-breakpoint
CREATE INDEX "approval_tasks_title_trgm_idx" ON "approval_tasks" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "approval_tasks_tenant_business_type_filter_idx" ON "approval_tasks" USING btree ("tenant_id","business_type","created_at","id");--> statement-breakpoint
CREATE INDEX "approval_tasks_tenant_initiator_id_filter_idx" ON "approval_tasks" USING btree ("tenant_id","initiator_id","created_at","id");--> statement-breakpoint
CREATE INDEX "approval_tasks_tenant_status_filter_idx" ON "approval_tasks" USING btree ("tenant_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "approval_tasks_tenant_line_filter_idx" ON "approval_tasks" USING btree ("tenant_id","line","created_at","id");--> statement-breakpoint
CREATE INDEX "offline_payments_tenant_amount_idx" ON "offline_payments" USING btree ("tenant_id","amount","id");--> statement-breakpoint
CREATE INDEX "offline_payments_payer_name_trgm_idx" ON "offline_payments" USING gin ("payer_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "offline_payments_tenant_method_filter_idx" ON "offline_payments" USING btree ("tenant_id","method","created_at","id");--> statement-breakpoint
CREATE INDEX "offline_payments_tenant_reference_filter_idx" ON "offline_payments" USING btree ("tenant_id","reference","created_at","id");--> statement-breakpoint
CREATE INDEX "customers_tenant_created_at_idx" ON "customers" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "drivers_tenant_updated_at_idx" ON "drivers" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "drivers_tenant_name_idx" ON "drivers" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "drivers_tenant_gender_filter_idx" ON "drivers" USING btree ("tenant_id","gender","updated_at","id");--> statement-breakpoint
CREATE INDEX "drivers_tenant_city_id_filter_idx" ON "drivers" USING btree ("tenant_id","city_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "drivers_tenant_salesperson_id_filter_idx" ON "drivers" USING btree ("tenant_id","salesperson_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "drivers_tenant_status_filter_idx" ON "drivers" USING btree ("tenant_id","status","updated_at","id");--> statement-breakpoint
CREATE INDEX "bad_debt_levels_tenant_bad_debt_filter_idx" ON "bad_debt_levels" USING btree ("tenant_id","bad_debt","min_days","id");--> statement-breakpoint
CREATE INDEX "bad_debt_levels_tenant_collector_role_id_filter_idx" ON "bad_debt_levels" USING btree ("tenant_id","collector_role_id","min_days","id");--> statement-breakpoint
CREATE INDEX "bad_debt_recoveries_tenant_amount_idx" ON "bad_debt_recoveries" USING btree ("tenant_id","amount","id");--> statement-breakpoint
CREATE INDEX "bad_debt_recoveries_tenant_channel_filter_idx" ON "bad_debt_recoveries" USING btree ("tenant_id","channel","created_at","id");--> statement-breakpoint
CREATE INDEX "bad_debt_recoveries_tenant_created_by_filter_idx" ON "bad_debt_recoveries" USING btree ("tenant_id","created_by","created_at","id");--> statement-breakpoint
CREATE INDEX "bills_tenant_amount_idx" ON "bills" USING btree ("tenant_id","amount","id");--> statement-breakpoint
CREATE INDEX "bills_tenant_created_at_idx" ON "bills" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "collection_records_tenant_way_filter_idx" ON "collection_records" USING btree ("tenant_id","way","contacted_at","id");--> statement-breakpoint
CREATE INDEX "collection_records_tenant_reached_filter_idx" ON "collection_records" USING btree ("tenant_id","reached","contacted_at","id");--> statement-breakpoint
CREATE INDEX "financial_codes_tenant_category_filter_idx" ON "financial_codes" USING btree ("tenant_id","category","code","id");--> statement-breakpoint
CREATE INDEX "financial_codes_tenant_enabled_filter_idx" ON "financial_codes" USING btree ("tenant_id","enabled","code","id");--> statement-breakpoint
CREATE INDEX "overdue_cases_tenant_overdue_days_idx" ON "overdue_cases" USING btree ("tenant_id","overdue_days","id");--> statement-breakpoint
CREATE INDEX "overdue_cases_tenant_overdue_amount_idx" ON "overdue_cases" USING btree ("tenant_id","overdue_amount","id");--> statement-breakpoint
CREATE INDEX "overdue_cases_tenant_last_contact_at_idx" ON "overdue_cases" USING btree ("tenant_id","last_contact_at","id");--> statement-breakpoint
CREATE INDEX "overdue_cases_tenant_vehicle_id_filter_idx" ON "overdue_cases" USING btree ("tenant_id","vehicle_id","overdue_days","id");--> statement-breakpoint
CREATE INDEX "overdue_cases_tenant_collector_role_id_filter_idx" ON "overdue_cases" USING btree ("tenant_id","collector_role_id","overdue_days","id");--> statement-breakpoint
CREATE INDEX "overdue_cases_tenant_promise_date_filter_idx" ON "overdue_cases" USING btree ("tenant_id","promise_date","overdue_days","id");--> statement-breakpoint
CREATE INDEX "payment_allocations_tenant_created_at_idx" ON "payment_allocations" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_tenant_amount_idx" ON "payments" USING btree ("tenant_id","amount","id");--> statement-breakpoint
CREATE INDEX "payments_tenant_status_filter_idx" ON "payments" USING btree ("tenant_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_tenant_created_by_filter_idx" ON "payments" USING btree ("tenant_id","created_by","created_at","id");--> statement-breakpoint
CREATE INDEX "transaction_names_tenant_receivable_kind_filter_idx" ON "transaction_names" USING btree ("tenant_id","receivable_kind","updated_at","id");--> statement-breakpoint
CREATE INDEX "transaction_names_tenant_enabled_filter_idx" ON "transaction_names" USING btree ("tenant_id","enabled","updated_at","id");--> statement-breakpoint
CREATE INDEX "accounts_tenant_created_at_idx" ON "accounts" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "accounts_tenant_status_filter_idx" ON "accounts" USING btree ("tenant_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "accounting_units_name_trgm_idx" ON "accounting_units" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "accounting_units_tax_no_trgm_idx" ON "accounting_units" USING gin ("tax_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "driver_applications_application_no_trgm_idx" ON "driver_applications" USING gin ("application_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "driver_applications_tenant_city_id_filter_idx" ON "driver_applications" USING btree ("tenant_id","city_id","created_at","id");--> statement-breakpoint
CREATE INDEX "driver_applications_tenant_model_id_filter_idx" ON "driver_applications" USING btree ("tenant_id","model_id","created_at","id");--> statement-breakpoint
CREATE INDEX "driver_applications_tenant_rental_mode_filter_idx" ON "driver_applications" USING btree ("tenant_id","rental_mode","created_at","id");--> statement-breakpoint
CREATE INDEX "exchange_orders_tenant_old_vehicle_id_filter_idx" ON "exchange_orders" USING btree ("tenant_id","old_vehicle_id","created_at","id");--> statement-breakpoint
CREATE INDEX "exchange_orders_tenant_new_vehicle_id_filter_idx" ON "exchange_orders" USING btree ("tenant_id","new_vehicle_id","created_at","id");--> statement-breakpoint
CREATE INDEX "lease_orders_tenant_rent_idx" ON "lease_orders" USING btree ("tenant_id","rent","id");--> statement-breakpoint
CREATE INDEX "lease_orders_tenant_city_id_filter_idx" ON "lease_orders" USING btree ("tenant_id","city_id","created_at","id");--> statement-breakpoint
CREATE INDEX "lease_orders_tenant_model_id_filter_idx" ON "lease_orders" USING btree ("tenant_id","model_id","created_at","id");--> statement-breakpoint
CREATE INDEX "lease_orders_tenant_rental_mode_filter_idx" ON "lease_orders" USING btree ("tenant_id","rental_mode","created_at","id");--> statement-breakpoint
CREATE INDEX "lease_orders_tenant_order_type_filter_idx" ON "lease_orders" USING btree ("tenant_id","order_type","created_at","id");--> statement-breakpoint
CREATE INDEX "lease_orders_tenant_delivery_state_filter_idx" ON "lease_orders" USING btree ("tenant_id","delivery_state","created_at","id");--> statement-breakpoint
CREATE INDEX "lease_orders_tenant_extend_tenancy_filter_idx" ON "lease_orders" USING btree ("tenant_id","extend_tenancy","end_date","id");--> statement-breakpoint
CREATE INDEX "lease_orders_tenant_updated_at_idx" ON "lease_orders" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "lease_orders_tenant_settlement_state_filter_idx" ON "lease_orders" USING btree ("tenant_id","settlement_state","updated_at","id");--> statement-breakpoint
CREATE INDEX "order_change_requests_tenant_created_at_idx" ON "order_change_requests" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "order_receivables_tenant_amount_idx" ON "order_receivables" USING btree ("tenant_id","amount","id");--> statement-breakpoint
CREATE INDEX "order_receivables_tenant_overdue_days_idx" ON "order_receivables" USING btree ("tenant_id","overdue_days","id");--> statement-breakpoint
CREATE INDEX "order_receivables_tenant_period_idx" ON "order_receivables" USING btree ("tenant_id","period","id");--> statement-breakpoint
CREATE INDEX "retail_orders_tenant_price_idx" ON "retail_orders" USING btree ("tenant_id","price","id");--> statement-breakpoint
CREATE INDEX "retail_orders_tenant_buyer_type_filter_idx" ON "retail_orders" USING btree ("tenant_id","buyer_type","created_at","id");--> statement-breakpoint
CREATE INDEX "retail_orders_tenant_city_id_filter_idx" ON "retail_orders" USING btree ("tenant_id","city_id","created_at","id");--> statement-breakpoint
CREATE INDEX "retail_orders_tenant_model_id_filter_idx" ON "retail_orders" USING btree ("tenant_id","model_id","created_at","id");--> statement-breakpoint
CREATE INDEX "retail_orders_tenant_vehicle_id_filter_idx" ON "retail_orders" USING btree ("tenant_id","vehicle_id","created_at","id");--> statement-breakpoint
CREATE INDEX "retail_orders_tenant_payment_method_filter_idx" ON "retail_orders" USING btree ("tenant_id","payment_method","created_at","id");--> statement-breakpoint
CREATE INDEX "retail_orders_tenant_financing_partner_filter_idx" ON "retail_orders" USING btree ("tenant_id","financing_partner","created_at","id");--> statement-breakpoint
CREATE INDEX "retail_orders_tenant_salesperson_id_filter_idx" ON "retail_orders" USING btree ("tenant_id","salesperson_id","created_at","id");--> statement-breakpoint
CREATE INDEX "retail_work_orders_tenant_created_at_idx" ON "retail_work_orders" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "return_settlements_tenant_return_date_idx" ON "return_settlements" USING btree ("tenant_id","return_date","id");--> statement-breakpoint
CREATE INDEX "return_settlements_tenant_vehicle_id_filter_idx" ON "return_settlements" USING btree ("tenant_id","vehicle_id","created_at","id");--> statement-breakpoint
CREATE INDEX "return_settlements_tenant_accounting_unit_id_filter_idx" ON "return_settlements" USING btree ("tenant_id","accounting_unit_id","created_at","id");--> statement-breakpoint
CREATE INDEX "prize_draw_records_tenant_won_filter_idx" ON "prize_draw_records" USING btree ("tenant_id","won","drawn_at","id");--> statement-breakpoint
CREATE INDEX "prize_draws_tenant_ends_at_idx" ON "prize_draws" USING btree ("tenant_id","ends_at","id");--> statement-breakpoint
CREATE INDEX "prize_draw_prizes_tenant_level_idx" ON "prize_draw_prizes" USING btree ("tenant_id","level","id");--> statement-breakpoint
CREATE INDEX "vehicle_returns_tenant_returned_at_idx" ON "vehicle_returns" USING btree ("tenant_id","returned_at","id");--> statement-breakpoint
CREATE INDEX "vehicle_deliveries_tenant_kind_filter_idx" ON "vehicle_deliveries" USING btree ("tenant_id","kind","delivered_at","id");--> statement-breakpoint
CREATE INDEX "vehicle_deliveries_driver_name_trgm_idx" ON "vehicle_deliveries" USING gin ("driver_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vehicle_deliveries_driver_phone_trgm_idx" ON "vehicle_deliveries" USING gin ("driver_phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vehicle_maintenance_tenant_cost_idx" ON "vehicle_maintenance" USING btree ("tenant_id","cost","id");--> statement-breakpoint
CREATE INDEX "vehicle_maintenance_vendor_trgm_idx" ON "vehicle_maintenance" USING gin ("vendor" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vehicle_outbound_records_location_trgm_idx" ON "vehicle_outbound_records" USING gin ("location" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vehicle_outbound_records_handler_trgm_idx" ON "vehicle_outbound_records" USING gin ("handler" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vehicle_shunting_records_tenant_from_city_id_filter_idx" ON "vehicle_shunting_records" USING btree ("tenant_id","from_city_id","shunted_at","id");--> statement-breakpoint
CREATE INDEX "vehicle_shunting_records_tenant_to_city_id_filter_idx" ON "vehicle_shunting_records" USING btree ("tenant_id","to_city_id","shunted_at","id");--> statement-breakpoint
CREATE INDEX "vehicle_shunting_records_driver_trgm_idx" ON "vehicle_shunting_records" USING gin ("driver" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vehicle_risks_tenant_detected_at_idx" ON "vehicle_risks" USING btree ("tenant_id","detected_at","id");--> statement-breakpoint
CREATE INDEX "vehicle_risks_tenant_due_date_idx" ON "vehicle_risks" USING btree ("tenant_id","due_date","id");--> statement-breakpoint
CREATE INDEX "vehicle_risks_tenant_rule_filter_idx" ON "vehicle_risks" USING btree ("tenant_id","rule","detected_at","id");--> statement-breakpoint
CREATE INDEX "vehicle_violations_tenant_points_idx" ON "vehicle_violations" USING btree ("tenant_id","points","id");--> statement-breakpoint
CREATE INDEX "vehicle_violations_tenant_fine_idx" ON "vehicle_violations" USING btree ("tenant_id","fine","id");--> statement-breakpoint
CREATE INDEX "vehicle_violations_driver_name_trgm_idx" ON "vehicle_violations" USING gin ("driver_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vehicle_inspections_inspector_trgm_idx" ON "vehicle_inspections" USING gin ("inspector" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vehicle_inspections_tenant_result_filter_idx" ON "vehicle_inspections" USING btree ("tenant_id","result","inspected_at","id");--> statement-breakpoint
CREATE INDEX "vehicles_tenant_brand_id_filter_idx" ON "vehicles" USING btree ("tenant_id","brand_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "vehicles_tenant_energy_type_filter_idx" ON "vehicles" USING btree ("tenant_id","energy_type","updated_at","id");--> statement-breakpoint
CREATE INDEX "vehicles_tenant_company_id_filter_idx" ON "vehicles" USING btree ("tenant_id","company_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "vehicles_tenant_rent_status_filter_idx" ON "vehicles" USING btree ("tenant_id","rent_status","updated_at","id");