import { consoleAppId, loginBody, roleMenuQuery, switchAccountBody, type UserInfo } from '@cp/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordAudit } from '../audit/service';
import type { Config } from '../config';
import type { Db } from '../db';
import { access, sessionOf } from '../http/access';
import { ApiError, businessError } from '../http/errors';
import { ok } from '../http/reply';
import { parseWith } from '../http/validation';
import type { PendingRegistry } from './pending';
import { accountRows, passwordLogin, profile, roleMenu, switchAccount, tokenLogin } from './service';
import { resolveSession, revokeSession, type SessionContext } from './sessions';
import { reserveLoginAttempt, settleLoginAttempt } from './throttle';
import { tokenFromHeaders } from './tokens';

export interface IdentityDeps {
  db: Db;
  config: Config;
  pending: PendingRegistry;
}

/** Login forms arrive as multipart (as the unified-account service takes them) or as JSON. */
async function formFields(request: FastifyRequest): Promise<Record<string, string>> {
  if (!request.isMultipart()) {
    return request.body && typeof request.body === 'object' ? (request.body as Record<string, string>) : {};
  }
  const fields: Record<string, string> = {};
  for await (const part of request.parts({ limits: { files: 0, fields: 10, fieldSize: 4096 } })) {
    if (part.type === 'field') fields[part.fieldname] = String(part.value);
  }
  return fields;
}

const client = (request: FastifyRequest) => ({ address: request.ip, userAgent: request.headers['user-agent'] });

export async function identityRoutes(app: FastifyInstance, { db, config, pending }: IdentityDeps) {
  app.post(
    '/api/auth/login',
    {
      config: { access: access.public },
      schema: { summary: '账号密码登录（multipart 或 JSON）', tags: ['登录与用户'] },
    },
    async (request) => {
      const input = parseWith(loginBody, await formFields(request));
      const { result, actor } = await passwordLogin(db, config, input, client(request));
      await recordAudit(db, request, { action: 'login', entity: 'user', entityId: actor.userId }, actor);
      return ok(result);
    },
  );

  app.post(
    '/api/auth/token-login',
    {
      config: { access: access.public },
      schema: {
        summary:
          '令牌登录：以有效令牌换取新会话。表单字段 token（页面地址携带的令牌）换取后即失效；Authorization: Bearer 的令牌保留，新会话随其结束。新会话不晚于原会话的绝对有效期',
        tags: ['登录与用户'],
      },
    },
    async (request) => {
      const fields = await formFields(request);
      const consume = Boolean(fields.token);
      const token = fields.token || tokenFromHeaders(request.headers);
      if (!token) throw ApiError.of('tokenInvalid');
      const address = request.ip;
      let auth: SessionContext;
      try {
        auth = await resolveSession(db, config, token);
      } catch (error) {
        // A token that does not work counts against the address like a wrong password.
        await reserveLoginAttempt(db, config, { loginId: '#token', address, method: 2 });
        throw error;
      }
      const attemptId = await reserveLoginAttempt(db, config, {
        loginId: auth.loginId.toLowerCase(),
        address,
        method: 2,
      });
      request.auth = auth;
      const result = await tokenLogin(db, config, auth, client(request), { consume });
      await settleLoginAttempt(db, attemptId);
      await recordAudit(db, request, { action: 'token-login', entity: 'user', entityId: auth.userId });
      return ok(result);
    },
  );

  app.post(
    '/api/auth/im-login',
    { config: { access: access.public }, schema: { summary: '企业消息平台授权码登录', tags: ['登录与用户'] } },
    async () => {
      throw businessError('未配置企业消息平台登录');
    },
  );

  app.post(
    '/api/auth/logout',
    { config: { access: access.session }, schema: { summary: '退出登录，注销服务端会话', tags: ['登录与用户'] } },
    async (request) => {
      const auth = sessionOf(request);
      await revokeSession(db, auth.sessionId, 'logout');
      await recordAudit(db, request, { action: 'logout', entity: 'user', entityId: auth.userId });
      return ok(null);
    },
  );

  app.get(
    '/api/auth/base-user',
    { config: { access: access.session }, schema: { summary: '当前会话的基础用户信息', tags: ['登录与用户'] } },
    async (request) => {
      const auth = sessionOf(request);
      return ok({
        id: String(auth.userId),
        loginId: auth.loginId,
        userName: auth.userName,
        tenantId: String(auth.tenantId),
        tenantName: auth.tenantName,
      });
    },
  );

  app.get(
    '/api/user/info',
    {
      config: { access: access.session },
      schema: { summary: '登录用户信息（含菜单与按钮权限）', tags: ['登录与用户'] },
    },
    async (request) => {
      const auth = sessionOf(request);
      const [{ user, roleCodes }, menu, pendingNum] = await Promise.all([
        profile(db, auth),
        roleMenu(db, auth, consoleAppId),
        pending.total(db, auth),
      ]);
      const info: UserInfo = {
        id: String(user.id),
        userName: user.userName,
        name: user.userName,
        code: user.code,
        loginId: user.loginId,
        roleCodes,
        mobile: user.mobile ?? '',
        companyName: auth.tenantName,
        email: user.email ?? '',
        avatar: user.avatar ?? '',
        menuData: menu.menuData,
        authBtnData: menu.authBtnData,
        pendingNum,
      };
      return ok(info);
    },
  );

  app.get(
    '/api/user/role-menu',
    {
      config: { access: access.session },
      schema: { summary: '角色菜单：menuData 与 authBtnData', tags: ['登录与用户'], querystring: roleMenuQuery },
    },
    async (request) => {
      const { appId } = request.query as { appId: string };
      return ok(await roleMenu(db, sessionOf(request), appId));
    },
  );

  app.get(
    '/api/user/accounts',
    { config: { access: access.session }, schema: { summary: '可切换的账号列表', tags: ['登录与用户'] } },
    async (request) => ok(await accountRows(db, sessionOf(request))),
  );

  app.post(
    '/api/user/switch-account',
    {
      config: { access: access.session },
      schema: { summary: '切换分公司账号，返回新令牌并注销当前会话', tags: ['登录与用户'], body: switchAccountBody },
    },
    async (request) => {
      const auth = sessionOf(request);
      const body = request.body as { appId: string; loginId: string; tenantId: string };
      const result = await switchAccount(
        db,
        config,
        auth,
        { ...body, tenantId: Number(body.tenantId) },
        client(request),
      );
      await recordAudit(db, request, {
        action: 'switch-account',
        entity: 'user',
        entityId: auth.userId,
        changes: { tenantId: { from: String(auth.tenantId), to: body.tenantId } },
      });
      return ok(result);
    },
  );

  app.get(
    '/api/user/pending',
    { config: { access: access.session }, schema: { summary: '待办数量', tags: ['登录与用户'] } },
    async (request) => ok({ pendingNum: await pending.total(db, sessionOf(request)) }),
  );

  app.get(
    '/api/user/pending/star-sea',
    { config: { access: access.session }, schema: { summary: '星海待办数量', tags: ['登录与用户'] } },
    async (request) => ok({ count: await pending.total(db, sessionOf(request), 'starSea') }),
  );

  app.get(
    '/api/user/code',
    { config: { access: access.session }, schema: { summary: '用户工号', tags: ['登录与用户'] } },
    async (request) => {
      const { user } = await profile(db, sessionOf(request));
      return ok({ code: user.code });
    },
  );
}
