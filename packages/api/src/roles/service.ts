import { consoleAppId, type PageQuery, type RoleDto, type RoleInput } from '@cp/contracts';
import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { diff, recordAudit } from '../audit/service';
import type { Db } from '../db';
import { writtenBy } from '../db/columns';
import { cappedCount, paginate } from '../db/paging';
import { sessionOf } from '../http/access';
import { businessError, conflict, notFound } from '../http/errors';
import { forgetHeldKeys } from '../identity/session-cache';
import { accountRoles, roles } from '../identity/tables';
import { forgetNameBooks } from '../lookups/registry';
import { translateUnique } from '../resource/db-errors';
import { containsPattern } from '../resource/query';
import { superAdminRoleCode } from '../seed/platform';

type RoleRow = typeof roles.$inferSelect;

const accountCount = sql<number>`(select count(*)::int from ${accountRoles} ar where ar.role_id = ${roles.id})`;

function toDto(row: RoleRow & { accountCount: number }): RoleDto {
  return {
    id: String(row.id),
    code: row.code,
    name: row.name,
    remark: row.remark ?? '',
    appId: row.appId,
    menuKeys: row.menuKeys,
    buttonKeys: row.buttonKeys,
    accountCount: Number(row.accountCount),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What an audit record keeps of a role. */
const audited = (row: RoleRow) => ({
  code: row.code,
  name: row.name,
  remark: row.remark,
  menuKeys: row.menuKeys,
  buttonKeys: row.buttonKeys,
});

/** The role list's match: the tenant's roles whose name or code contains the keyword. */
export function roleListWhere(tenantId: number, keyword: string | undefined): SQL | undefined {
  const conditions: SQL[] = [eq(roles.tenantId, tenantId)];
  if (keyword) {
    const pattern = containsPattern(keyword);
    const match = or(ilike(roles.name, pattern), ilike(roles.code, pattern));
    if (match) conditions.push(match);
  }
  return and(...conditions);
}

export async function listRoles(db: Db, tenantId: number, query: PageQuery & { keyword?: string | undefined }) {
  const where = roleListWhere(tenantId, query.keyword);
  return paginate(
    query,
    async (limit, offset) => {
      const rows = await db
        .select({ role: roles, accountCount })
        .from(roles)
        .where(where)
        .orderBy(desc(roles.id))
        .limit(limit)
        .offset(offset);
      return rows.map((row) => toDto({ ...row.role, accountCount: row.accountCount }));
    },
    () => cappedCount(db, roles, where),
  );
}

async function findRole(db: Db, tenantId: number, id: number) {
  const [row] = await db
    .select({ role: roles, accountCount })
    .from(roles)
    .where(and(eq(roles.id, id), eq(roles.tenantId, tenantId)));
  if (!row) throw notFound('角色');
  return { ...row.role, accountCount: row.accountCount };
}

export async function getRole(db: Db, tenantId: number, id: number): Promise<RoleDto> {
  return toDto(await findRole(db, tenantId, id));
}

/** The built-in super-admin role follows the route catalogue; nobody edits or deletes it. */
function assertNotBuiltIn(role: RoleRow) {
  if (role.code === superAdminRoleCode) throw businessError('系统内置角色不能修改或删除');
}

async function assertCodeFree(db: Db, tenantId: number, code: string, exceptId?: number) {
  const [existing] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.code, code)));
  if (existing && existing.id !== exceptId) throw businessError(`角色编码 ${code} 已存在`);
}

/** Another request took the code between the check and the write: the same words as the check. */
const codeTaken = (code: string) => (error: unknown) => {
  throw translateUnique(error, { roles_tenant_code_key: `角色编码 ${code} 已存在` });
};

export async function createRole(db: Db, request: FastifyRequest, input: RoleInput): Promise<RoleDto> {
  const auth = sessionOf(request);
  if (input.code === superAdminRoleCode) throw businessError(`角色编码 ${input.code} 已存在`);
  await assertCodeFree(db, auth.tenantId, input.code);
  return db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(roles)
        .values({
          ...input,
          remark: input.remark ?? null,
          appId: consoleAppId,
          ...writtenBy(auth),
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      await recordAudit(tx, request, {
        action: 'create',
        entity: 'role',
        entityId: row.id,
        changes: diff(null, audited(row)),
      });
      return toDto({ ...row, accountCount: 0 });
    })
    .catch(codeTaken(input.code));
}

export async function updateRole(
  db: Db,
  request: FastifyRequest,
  id: number,
  input: RoleInput & { version: number },
): Promise<RoleDto> {
  const auth = sessionOf(request);
  const before = await findRole(db, auth.tenantId, id);
  assertNotBuiltIn(before);
  await assertCodeFree(db, auth.tenantId, input.code, id);
  const { version, ...fields } = input;
  const updated = await db
    .transaction(async (tx) => {
      const [row] = await tx
        .update(roles)
        .set({
          ...fields,
          remark: fields.remark ?? null,
          updatedBy: auth.userId,
          updatedAt: new Date(),
          version: version + 1,
        })
        .where(and(eq(roles.id, id), eq(roles.tenantId, auth.tenantId), eq(roles.version, version)))
        .returning();
      if (!row) throw conflict();
      await recordAudit(tx, request, {
        action: 'update',
        entity: 'role',
        entityId: id,
        changes: diff(audited(before), audited(row)),
      });
      return toDto({ ...row, accountCount: before.accountCount });
    })
    .catch(codeTaken(input.code));
  // After the commit, so no request re-reads the old keys (or the role's old name) in between.
  await forgetHeldKeys(db);
  forgetNameBooks(db);
  return updated;
}

export async function deleteRole(db: Db, request: FastifyRequest, id: number): Promise<void> {
  const auth = sessionOf(request);
  const before = await findRole(db, auth.tenantId, id);
  assertNotBuiltIn(before);
  if (before.accountCount > 0) throw businessError(`该角色已分配给${before.accountCount}个账号，不能删除`);
  await db.transaction(async (tx) => {
    await tx.delete(roles).where(and(eq(roles.id, id), eq(roles.tenantId, auth.tenantId)));
    await recordAudit(tx, request, {
      action: 'delete',
      entity: 'role',
      entityId: id,
      changes: diff(audited(before), null),
    });
  });
  await forgetHeldKeys(db);
}
