import { describe, expect, it } from 'vitest';
import { createRouteTable } from '../app/routeTable';
import { decideNavigation, safeRedirect } from './guard';

const Page = () => null;
const table = createRouteTable({ home: Page, roleManagement: Page, retailOrderEdit: Page });

function decide(url: string, hasToken: boolean) {
  const [pathname = '/', search = ''] = url.split('?');
  return decideNavigation({ pathname, search: search ? `?${search}` : '', hasToken, resolve: table.resolve });
}

const redirectOf = (url: string, hasToken: boolean) => {
  const decision = decide(url, hasToken);
  return decision.action === 'redirect' ? decodeURIComponent(decision.to) : decision.action;
};

describe('route guard decisions (SPEC.md §2)', () => {
  it('sends / to /login, with or without a token', () => {
    expect(redirectOf('/', false)).toBe('/login');
    expect(redirectOf('/', true)).toBe('/login');
  });

  it('opens /login and /404 to everyone: /404 alone without a token, inside the console with one', () => {
    for (const hasToken of [false, true]) {
      expect(decide('/login', hasToken)).toMatchObject({ action: 'public', route: { key: 'login' } });
    }
    expect(decide('/404', false)).toMatchObject({ action: 'public', route: { key: '404' } });
    expect(decide('/404?path=/x', true)).toMatchObject({ action: 'session', route: { key: '404' } });
  });

  it('sends unknown paths to /404 naming the path (never its query), with or without a token', () => {
    expect(redirectOf('/no-such-page', false)).toBe('/404?path=/no-such-page');
    expect(redirectOf('/no-such-page?token=abc', true)).toBe('/404?path=/no-such-page');
  });

  it('treats a catalogue page without a built component as unknown', () => {
    expect(redirectOf('/vehicleList', true)).toBe('/404?path=/vehicleList');
  });

  it('sends every other path to /login?redirect={path} without the token cookie', () => {
    expect(redirectOf('/home', false)).toBe('/login?redirect=/home');
    expect(redirectOf('/roleManagement?keyword=a&page=2', false)).toBe(
      '/login?redirect=/roleManagement?keyword=a&page=2',
    );
    expect(redirectOf('/retailOrderEdit/42', false)).toBe('/login?redirect=/retailOrderEdit/42');
  });

  it('lets a signed-in user through to the session check of the route', () => {
    expect(decide('/roleManagement', true)).toMatchObject({ action: 'session', route: { key: 'roleManagement' } });
    expect(decide('/retailOrderEdit/42', true)).toMatchObject({ action: 'session', route: { key: 'retailOrderEdit' } });
  });

  it('sends a token or system parameter to the login page for a direct login, keeping the rest as redirect', () => {
    expect(redirectOf('/roleManagement?token=abc&keyword=a', true)).toBe(
      '/login?token=abc&redirect=/roleManagement?keyword=a',
    );
    expect(redirectOf('/home?system=xyz', false)).toBe('/login?system=xyz&redirect=/home');
    expect(redirectOf('/?token=abc', false)).toBe('/login?token=abc');
  });

  it('rewrites an authorization code with a success state at / to the login page', () => {
    expect(redirectOf('/?code=c1&state=success', false)).toBe('/login?code=c1&state=success');
    expect(redirectOf('/?code=c1&state=denied', false)).toBe('/login');
  });
});

describe('redirect after login', () => {
  it('accepts console paths and refuses other sites and the login page', () => {
    expect(safeRedirect('/roleManagement?keyword=a')).toBe('/roleManagement?keyword=a');
    expect(safeRedirect(null)).toBe('/home');
    expect(safeRedirect('https://evil.example')).toBe('/home');
    expect(safeRedirect('//evil.example')).toBe('/home');
    expect(safeRedirect('/login?redirect=/home')).toBe('/home');
  });
});
