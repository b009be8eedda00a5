import { enums, roleListQuery, routesByKey } from '@cp/contracts';
import { and, desc, lt, sql } from 'drizzle-orm';
import { column } from '../exports/columns';
import { defineExport, keysetBatches } from '../exports/registry';
import { accountRoles, roles } from '../identity/tables';
import { roleListWhere } from './service';

/** The role list's filters (its `keyword`), as the list validates them. */
const roleExportFilters = roleListQuery.pick({ keyword: true }).strict();

const accountCount = sql<number>`(select count(*)::int from ${accountRoles} ar where ar.role_id = ${roles.id})`;
const menuTitle = (key: string) => routesByKey.get(key)?.title ?? key;

interface RoleExportRow {
  id: number;
  code: string;
  name: string;
  remark: string | null;
  menuKeys: string[];
  buttonKeys: string[];
  accountCount: number;
  createdAt: Date;
  updatedAt: Date;
}

/** 角色管理 → 导出: the roles of the user's branch company matching the list's keyword, newest first. */
export const roleExport = defineExport({
  name: '角色列表',
  permission: 'roleManagement:export',
  filters: roleExportFilters,
  columns: [
    column.text<RoleExportRow>('角色编码', (role) => role.code),
    column.text<RoleExportRow>('角色名称', (role) => role.name),
    column.enumLabel<RoleExportRow>('系统内置', enums.yesNo, (role) => (role.code === 'superAdmin' ? 1 : 0), 10),
    column.text<RoleExportRow>('备注', (role) => role.remark, 30),
    column.number<RoleExportRow>('账号数', (role) => role.accountCount),
    column.list<RoleExportRow>('菜单权限', (role) => role.menuKeys.map(menuTitle), 60),
    column.number<RoleExportRow>('按钮权限数', (role) => role.buttonKeys.length),
    column.dateTime<RoleExportRow>('创建时间', (role) => role.createdAt),
    column.dateTime<RoleExportRow>('更新时间', (role) => role.updatedAt),
  ],
  count: async (db, { tenantId, filters }) => {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(roles)
      .where(roleListWhere(tenantId, filters.keyword));
    return Number(row?.n ?? 0);
  },
  rows: (db, scope) =>
    keysetBatches<RoleExportRow>(
      (beforeId, limit) =>
        db
          .select({
            id: roles.id,
            code: roles.code,
            name: roles.name,
            remark: roles.remark,
            menuKeys: roles.menuKeys,
            buttonKeys: roles.buttonKeys,
            accountCount,
            createdAt: roles.createdAt,
            updatedAt: roles.updatedAt,
          })
          .from(roles)
          .where(
            and(
              roleListWhere(scope.tenantId, scope.filters.keyword),
              beforeId === null ? undefined : lt(roles.id, beforeId),
            ),
          )
          .orderBy(desc(roles.id))
          .limit(limit),
      scope,
    ),
});
