import type { FaultInput, FeedbackReceipt, SuggestionInput } from '@cp/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { diff, recordAudit } from '../audit/service';
import type { Db } from '../db';
import { writtenBy } from '../db/columns';
import { files } from '../files/tables';
import { sessionOf } from '../http/access';
import { badRequest } from '../http/errors';
import { feedbackEntries } from './tables';

/** Screenshots must be files this branch company uploaded. */
async function assertOwnFiles(db: Db, tenantId: number, locations: readonly string[]): Promise<void> {
  if (locations.length === 0) return;
  const found = await db
    .select({ location: files.fileLocation })
    .from(files)
    .where(and(eq(files.tenantId, tenantId), inArray(files.fileLocation, [...locations])));
  const known = new Set(found.map((row) => row.location));
  const missing = locations.find((location) => !known.has(location));
  if (missing) throw badRequest(`截图：文件 ${missing} 不存在`);
}

type NewEntry = Omit<typeof feedbackEntries.$inferInsert, 'tenantId' | 'submitterName' | 'createdBy' | 'updatedBy'>;

async function submit(db: Db, request: FastifyRequest, entry: NewEntry): Promise<FeedbackReceipt> {
  const auth = sessionOf(request);
  await assertOwnFiles(db, auth.tenantId, entry.pics);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(feedbackEntries)
      .values({
        ...entry,
        submitterName: auth.userName,
        ...writtenBy(auth),
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    const { id, createdAt, updatedAt, ...audited } = row;
    await recordAudit(tx, request, {
      action: 'create',
      entity: 'feedback',
      entityId: id,
      changes: diff(null, audited),
    });
    return { id: String(id), createdAt: createdAt.toISOString() };
  });
}

export function submitSuggestion(db: Db, request: FastifyRequest, input: SuggestionInput) {
  return submit(db, request, {
    kind: 'suggestion',
    role: input.role,
    menu: input.menu,
    problem: input.problem,
    level: input.level,
    pics: input.pic,
    sysName: input.sysName,
  });
}

export function submitFault(db: Db, request: FastifyRequest, input: FaultInput) {
  return submit(db, request, {
    kind: 'fault',
    menu: input.menu,
    problem: input.problem,
    faultType: input.type,
    url: input.url,
    pics: input.pic,
    sysName: input.sysName,
  });
}
