import { buttonKeys, menuKeys } from '@cp/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppAuthenticator, type DriverIdentity } from '../appApi/auth';
import type { Config } from '../config';
import type { Db } from '../db';
import { resolveSession, type SessionContext } from '../identity/sessions';
import { tokenFromHeaders } from '../identity/tokens';
import { ApiError, forbidden } from './errors';

/**
 * What a route needs. Every API route declares one; a route that declares nothing is refused at
 * registration, and a test walks the registered routes to prove it.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'session' }
  /** Any one of the keys (menu keys or button keys of the route catalogue). */
  | { kind: 'permission'; keys: readonly string[] }
  /**
   * The drivers' app's inbound API (`/api/app/…` and nothing else): an app key of a branch company, a fresh
   * nonce, and the driver's identity as `driver` says (`appApi/auth.ts`). A console token reaches none of it.
   */
  | { kind: 'app'; driver: DriverIdentity };

export const access = {
  public: { kind: 'public' } as Access,
  session: { kind: 'session' } as Access,
  permission: (...keys: string[]): Access => ({ kind: 'permission', keys }),
  app: (driver: DriverIdentity): Access => ({ kind: 'app', driver }),
};

/** Where the app's inbound API lives: every route under it declares `access.app`, and no other route does. */
const appApiPrefix = '/api/app/';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** Set for every route that is not public. */
    auth: SessionContext | null;
  }
}

export const docsPrefix = '/api/docs';

const knownKeys = new Set([...menuKeys, ...buttonKeys]);

export interface DeclaredRoute {
  method: string;
  url: string;
  access: Access | undefined;
}

/** Routes this app registered under /api, with what they declared. */
export function declaredRoutes(app: FastifyInstance): DeclaredRoute[] {
  return (app as unknown as { declaredRoutes: DeclaredRoute[] }).declaredRoutes;
}

export function hasPermission(auth: SessionContext, keys: readonly string[]): boolean {
  return keys.some((key) => auth.menus.has(key) || auth.buttons.has(key));
}

/** The session of a request that is known not to be public. */
export function sessionOf(request: FastifyRequest): SessionContext {
  if (!request.auth) throw ApiError.of('tokenInvalid');
  return request.auth;
}

export function registerAccessControl(app: FastifyInstance, deps: { db: Db; config: Config }): void {
  const routes: DeclaredRoute[] = [];
  app.decorate('declaredRoutes', routes);
  app.decorateRequest('auth', null);
  app.decorateRequest('appCaller', null);
  const appAuthenticator = new AppAuthenticator(deps.db, deps.config);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    // The API explorer's own pages and assets are public, like the document they show.
    if (route.url.startsWith(docsPrefix) && !route.config?.access) {
      route.config = { ...route.config, access: access.public };
    }
    const declared = route.config?.access;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routes.push({ method, url: route.url, access: declared });
    if (!declared) throw new Error(`路由 ${route.url} 未声明访问权限 (config.access)`);
    if ((declared.kind === 'app') !== route.url.startsWith(appApiPrefix)) {
      throw new Error(`路由 ${route.url}：${appApiPrefix} 之下的路由且只有它们声明 access.app`);
    }
    if (declared.kind === 'permission') {
      for (const key of declared.keys) {
        if (!knownKeys.has(key)) throw new Error(`路由 ${route.url} 声明了路由目录中不存在的权限键 ${key}`);
      }
    }
  });

  app.addHook('onRequest', async (request) => {
    // Decided from the route the router matched, never from the raw URL: the router decodes the path
    // (`/%61pi/…` is `/api/…`), so a test on the URL's spelling could be walked around.
    const declared = request.routeOptions.config?.access;
    if (declared?.kind === 'public') return;
    if (!declared) {
      // Only routes outside the API declare nothing (the web app and its assets; every /api route must
      // declare, see onRoute). An unmatched path goes on to the 404 handler. Anything else: fail closed.
      const matched = request.routeOptions.url;
      if (request.is404 || matched === undefined || !matched.startsWith('/api')) return;
      throw forbidden();
    }
    if (declared.kind === 'app') {
      request.appCaller = await appAuthenticator.authenticate(request, declared.driver);
      return;
    }
    const token = tokenFromHeaders(request.headers);
    if (!token) throw ApiError.of('tokenInvalid');
    const auth = await resolveSession(deps.db, deps.config, token);
    request.auth = auth;
    if (declared.kind === 'permission' && !hasPermission(auth, declared.keys)) throw forbidden();
  });
}
