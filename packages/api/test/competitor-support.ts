import type { TestContext } from './harness';

/**
 * Logs in a new user of the branch company whose role opens `page` with only some of its buttons (新增 and
 * 导出, say, but not 编辑 or 删除): what the server must refuse them is the rest.
 */
export async function userWithButtons(ctx: TestContext, admin: string, page: string, actions: readonly string[]) {
  const code = `r${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const role = await ctx.request<{ id: string }>({
    method: 'POST',
    url: '/api/roles',
    token: admin,
    payload: {
      code,
      name: `竞品调研员${code}`,
      menuKeys: [page],
      buttonKeys: actions.map((action) => `${page}:${action}`),
    },
  });
  if (role.code !== 0) throw new Error(role.msg);
  const user = await ctx.request<{ password: string }>({
    method: 'POST',
    url: '/api/users',
    token: admin,
    payload: { loginId: code, userName: '调研员', code: code.toUpperCase(), roleIds: [role.data.id] },
  });
  if (user.code !== 0) throw new Error(user.msg);
  return ctx.login(code, user.data.password);
}

/** The branch company's cities, by name (北京市 → id). */
export async function citiesByName(ctx: TestContext, token: string): Promise<Map<string, string>> {
  const answer = await ctx.request<{ label: string; value: string }[]>({
    method: 'GET',
    url: '/api/lookups/cities',
    token,
  });
  return new Map(answer.data.map((city) => [city.label, city.value]));
}
