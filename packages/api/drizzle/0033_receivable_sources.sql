ALTER TABLE "order_receivables" ADD COLUMN "source_kind" smallint;--> statement-breakpoint
ALTER TABLE "order_receivables" ADD COLUMN "source_id" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "order_receivables_source_key" ON "order_receivables" USING btree ("source_kind","source_id") WHERE source_id is not null;