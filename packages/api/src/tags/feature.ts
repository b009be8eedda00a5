import { commonTagResource, commonTagScreens } from '@cp/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { defineFeature } from '../feature';
import { businessError } from '../http/errors';
import { defineServerLookup } from '../lookups/registry';
import { defineServerResource } from '../resource/family';
import { seedEachBranch } from '../seed/branches';
import { commonTags } from './tables';
import { tagUsage } from './usage';

const demoTags = [
  ['安全驾驶', '#F5222D'],
  ['政策解读', '#FF7A00'],
  ['新手必读', '#1677FF'],
  ['收入提升', '#52C41A'],
  ['车辆保养', '#722ED1'],
];

const commonTagFamily = defineServerResource({
  resource: commonTagResource,
  table: commonTags,
  screens: commonTagScreens,
  /** A tag content carries is kept (the app still shows it there): it is 停用, not deleted. */
  async beforeRemove(row, ctx) {
    const usage = await tagUsage(ctx.tx, ctx.auth.tenantId, Number(row.id));
    if (usage) throw businessError(`标签「${row.name}」已被${usage}使用，不能删除，请停用`);
  },
});

const byOrder = [asc(commonTags.displayOrder), asc(commonTags.id)];

defineServerLookup('commonTag', {
  // Every tag names the content carrying it; only enabled ones are offered to attach.
  all: (db, tenantId) =>
    db
      .select({ id: commonTags.id, name: sql<string>`${commonTags.name}` })
      .from(commonTags)
      .where(eq(commonTags.tenantId, tenantId))
      .orderBy(...byOrder),
  options: async (db, tenantId) => {
    const rows = await db
      .select({ id: commonTags.id, name: sql<string>`${commonTags.name}` })
      .from(commonTags)
      .where(and(eq(commonTags.tenantId, tenantId), eq(commonTags.status, 1)))
      .orderBy(...byOrder);
    return rows.map((row) => ({ label: row.name, value: String(row.id) }));
  },
});

/**
 * Five tags per branch company, made over the last three months; the last one stopped. Content seeded
 * before this feature calls it first (a second call writes nothing).
 */
export const seedCommonTags = (db: Db) =>
  seedEachBranch(db, commonTags, (branch) =>
    demoTags.map(([name = '', color], n) => {
      const createdAt = branch.ago(90 - n * 14);
      return { name, color, displayOrder: n * 10 + 10, status: n < 4 ? 1 : 0, createdAt };
    }),
  );

export const feature = defineFeature({ families: [commonTagFamily], demo: seedCommonTags });
