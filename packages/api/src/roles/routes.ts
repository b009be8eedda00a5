import { idString, type RoleInput, roleInput, roleListQuery, roleUpdate } from '@cp/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { entityHistory } from '../audit/history';
import type { Db } from '../db';
import { access, sessionOf } from '../http/access';
import { ok } from '../http/reply';
import { createRole, deleteRole, getRole, listRoles, updateRole } from './service';

const idParams = z.strictObject({ id: idString });
const tags = ['角色管理'];

export async function roleRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get(
    '/api/roles',
    {
      config: { access: access.permission('roleManagement') },
      schema: { summary: '角色列表', tags, querystring: roleListQuery },
    },
    async (request) => {
      const query = request.query as z.infer<typeof roleListQuery>;
      return ok(await listRoles(db, sessionOf(request).tenantId, query));
    },
  );

  app.get(
    '/api/roles/:id',
    {
      config: { access: access.permission('roleManagement') },
      schema: { summary: '角色详情', tags, params: idParams },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      return ok(await getRole(db, sessionOf(request).tenantId, Number(id)));
    },
  );

  app.get(
    '/api/roles/:id/history',
    {
      config: { access: access.permission('roleManagement') },
      schema: { summary: '角色变更历史', tags, params: idParams },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const tenantId = sessionOf(request).tenantId;
      await getRole(db, tenantId, Number(id));
      return ok(await entityHistory(db, tenantId, 'role', id));
    },
  );

  app.post(
    '/api/roles',
    {
      config: { access: access.permission('roleManagement:add') },
      schema: { summary: '新增角色', tags, body: roleInput },
    },
    async (request) => ok(await createRole(db, request, request.body as RoleInput)),
  );

  app.put(
    '/api/roles/:id',
    {
      config: { access: access.permission('roleManagement:edit', 'roleManagement:grantPermissions') },
      schema: { summary: '编辑角色与权限（需带版本号）', tags, params: idParams, body: roleUpdate },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      return ok(await updateRole(db, request, Number(id), request.body as z.infer<typeof roleUpdate>));
    },
  );

  app.delete(
    '/api/roles/:id',
    {
      config: { access: access.permission('roleManagement:delete') },
      schema: { summary: '删除角色（未分配给账号时）', tags, params: idParams },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      await deleteRole(db, request, Number(id));
      return ok(null);
    },
  );
}
