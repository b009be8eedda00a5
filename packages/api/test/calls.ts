import type { RoleDto } from '@cp/contracts';
import { multipart } from './files-support';
import type { TestContext } from './harness';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The suite's app and the token its calls go with unless they name another: read when a call is made. */
type Caller = () => { ctx: TestContext; token: string };

/**
 * A suite's calls, as `caller()` tells — the app and a user it logs in in `beforeAll` — or as the token given
 * last. `Read` and `Written` are what `get` and the writes answer unless a call names its own type. A payload
 * left out is sent as `{}` by `post` and `put`; `send` sends none. `upload` posts one file as the multipart
 * field `file`.
 */
export function callsAs<Read = unknown, Written = unknown>(caller: Caller) {
  const send = <T = Written>(method: Method, url: string, payload?: object, token = caller().token) =>
    caller().ctx.request<T>({ method, url, token, ...(payload === undefined ? {} : { payload }) });
  return {
    send,
    get: <T = Read>(url: string, token = caller().token) => caller().ctx.request<T>({ method: 'GET', url, token }),
    post: <T = Written>(url: string, payload: object = {}, token = caller().token) =>
      send<T>('POST', url, payload, token),
    put: <T = Written>(url: string, payload: object = {}, token = caller().token) =>
      send<T>('PUT', url, payload, token),
    upload: <T = Written>(url: string, file: { name: string; content: Buffer }, token = caller().token) =>
      caller().ctx.request<T>({ method: 'POST', url, token, ...multipart([file]) }),
  };
}

/** Writes whose caller always names who makes them, before the payload: `post(url, manager, { … })`. */
export function writesBy(ctx: () => TestContext) {
  return {
    post: <T = unknown>(url: string, token: string | undefined, payload: object = {}) =>
      ctx().request<T>({ method: 'POST', url, token, payload }),
    put: <T = unknown>(url: string, token: string, payload: object) =>
      ctx().request<T>({ method: 'PUT', url, token, payload }),
  };
}

/** Adds menu and button keys to a role, as an administrator would on 角色管理 (`admin`: their token). */
export async function grantRole(
  ctx: TestContext,
  admin: string,
  code: string,
  menuKeys: readonly string[],
  buttonKeys: readonly string[],
): Promise<void> {
  const roles = await ctx.request<{ list: RoleDto[] }>({
    method: 'GET',
    url: `/api/roles?keyword=${code}`,
    token: admin,
  });
  const role = roles.data.list.find((row) => row.code === code);
  if (!role) throw new Error(`role ${code} not found`);
  const saved = await ctx.request({
    method: 'PUT',
    url: `/api/roles/${role.id}`,
    token: admin,
    payload: {
      code: role.code,
      name: role.name,
      menuKeys: [...role.menuKeys, ...menuKeys],
      buttonKeys: [...role.buttonKeys, ...buttonKeys],
      version: role.version,
    },
  });
  if (saved.code !== 0) throw new Error(saved.msg);
}
