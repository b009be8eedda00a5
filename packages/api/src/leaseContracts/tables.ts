import { leaseContractResource } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { businessColumns, idColumn, refColumn, versionColumn } from '../db/columns';
import { listIndexes } from '../db/list-indexes';
import type { ContractDocument } from '../pdf/contract';

/**
 * The versions of a lease order's contract: what was agreed (`description`, the contract as the PDF lays it out)
 * recorded in the approval's transaction, and the PDF made from it once (`file`), never replaced.
 */
export const leaseContracts = pgTable(
  'lease_contracts',
  {
    id: idColumn(),
    orderId: refColumn('order_id').notNull(),
    contractNo: text('contract_no').notNull(),
    versionNo: integer('version_no').notNull(),
    reason: smallint('reason').notNull(),
    summary: text('summary').notNull(),
    /** The approval whose outcome made this version. */
    instanceId: refColumn('instance_id'),
    description: jsonb('description').$type<ContractDocument>().notNull(),
    status: smallint('status').notNull().default(1),
    file: text('file').array().notNull().default(sql`'{}'::text[]`),
    failure: text('failure'),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('lease_contracts', table, leaseContractResource, [
      uniqueIndex('lease_contracts_order_version_key').on(table.tenantId, table.orderId, table.versionNo),
    ]),
);
