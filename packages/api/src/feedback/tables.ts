import { index, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { businessColumns, idColumn } from '../db/columns';

/**
 * Suggestions and fault reports from the floating feedback widget, with their screenshots (file locations).
 * APP管理 → 意见反馈 lists and handles them.
 */
export const feedbackEntries = pgTable(
  'feedback_entries',
  {
    id: idColumn(),
    kind: text('kind').$type<'suggestion' | 'fault'>().notNull(),
    /** Suggestion: the submitter's role as they typed it. */
    role: text('role'),
    menu: text('menu').notNull(),
    problem: text('problem').notNull(),
    /** Suggestion: 高 / 中 / 低. */
    level: text('level'),
    /** Fault: 阻塞使用流程 / 涉及结算/财务/金额 / 普通功能错误 / 以上都有. */
    faultType: text('fault_type'),
    /** Fault: the page address it happened on. */
    url: text('url'),
    pics: text('pics').array().notNull(),
    sysName: text('sys_name').notNull(),
    /** 0 pending; the handling screen defines the rest. */
    status: smallint('status').notNull().default(0),
    submitterName: text('submitter_name').notNull(),
    ...businessColumns(),
  },
  (table) => [index('feedback_entries_tenant_idx').on(table.tenantId, table.kind, table.id)],
);
