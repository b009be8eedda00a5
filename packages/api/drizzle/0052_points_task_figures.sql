DROP INDEX "points_entries_tenant_source_idx";--> statement-breakpoint
ALTER TABLE "points_tasks" ADD COLUMN "completions" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "points_tasks" ADD COLUMN "issued" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "points_entries_tenant_source_filter_idx" ON "points_entries" USING btree ("tenant_id","source","created_at","id");--> statement-breakpoint
-- The figures of each task, summed once from its ledger rows; the ledger moves them from now on.
UPDATE "points_tasks" AS t SET "completions" = s.completions, "issued" = s.issued
FROM (
  SELECT "tenant_id", "source", count(*) FILTER (WHERE "kind" = 1) AS completions, coalesce(sum("points"), 0) AS issued
  FROM "points_entries" WHERE "kind" IN (1, 4) GROUP BY "tenant_id", "source"
) AS s
WHERE t."tenant_id" = s."tenant_id" AND t."code" = s."source";
