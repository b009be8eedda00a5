import type { Screen } from '@cp/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { recordJobAudit } from '../audit/service';
import type { Db } from '../db';
import { defineExport, type ExportDefinition, type ExportScope, keysetBatches } from '../exports/registry';
import { resourceExportColumns } from '../exports/resource';
import { buttonsOfUser } from '../identity/sessions';
import { users } from '../identity/tables';
import type { Row, ServerResource } from './family';
import { exportBatch } from './read';

const fixedOf = new WeakMap<Screen, Readonly<Row>>();

/**
 * The filters a screen's fixed filters stand for, as the list schema turns them (`'3,4'` → [3, 4]): worked
 * out once per screen (every request of its list keeps them), read-only.
 */
export function fixedFilters(screen: Screen): Readonly<Row> {
  let fixed = fixedOf.get(screen);
  if (!fixed) {
    const names = Object.keys(screen.fixed);
    const schema = screen.resource.listQuery as unknown as z.ZodObject;
    fixed = Object.freeze(
      names.length === 0
        ? {}
        : (schema.pick(Object.fromEntries(names.map((name) => [name, true])) as never).parse(screen.fixed) as Row),
    );
    fixedOf.set(screen, fixed);
  }
  return fixed;
}

/**
 * The filters a screen keeps whatever the query says: its fixed ones, and its `mine` field as the user who
 * looks (`userId`: the session's, or the export's requester).
 */
export function keptFilters(screen: Screen, userId: number): Readonly<Row> {
  const fixed = fixedFilters(screen);
  return screen.mine ? { ...fixed, [screen.mine]: String(userId) } : fixed;
}

/** The filters of a screen's list without its paging and sorting: what its export takes. */
function screenExportFilters(screen: Screen): z.ZodType<Row> {
  return (screen.listQuery as unknown as z.ZodObject).omit({
    page: true,
    limit: true,
    sort: true,
    order: true,
  }) as z.ZodType<Row>;
}

/** 导出 of a screen: the rows its filters (its fixed ones, its tab) match, newest first, as its route names it. */
export function screenExport(family: ServerResource, screen: Screen): ExportDefinition<Row, Row> {
  return defineExport({
    kind: screen.key,
    name: screen.title,
    permission: screen.exportButton ?? '',
    filters: screenExportFilters(screen),
    columns: resourceExportColumns(family.resource),
    async *rows(db, scope) {
      const whole = await showsWhole(db, family, screen, scope);
      const filters = { ...scope.filters, ...keptFilters(screen, scope.userId) };
      yield* keysetBatches(
        (beforeId, limit) => exportBatch(db, family, scope.tenantId, filters, beforeId, limit, screen, whole),
        scope,
      );
    },
  });
}

/**
 * Whether an export writes the family's sensitive fields whole: only for a requester who holds the page's
 * `…:viewSensitive` in the branch company when it runs — and then the audit log says so.
 */
async function showsWhole(db: Db, family: ServerResource, screen: Screen, scope: ExportScope<Row>) {
  const button = family.resource.permissions.viewSensitive;
  if (!button || !(await buttonsOfUser(db, scope.tenantId, scope.userId)).has(button)) return false;
  const [user] = await db.select({ userName: users.userName }).from(users).where(eq(users.id, scope.userId));
  await recordJobAudit(
    db,
    { tenantId: scope.tenantId, userId: scope.userId, userName: user?.userName ?? '' },
    {
      action: 'exportSensitive',
      entity: family.resource.key,
      entityId: null,
      changes: { screen: { from: null, to: screen.title } },
    },
  );
  return true;
}

/** Every export a family's screens offer: one per screen whose route has an 导出 button. */
export function familyExports(family: ServerResource) {
  return family.screens.filter((screen) => screen.exportButton).map((screen) => screenExport(family, screen));
}
