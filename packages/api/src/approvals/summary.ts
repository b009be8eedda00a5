import { approvalBusinesses, type FieldDef, refNameOf, yuanText } from '@cp/contracts';
import type { Db } from '../db';
import type { Row } from '../resource/family';
import { present } from '../resource/names';
import { readRows } from '../resource/read';
import { businessFamilyOf } from './business';

/** One value of a business row as the summary reads it: a name for a reference, yuan, a label. */
function summaryValue(name: string, def: FieldDef, row: Row): string {
  const value = row[name];
  // A driver is named with their mobile (`张三（13800000000）`): the summary keeps the name, for room.
  if (def.kind === 'ref') return String(row[refNameOf(name)] ?? '').replace(/（[^（）]*）$/, '');
  if (value === null || value === undefined || value === '') return '';
  if (def.kind === 'money' && typeof value === 'number') return `${value < 0 ? '-' : ''}${yuanText(Math.abs(value))}元`;
  if (def.enumDef && typeof value === 'number') return def.enumDef.label(value);
  return String(value);
}

/** The summary of a business row: its declared fields' values (`approvalBusinesses[type].summary`), in turn. */
function businessSummary(businessType: number, row: Row): string {
  const business = approvalBusinesses[businessType];
  if (!business) return '';
  return business.summary
    .map((name) => {
      const def = business.resource.fields[name];
      return def ? summaryValue(name, def, row) : '';
    })
    .filter((text) => text !== '')
    .join(' · ');
}

/**
 * Writes `summary` into each task (or approval) of a page: what its business row is — number, whom it is for,
 * amount — read once per business type for the page's rows (through the family, so references are named); a
 * row gone since reads as ''.
 */
export async function withBusinessSummaries(db: Db, tenantId: number, rows: Row[]): Promise<void> {
  const idsByType = new Map<number, Set<number>>();
  for (const row of rows) {
    const type = Number(row.businessType);
    const id = Number(row.businessId);
    if (!Number.isSafeInteger(id)) continue;
    const ids = idsByType.get(type) ?? new Set<number>();
    ids.add(id);
    idsByType.set(type, ids);
  }
  const summaries = new Map<string, string>();
  for (const [type, ids] of idsByType) {
    const family = businessFamilyOf(type);
    if (!family) continue;
    const found = await readRows(db, family, tenantId, [...ids]);
    const sent = await present(db, tenantId, family, found);
    for (const row of sent) summaries.set(`${type}:${String(row.id)}`, businessSummary(type, row));
  }
  for (const row of rows) row.summary = summaries.get(`${Number(row.businessType)}:${String(row.businessId)}`) ?? '';
}
