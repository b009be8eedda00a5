import { errorCodes, type Resource, type Screen } from '@cp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { families } from '../src/families';
import { resolveSession, type SessionContext } from '../src/identity/sessions';
import { schemaLookups } from '../src/lookups/grants';
import { registeredLookups } from '../src/lookups/registry';
import { startTestApp, type TestContext } from './harness';

/** A use of a lookup on a page: the menu or button key that opens it, and what it is for. */
interface Use {
  lookup: string;
  key: string;
  where: string;
}

/** Every use of a lookup the declarations show: a screen's filter, a form field, an action's body. */
function usesOf(resource: Resource, screens: readonly Screen[]): Use[] {
  const uses: Use[] = [];
  for (const screen of screens) {
    for (const name of screen.filters) {
      const lookup = resource.fields[name]?.lookup;
      if (lookup) uses.push({ lookup, key: screen.route.menuKey, where: `${screen.title}的筛选「${name}」` });
    }
  }
  const formKeys = [resource.permissions.create, resource.permissions.update].filter((key) => key !== undefined);
  for (const [name, def] of resource.entries) {
    if (!def.form) continue;
    const lookups = new Set([...(def.lookup ? [def.lookup] : []), ...schemaLookups(def.input)]);
    for (const lookup of lookups)
      for (const key of formKeys) uses.push({ lookup, key, where: `${resource.title}表单的「${name}」` });
  }
  for (const transition of resource.lifecycle?.transitions ?? []) {
    for (const lookup of new Set(schemaLookups(transition.body)))
      uses.push({ lookup, key: transition.button, where: `${resource.title}的「${transition.title}」` });
  }
  return uses;
}

const uses = families.flatMap((family) => usesOf(family.resource, family.screens));
const searched = registeredLookups().filter((lookup) => lookup.def.searchable);
const demoRoles = [
  ['admin', 'admin123'],
  ['ops', 'ops123'],
  ['manager', 'manager123'],
  ['finance', 'finance123'],
] as const;

let ctx: TestContext;
const tokens = new Map<string, string>();
const sessions = new Map<string, SessionContext>();

beforeAll(async () => {
  ctx = await startTestApp();
  for (const [loginId, password] of demoRoles) {
    const token = await ctx.login(loginId, password);
    tokens.set(loginId, token);
    sessions.set(loginId, await resolveSession(ctx.database.db, ctx.config, token));
  }
});
afterAll(() => ctx.close());

const holds = (session: SessionContext, key: string) => session.menus.has(key) || session.buttons.has(key);
const endpointOf = (key: string) => registeredLookups().find((lookup) => lookup.def.key === key)?.def.endpoint ?? '';
const call = (loginId: string, lookup: string) =>
  ctx.request({ method: 'GET', url: endpointOf(lookup), token: tokens.get(loginId) ?? '' });

describe('a lookup is granted with any page whose form, filter or action uses it', () => {
  it.each(demoRoles.map(([loginId]) => loginId))('answers %s on every page its role grants', async (loginId) => {
    const session = sessions.get(loginId);
    if (!session) throw new Error(`no session of ${loginId}`);
    const held = uses.filter((use) => holds(session, use.key));
    expect(held.length).toBeGreaterThan(0);
    const refused: string[] = [];
    for (const lookup of new Set(held.map((use) => use.lookup))) {
      const answer = await call(loginId, lookup);
      if (answer.code !== 0) {
        const where = held.filter((use) => use.lookup === lookup).map((use) => use.where);
        refused.push(`${lookup}（${where.join('、')}）：${answer.msg}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('gives the 财务专员 the driver lookup their finance pages filter and 登记收款 picks by', async () => {
    expect((await call('finance', 'driver')).code).toBe(0);
    expect((await call('finance', 'openReceivable')).code).toBe(0);
  });

  it('refuses a searched lookup to a role holding no page that uses it', async () => {
    let refusals = 0;
    for (const [loginId] of demoRoles) {
      const session = sessions.get(loginId);
      if (!session) throw new Error(`no session of ${loginId}`);
      for (const lookup of searched) {
        const keys = [
          ...uses.filter((use) => use.lookup === lookup.def.key).map((use) => use.key),
          ...(lookup.access ?? []),
        ];
        if (keys.some((key) => holds(session, key))) continue;
        const answer = await call(loginId, lookup.def.key);
        expect(answer.code, `${loginId} ${lookup.def.key}`).toBe(errorCodes.forbidden.code);
        refusals += 1;
      }
    }
    // The demo roles do not all hold every page: some lookup is out of some role's reach.
    expect(refusals).toBeGreaterThan(0);
  });
});
