import type { PageResult, RoleDto, RoleInput } from '@cp/contracts';
import { del, get, post, put } from '../request';

export interface RoleListQuery {
  page: number;
  limit: number;
  keyword?: string;
}

export type RoleFields = Pick<RoleInput, 'code' | 'name' | 'remark' | 'menuKeys' | 'buttonKeys'>;

export const rolesApi = {
  list: (query: RoleListQuery) => get<PageResult<RoleDto>>('/api/roles', query),
  detail: (id: string) => get<RoleDto>(`/api/roles/${id}`),
  create: (role: RoleFields) => post<RoleDto>('/api/roles', role),
  update: (id: string, role: RoleFields & { version: number }) => put<RoleDto>(`/api/roles/${id}`, role),
  remove: (id: string) => del<null>(`/api/roles/${id}`),
};

/** The built-in role that follows the route catalogue; the system manages it. */
export const superAdminRoleCode = 'superAdmin';
