import { isMaskedValue, maskSensitive, type Resource, type SensitiveKind, viewSensitiveAction } from '@cp/contracts';
import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../audit/service';
import type { Db } from '../db';
import { sessionOf } from '../http/access';
import { businessError, notFound } from '../http/errors';
import type { Row, ServerResource } from './family';
import { readRow } from './read';

/** The resource's `sensitive` fields with their kind. */
function sensitiveFieldsOf(resource: Resource): [string, SensitiveKind][] {
  return resource.entries.flatMap(([name, def]) => (def.sensitive ? [[name, def.sensitive]] : []));
}

/**
 * Input whose sensitive fields may hold the masked value the API sent (an edit form, a prefilled dialog):
 * one that masks the stored value unchanged stands for it — left out of what is saved (`keep: 'omit'`) or
 * replaced by it (`keep: 'stored'`, for an action's body) — and any other masked value is refused: a new row
 * or a changed number needs the whole number.
 */
export function withStoredSensitive(
  resource: Resource,
  input: Readonly<Row>,
  stored: Readonly<Row> | undefined,
  keep: 'omit' | 'stored',
): Row {
  const values: Row = { ...input };
  for (const [name, kind] of sensitiveFieldsOf(resource)) {
    const value = values[name];
    if (!isMaskedValue(kind, value)) continue;
    const whole = stored?.[name];
    if (typeof whole !== 'string' || maskSensitive(kind, whole) !== value) {
      throw businessError(`${resource.fields[name]?.title ?? name}：请输入完整号码`);
    }
    if (keep === 'omit') delete values[name];
    else values[name] = whole;
  }
  return values;
}

/**
 * A sensitive field's whole value for whoever holds the page's `…:viewSensitive` button (the route checks it),
 * each read leaving an audit record (`viewSensitive`, the field) in the row's history; 404 for another
 * tenant's row.
 */
export async function wholeValue(
  db: Db,
  family: ServerResource,
  request: FastifyRequest,
  id: number,
  field: string,
): Promise<{ value: string | null }> {
  const auth = sessionOf(request);
  const row = await readRow(db, family, auth.tenantId, id);
  if (!row) throw notFound(family.resource.title);
  const value = row[field];
  await recordAudit(db, request, {
    action: viewSensitiveAction,
    entity: family.resource.key,
    entityId: id,
    changes: { [field]: { from: null, to: null } },
  });
  return { value: typeof value === 'string' && value !== '' ? value : null };
}
