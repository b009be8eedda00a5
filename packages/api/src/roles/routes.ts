import {
  emptyEnvelope,
  envelope,
  historyEntry,
  idString,
  pageOf,
  roleDto,
  roleInput,
  roleListQuery,
  roleUpdate,
} from '@cp/contracts';
import { z } from 'zod';
import { entityHistory } from '../audit/history';
import type { Db } from '../db';
import { access, sessionOf } from '../http/access';
import { ok } from '../http/reply';
import type { RoutePlugin } from '../http/schemas';
import { createRole, deleteRole, getRole, listRoles, updateRole } from './service';

const idParams = z.strictObject({ id: idString });
const tags = ['角色管理'];
const role = envelope(roleDto);

export const roleRoutes: RoutePlugin<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/roles',
    {
      config: { access: access.permission('roleManagement') },
      schema: { summary: '角色列表', tags, querystring: roleListQuery, response: { 200: envelope(pageOf(roleDto)) } },
    },
    async (request) => ok(await listRoles(db, sessionOf(request).tenantId, request.query)),
  );

  app.get(
    '/api/roles/:id',
    {
      config: { access: access.permission('roleManagement') },
      schema: { summary: '角色详情', tags, params: idParams, response: { 200: role } },
    },
    async (request) => ok(await getRole(db, sessionOf(request).tenantId, Number(request.params.id))),
  );

  app.get(
    '/api/roles/:id/history',
    {
      config: { access: access.permission('roleManagement') },
      schema: { summary: '角色变更历史', tags, params: idParams, response: { 200: envelope(z.array(historyEntry)) } },
    },
    async (request) => {
      const { id } = request.params;
      const tenantId = sessionOf(request).tenantId;
      await getRole(db, tenantId, Number(id));
      return ok(await entityHistory(db, tenantId, 'role', id));
    },
  );

  app.post(
    '/api/roles',
    {
      config: { access: access.permission('roleManagement:add') },
      schema: { summary: '新增角色', tags, body: roleInput, response: { 200: role } },
    },
    async (request) => ok(await createRole(db, request, request.body)),
  );

  app.put(
    '/api/roles/:id',
    {
      config: { access: access.permission('roleManagement:edit', 'roleManagement:grantPermissions') },
      schema: {
        summary: '编辑角色与权限（需带版本号）',
        tags,
        params: idParams,
        body: roleUpdate,
        response: { 200: role },
      },
    },
    async (request) => ok(await updateRole(db, request, Number(request.params.id), request.body)),
  );

  app.delete(
    '/api/roles/:id',
    {
      config: { access: access.permission('roleManagement:delete') },
      schema: { summary: '删除角色（未分配给账号时）', tags, params: idParams, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await deleteRole(db, request, Number(request.params.id));
      return ok(null);
    },
  );
};
