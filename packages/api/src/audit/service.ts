import type { FastifyInstance, FastifyRequest, onResponseAsyncHookHandler } from 'fastify';
import type { Db, Executor } from '../db';
import { type AuditChanges, auditLog } from './tables';

declare module 'fastify' {
  interface FastifyRequest {
    auditRecorded: boolean;
    /** Set by the error handler: a failed request changed nothing and is not audited. */
    failed: boolean;
  }
}

/** Who acted: the session's user, or the user who has just signed in. */
export interface Actor {
  tenantId: number;
  userId: number;
  userName: string;
}

export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: string | number | null;
  changes?: AuditChanges | null;
}

/** Field by field, what differs between two versions of a row. */
export function diff(before: Record<string, unknown> | null, after: Record<string, unknown> | null): AuditChanges {
  const changes: AuditChanges = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (key === 'updatedAt' || key === 'version' || key === 'passwordHash') continue;
    const from = before?.[key] ?? null;
    const to = after?.[key] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
  }
  return changes;
}

/** Writes an audit record, in the caller's transaction when it passes one. */
export async function recordAudit(
  db: Executor,
  request: FastifyRequest,
  entry: AuditEntry,
  actor: Actor | null = request.auth,
): Promise<void> {
  request.auditRecorded = true;
  await db.insert(auditLog).values({
    tenantId: actor?.tenantId ?? null,
    userId: actor?.userId ?? null,
    userName: actor?.userName ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    changes: entry.changes ?? null,
    requestId: request.id,
    clientAddress: request.ip,
  });
}

/** Writes an audit record of work done for a user outside a request (a background export). */
export async function recordJobAudit(db: Executor, actor: Actor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    tenantId: actor.tenantId,
    userId: actor.userId,
    userName: actor.userName,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    changes: entry.changes ?? null,
  });
}

const secretKey = /pass|token|secret/i;

function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, secretKey.test(key) ? '***' : redact(inner)]),
    );
  }
  return value;
}

const mutating = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every state-changing request leaves a record. Services write precise ones (entity, id, field changes);
 * a successful change that wrote none gets a record of the call and its (redacted) input here.
 */
export function registerAuditTrail(app: FastifyInstance, db: Db): void {
  app.decorateRequest('auditRecorded', false);
  app.decorateRequest('failed', false);
  const recordCall: onResponseAsyncHookHandler = async (request, reply) => {
    if (!mutating.has(request.method) || !request.url.startsWith('/api')) return;
    if (request.auditRecorded || request.failed || reply.statusCode >= 300 || !request.auth) return;
    const body = request.body && typeof request.body === 'object' ? redact(request.body) : null;
    try {
      await recordAudit(db, request, {
        action: `${request.method} ${request.routeOptions.url ?? request.url}`,
        entity: 'request',
        entityId: null,
        changes: body ? { input: { from: null, to: body } } : null,
      });
    } catch (error) {
      request.log.error({ err: error }, 'audit record failed');
    }
  };
  // Only on routes that can change something: a read (most requests) runs no response hook at all.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((method) => mutating.has(method))) return;
    const own = route.onResponse ? (Array.isArray(route.onResponse) ? route.onResponse : [route.onResponse]) : [];
    route.onResponse = [...own, recordCall];
  });
}
